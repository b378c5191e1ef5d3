/**
 * SMS codes (guide item 5): 6 digits, 10-minute life, single use, void after 5 wrong tries, one send
 * per phone per 60 s (one conditional upsert, so concurrent sends cannot both pass), bound to their
 * purpose (1008 login/default, 2001 register, 2002 forget password, the money confirmations). A newer
 * code replaces older ones. `sendSmsCode` is the only way a code is sent, and it counts every send
 * against the per-address and per-phone request limits, whichever route asked.
 */
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { SMS_CODE_LIFETIME_SECONDS, SMS_CODE_MAX_ATTEMPTS, SMS_RESEND_SECONDS, AUTH_MESSAGES } from '#domain/rules/auth';
import { SMS_PURPOSES, type SmsCodeAnswer } from '#domain/contract/auth';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { addressKey, type RateLimiter } from '../common/rate-limit.ts';
import type { Accounts, SmsMessage, SmsSender } from './context.ts';
import { hmacHex, safeEqual } from './crypto.ts';

export const SMS_OUTBOX_FILE = 'sms-outbox.log';
/** PORTAL_SMS_SENDER=none: the install sends no SMS. */
export const MSG_SMS_UNAVAILABLE = '本站暂未开通短信服务，请联系客服人员';

const PURPOSE_TEXT: Record<number, string> = {
  [SMS_PURPOSES.login]: '身份验证',
  [SMS_PURPOSES.register]: '注册账号',
  [SMS_PURPOSES.forgetPassword]: '找回密码',
  [SMS_PURPOSES.bindCard]: '绑定银行卡',
  [SMS_PURPOSES.unbindCard]: '解绑银行卡',
  [SMS_PURPOSES.withdraw]: '钱包提现',
};

/** The default sender: one JSON line per message in `${dataDir}/sms-outbox.log`, and an info log line. */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly dataDir: string,
    private readonly log: Accounts['log'],
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const line = JSON.stringify({ at: new Date(message.sentAt).toISOString(), ...message });
    await appendFile(path.join(this.dataDir, SMS_OUTBOX_FILE), `${line}\n`, { mode: 0o600 });
    this.log.info({ sms: { phone: message.phone, purpose: message.purpose, code: message.code } }, 'SMS outbox (development sender)');
  }
}

function codeHash(a: Accounts, phone: string, purpose: number, code: string): string {
  return hmacHex(a.secrets.hmacKey, `sms|${phone}|${purpose}|${code}`);
}

function newCode(a: Accounts): string {
  return a.fixedSmsCode ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The request limits every send counts against (the app's RateLimiter). */
export type SmsLimiter = Pick<RateLimiter, 'hit'>;

export interface SmsSend {
  /** Checked by the caller: the phone's format, or the account's own phone. */
  phone: string;
  purpose: number;
  /** The client's address (`sms-ip`). */
  ip: string;
  /** The caller's own check (the image captcha), run once the address was counted, before anything else. */
  check?: () => Promise<void>;
}

/**
 * Sends a code. The address counts first (`sms-ip`: a client that keeps asking is refused, whatever
 * else is wrong with its request), then the caller's check, then one send per phone per 60 s (429), and
 * the phone's daily count (`sms-phone`) only for a send the 60 s rule let through (only real sends count).
 */
export async function sendSmsCode(a: Accounts, limiter: SmsLimiter, p: SmsSend): Promise<SmsCodeAnswer> {
  const { phone, purpose, ip } = p;
  const sender = a.sms;
  if (!sender) throw new BusinessError(503, MSG_SMS_UNAVAILABLE);
  await limiter.hit('sms-ip', addressKey(ip));
  await p.check?.();
  const now = a.now();
  const claimed = await a.db
    .insertInto('sms_throttle')
    .values({ phone, last_sent_at: now })
    .onConflict((oc) =>
      oc
        .column('phone')
        .doUpdateSet({ last_sent_at: now })
        .where('sms_throttle.last_sent_at', '<=', now - SMS_RESEND_SECONDS * 1000),
    )
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) throw new BusinessError(429, AUTH_MESSAGES.smsTooFrequent);
  await limiter.hit('sms-phone', phone);

  const code = newCode(a);
  await a.db.transaction().execute(async (trx) => {
    // Only the newest code of a phone and purpose is valid.
    await trx
      .updateTable('sms_code')
      .set({ used_at: now })
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('sms_code')
      .values({
        phone,
        purpose,
        code_hash: codeHash(a, phone, purpose, code),
        expires_at: now + SMS_CODE_LIFETIME_SECONDS * 1000,
        attempts: 0,
        used_at: null,
        sent_at: now,
        ip,
      })
      .execute();
  });
  const minutes = SMS_CODE_LIFETIME_SECONDS / 60;
  const text = `【河北产权交易所】您的${PURPOSE_TEXT[purpose] ?? ''}验证码为${code}，${minutes}分钟内有效。如非本人操作，请忽略本短信。`;
  await sender.send({ phone, purpose, code, text, sentAt: now });
  return { resendAfter: SMS_RESEND_SECONDS, expiresIn: SMS_CODE_LIFETIME_SECONDS };
}

/**
 * Checks the newest code of the phone for this purpose WITHOUT using it up: the code's id when it is
 * right, null otherwise. A wrong code counts an attempt (once per call); the fifth wrong attempt voids
 * the code. A caller that still has checks to make (registration: is the name free?) uses the code with
 * `useSmsCode` only when everything passed, so a right code is not lost to an answer such as
 * 该登录名已被注册, and is used exactly once.
 */
export async function peekSmsCode(a: Accounts, phone: string, purpose: number, code: string): Promise<number | null> {
  const now = a.now();
  const row = await a.db
    .selectFrom('sms_code')
    .select(['id', 'code_hash', 'expires_at', 'attempts'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || row.expires_at <= now || row.attempts >= SMS_CODE_MAX_ATTEMPTS) return null;
  if (!/^\d{6}$/.test(code) || !safeEqual(row.code_hash, codeHash(a, phone, purpose, code))) {
    await a.db
      .updateTable('sms_code')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        used_at: eb.case().when('attempts', '>=', SMS_CODE_MAX_ATTEMPTS - 1).then(now).else(eb.ref('used_at')).end(),
      }))
      .where('id', '=', row.id)
      .execute();
    return null;
  }
  return row.id;
}

/**
 * Uses up a code `peekSmsCode` found right: one conditional update, so of two requests racing with the
 * same code exactly one gets true. Pass the transaction that does the work, so a failed write gives the
 * code back.
 */
export async function useSmsCode(db: Kysely<Database>, id: number, now: number): Promise<boolean> {
  const used = await db.updateTable('sms_code').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/**
 * Checks (and on success uses up) the newest code of the phone for this purpose. A wrong code counts an
 * attempt; the fifth wrong attempt voids the code.
 */
export async function checkSmsCode(a: Accounts, phone: string, purpose: number, code: string): Promise<boolean> {
  const id = await peekSmsCode(a, phone, purpose, code);
  // Single use, even when two requests race with the right code.
  return id !== null && useSmsCode(a.db, id, a.now());
}
