/**
 * Preparing a load test over HTTP only — the target may be any deployment, its database out of reach:
 * the operator's token (given, or a password login with the target's fixed test captcha, or — on the
 * tool's own server — a registration through the public API with the fixed test codes it set), M listings
 * and their auctions through the operator API (listing/publish, activity/create), and the bidders and
 * watchers through the operator API's load-test accounts (loadtest/accounts, PORTAL_LOADTEST_ACCOUNTS=1),
 * each account's one-time login code exchanged for a token (grant_type login_code).
 */
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { GRANT_TYPES, OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET_HASH, SMS_PURPOSES } from '#domain/contract/auth';
import { HALL_PATHS } from '#domain/contract/hall';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { LoadBidder, LoadLot } from './load.ts';

export class PrepareError extends Error {}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** One JSON call of the API (`/api` + path), parameters in the query string as the real client sends them. */
export async function api<T>(base: string, method: 'GET' | 'POST', path: string, params: Record<string, string | number> = {}, token?: string): Promise<T> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await fetch(`${base}/api${path}${query ? `?${query}` : ''}`, { method, headers: { 'client-id': 'loadtest', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const text = await res.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new PrepareError(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
  }
  if (res.status !== 200 || body.code !== 200) throw new PrepareError(`${method} ${path}: HTTP ${res.status} ${body.msg ?? text.slice(0, 200)}`);
  return body.data;
}

const basic = `Basic ${Buffer.from(`${OAUTH_CLIENT_ID}:${OAUTH_CLIENT_SECRET_HASH}`).toString('base64')}`;

/** POST /api/oauth/token with the portal's client; answers the access token. */
async function grant(base: string, params: Record<string, string>): Promise<string> {
  const res = await fetch(`${base}/api/oauth/token?${new URLSearchParams({ scope: 'all', ...params }).toString()}`, { method: 'POST', headers: { authorization: basic, 'client-id': 'loadtest' } });
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; error_description?: string };
  if (!res.ok || !body.access_token) throw new PrepareError(`登录失败（${params.grant_type}）：HTTP ${res.status} ${body.error_description ?? ''}`);
  return body.access_token;
}

async function encryptPassword(base: string, password: string): Promise<string> {
  const { publicKey } = await api<{ publicKey: string }>(base, 'GET', '/blade-auth/oauth/public-key');
  const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password, 'utf8')).toString('base64');
}

async function captchaKey(base: string): Promise<string> {
  const res = await fetch(`${base}/api/blade-auth/oauth/captcha`);
  return ((await res.json()) as { key: string }).key;
}

/** An operator's password login; `captcha` is the target's fixed test captcha (PORTAL_FIXED_CAPTCHA). */
export async function operatorLogin(base: string, username: string, password: string, captcha: string): Promise<string> {
  return grant(base, { grant_type: GRANT_TYPES.password, username, password: await encryptPassword(base, password), uuid: await captchaKey(base), captcha });
}

/**
 * A new account registered through the public API (captcha → SMS code → register → its login code →
 * token), with the fixed test codes of a server that allows them: the tool's own server's operator.
 */
export async function registerWithFixedCodes(base: string, o: { loginName: string; password: string; phone: string; captcha: string; smsCode: string }): Promise<string> {
  await api(base, 'POST', '/dscq-user/sms/code', { phone: o.phone, messageCode: SMS_PURPOSES.register, uuid: await captchaKey(base), captcha: o.captcha });
  const { loginCode } = await api<{ loginCode: string }>(base, 'POST', '/dscq-user/user/register', {
    userType: 1,
    loginName: o.loginName,
    password: await encryptPassword(base, o.password),
    phone: o.phone,
    smsCode: o.smsCode,
    agreement: 1,
  });
  return grant(base, { grant_type: GRANT_TYPES.code, code: loginCode });
}

export async function serverTime(base: string): Promise<number> {
  return (await api<{ now: number }>(base, 'GET', HALL_PATHS.serverTime)).now;
}

export interface PrepareOptions {
  base: string;
  opsToken: string;
  /** Tags this run's listings and accounts (1–8 lower-case letters or digits). */
  tag: string;
  lots: number;
  bidders: number;
  watchers: number;
  /** Server epoch ms every lot ends at (rounded to the second: the API takes China time to the second). */
  endAt: number;
  extensionSec: number;
  log: (line: string) => void;
}

export interface Prepared {
  lots: LoadLot[];
  bidders: LoadBidder[];
  watcherTokens: string[];
}

const CITIES = ['石家庄市', '唐山市', '秦皇岛市', '邯郸市', '邢台市', '保定市', '张家口市', '承德市', '沧州市', '廊坊市', '衡水市'];
const NAMES = ['住宅', '商铺', '写字楼', '厂房', '车位', '机动车', '二手设备', '废旧物资'];
/** Per call of loadtest/accounts (the route's most). */
const BATCH = 200;
/** Login-code exchanges at once. */
const PARALLEL = 8;

async function inParallel<T, R>(items: readonly T[], width: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

export async function prepareRun(o: PrepareOptions): Promise<Prepared> {
  const { base, opsToken: token } = o;
  const lots: LoadLot[] = [];
  for (let i = 0; i < o.lots; i++) {
    // Start prices 1万–50万 yuan; the increment 1% of it rounded to 1, 2 or 5 × 10^k (at least 100 yuan).
    const startYuan = 10_000 * (1 + ((i * 7919) % 50));
    const target = Math.max(100, Math.round(startYuan / 100));
    const magnitude = 10 ** Math.floor(Math.log10(target));
    const stepYuan = [1, 2, 5, 10].map((m) => m * magnitude).find((v) => v >= target) ?? target;
    const city = CITIES[i % CITIES.length]!;
    const { assetsId } = await api<{ assetsId: number }>(base, 'POST', '/dscq-ops/listing/publish', {
      assetsName: `压测标的 ${o.tag} ${city}${NAMES[i % NAMES.length]}${i + 1}号`,
      typeCode: 2,
      city,
      startPrice: startYuan,
      deposit: Math.round(startYuan / 10),
      orgName: '河北产权市场 压测',
      enrolDays: 1,
    }, token);
    const created = await api<{ activityId: number; endTime: number }>(base, 'POST', '/dscq-ops/activity/create', {
      assetsId,
      mode: 'ongoing',
      endTime: formatChinaTime(o.endAt),
      startPrice: startYuan,
      increment: stepYuan,
      extensionSec: o.extensionSec,
    }, token);
    lots.push({ id: created.activityId, startPriceFen: startYuan * 100, stepFen: stepYuan * 100, endTime: created.endTime });
  }
  o.log(`  ${lots.length} 个标的已挂牌并创建竞价（活动 ${lots[0]?.id}…${lots.at(-1)?.id}）`);

  const lotIds = lots.map((l) => l.id);
  const provision = async (count: number, from: number, activityIds: number[]) => {
    const out: Array<{ loginName: string; loginCode: string; bidCodes: Record<number, string> }> = [];
    for (let done = 0; done < count; done += BATCH) {
      const { accounts } = await api<{ accounts: typeof out }>(base, 'POST', '/dscq-ops/loadtest/accounts', {
        tag: o.tag,
        from: from + done,
        count: Math.min(BATCH, count - done),
        ...(activityIds.length > 0 ? { activityIds: activityIds.join(',') } : {}),
      }, token).catch((error: unknown) => {
        if (error instanceof PrepareError && /HTTP 404/.test(error.message) && !/竞价活动/.test(error.message))
          throw new PrepareError(`${error.message}：目标没有开启压测账号（PORTAL_LOADTEST_ACCOUNTS=1，docs/testing.md "The load test"）`);
        throw error;
      });
      out.push(...accounts);
    }
    return out;
  };
  const bidderAccounts = await provision(o.bidders, 0, lotIds);
  const watcherAccounts = await provision(Math.ceil(o.watchers / 8), o.bidders, []);
  const tokens = await inParallel([...bidderAccounts, ...watcherAccounts], PARALLEL, (a) => grant(base, { grant_type: GRANT_TYPES.code, code: a.loginCode }));
  o.log(`  ${bidderAccounts.length} 个竞买人（每人在全部标的取得竞买资格）与 ${watcherAccounts.length} 个观看账号已登录`);
  return {
    lots,
    bidders: bidderAccounts.map((a, i) => ({ token: tokens[i]!, bidCodes: a.bidCodes })),
    watcherTokens: tokens.slice(bidderAccounts.length),
  };
}
