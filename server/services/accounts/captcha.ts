/**
 * Image captchas (guide item 4): 4 characters, case-insensitive, 5 minutes, single use whatever the
 * result — the check marks the captcha used before comparing, in one conditional update.
 */
import { CAPTCHA_LIFETIME_SECONDS } from '#domain/rules/auth';
import { type CaptchaAnswer } from '#domain/contract/auth';
import { captchaDataUrl, randomCaptchaAnswer } from './captcha-image.ts';
import type { Accounts } from './context.ts';
import { hmacHex, randomId, safeEqual } from './crypto.ts';

const LIFETIME_MS = CAPTCHA_LIFETIME_SECONDS * 1000;

function answerHash(a: Accounts, key: string, answer: string): string {
  return hmacHex(a.secrets.hmacKey, `captcha|${key}|${answer.toLowerCase()}`);
}

export async function createCaptcha(a: Accounts): Promise<CaptchaAnswer> {
  const now = a.now();
  const key = randomId(18);
  const answer = a.fixedCaptcha ?? randomCaptchaAnswer();
  // Expired captchas are of no use to anyone: clear them as we go. With creation limited per address
  // (rate limit captcha-ip), the table holds at most a few minutes' worth of captchas per address.
  await a.db.deleteFrom('captcha').where('expires_at', '<=', now).execute();
  await a.db
    .insertInto('captcha')
    .values({ key, answer_hash: answerHash(a, key, answer), expires_at: now + LIFETIME_MS, used_at: null, created_at: now })
    .execute();
  return { key, image: captchaDataUrl(answer) };
}

/** True when the answer is right; the captcha is used up either way. */
export async function consumeCaptcha(a: Accounts, key: string, answer: string): Promise<boolean> {
  if (!key || key.length > 64) return false;
  const now = a.now();
  const row = await a.db
    .updateTable('captcha')
    .set({ used_at: now })
    .where('key', '=', key)
    .where('used_at', 'is', null)
    .returning(['answer_hash', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at <= now) return false;
  return safeEqual(row.answer_hash, answerHash(a, key, answer.trim()));
}
