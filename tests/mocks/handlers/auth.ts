/**
 * The accounts API as the browser sees it (domain/rules/auth.ts), in memory: a real RSA-OAEP key
 * pair (passwords are decrypted and checked, so the browser's encryption is exercised), single-use
 * captchas, SMS codes, the token grants with a 5-failure lockout, rotating refresh tokens, the agreement,
 * real-name verification and the account calls. Tests reset it with `authMock.reset()` and steer it via
 * `authMock.state` (or override single handlers with `server.use`).
 */
import { http, HttpResponse } from 'msw';
import { AUTH_MESSAGES } from '#domain/rules/auth';
import { AUTH_PATHS, OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET_HASH, type TokenResponse, type UserDetail, type VerificationStatus } from '#domain/contract/auth';
import { ID_DOCUMENT_TYPES } from '#domain';
import { session, SESSION_KEYS } from '@/lib/session';
import { setStore } from '@/lib/storage';
import { envelope } from '../fixtures';

const api = (path: string) => `/api${path}`;

export const MOCK_CAPTCHA_ANSWER = 'k7Wp';
export const MOCK_SMS_CODE = '246810';
export const DEMO_PASSWORD = 'Demo@2026';
export const MOCK_TICKET = 'sso-ticket-0001';

interface MockUser extends UserDetail {
  password: string;
  fullPhone: string;
}

const mask = (phone: string) => (phone ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '');

function demoUsers(): MockUser[] {
  const base = { headImg: '', email: '', createTime: '2026-03-18 09:30:00', password: DEMO_PASSWORD };
  return [
    { ...base, baseUserId: '1001', loginName: 'demo_person', name: '张建国', authStatus: 0, isAllowAccess: true, userType: 1, fullPhone: '13831112345', phone: '' },
    { ...base, baseUserId: '1002', loginName: 'demo_org', name: '河北冀财资产管理有限公司', authStatus: 1, isAllowAccess: true, userType: 2, fullPhone: '13931225678', phone: '' },
    { ...base, baseUserId: '1003', loginName: 'demo_new', name: '', authStatus: 3, isAllowAccess: true, userType: 1, fullPhone: '15032249876', phone: '' },
    { ...base, baseUserId: '1004', loginName: 'demo_denied', name: '停用账户', authStatus: 3, isAllowAccess: false, userType: 1, fullPhone: '15100001111', phone: '' },
  ].map((user) => ({ ...user, phone: mask(user.fullPhone) }) as MockUser);
}

const noneStatus = (userType: 1 | 2): VerificationStatus => ({
  state: 'none',
  userType,
  reason: '',
  name: '',
  idType: null,
  idNumber: '',
  orgName: '',
  creditCode: '',
  submittedAt: '',
  reviewedAt: '',
  legalPerson: '',
  legalIdType: null,
  legalIdNumber: '',
  licenceFileId: '',
});

function freshState() {
  return {
    users: demoUsers(),
    captchas: new Map<string, string>(),
    captchaCount: 0,
    /** Access token → login name; refresh token → login name (rotated on use). */
    accessTokens: new Map<string, string>(),
    refreshTokens: new Map<string, string>(),
    tokenCount: 0,
    loginCodes: new Map<string, string>(),
    failures: new Map<string, number>(),
    smsSent: [] as Array<{ phone: string; messageCode: number }>,
    /** The agreement dialog: unread for these login names. */
    needRead: new Set<string>(),
    /** The agreement submit answers this code (tests make it fail). */
    agreementSubmitCode: 200,
    verification: new Map<string, VerificationStatus>(),
    tokenCalls: [] as Array<{ params: Record<string, string>; authorization: string | null }>,
    smsTooFrequent: false,
    uploads: 0,
  };
}

let keyPair: Promise<CryptoKeyPair> | null = null;
function keys(): Promise<CryptoKeyPair> {
  keyPair ??= crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  return keyPair;
}

async function publicKeyBase64(): Promise<string> {
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', (await keys()).publicKey));
  return btoa(String.fromCharCode(...spki));
}

/** The password the browser encrypted, or null when it is not our ciphertext (answers as a wrong password). */
export async function decrypt(cipher: string | null | undefined): Promise<string | null> {
  if (!cipher) return null;
  try {
    const bytes = Uint8Array.from(atob(cipher), (c) => c.charCodeAt(0));
    const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, (await keys()).privateKey, bytes);
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

export const authMock = {
  state: freshState(),
  reset() {
    authMock.state = freshState();
  },
  /**
   * The browser is logged in as `loginName` (tokens the mock server accepts, and the stored user info).
   * `tokenAgeSeconds` backdates the stored access token (the live worker's refresh check reads it).
   */
  signIn(loginName: string, tokenAgeSeconds = 0): TokenResponse {
    const pair = authMock.issueTokens(loginName);
    session.saveTokens(pair);
    session.saveUser(publicUser(authMock.user(loginName)!));
    if (tokenAgeSeconds > 0) setStore(SESSION_KEYS.accessToken, pair.access_token, 'local', Date.now() - tokenAgeSeconds * 1000);
    return pair;
  },
  user(loginName: string): MockUser | undefined {
    return authMock.state.users.find((u) => u.loginName === loginName);
  },
  /** A logged-in session as the server knows it: the tokens are valid for user detail and refresh. */
  issueTokens(loginName: string): TokenResponse {
    const s = authMock.state;
    s.tokenCount += 1;
    const access = `at-${loginName}-${s.tokenCount}`;
    const refresh = `rt-${loginName}-${s.tokenCount}`;
    s.accessTokens.set(access, loginName);
    s.refreshTokens.set(refresh, loginName);
    const user = authMock.user(loginName)!;
    return {
      access_token: access,
      token_type: 'bearer',
      refresh_token: refresh,
      expires_in: 3600,
      scope: 'all',
      user_id: user.baseUserId,
      account: user.loginName,
      user_name: user.loginName,
      nick_name: user.name,
      avatar: user.headImg,
    };
  },
};

const tokenError = (description: string, status = 400) =>
  HttpResponse.json({ error: 'invalid_grant', error_description: description }, { status });

const fail = (msg: string, code = 400) => HttpResponse.json({ code, success: false, msg, data: null }, { status: code });

export function spendCaptcha(uuid: string | null | undefined, answer: string | null | undefined): boolean {
  if (!uuid) return false;
  const expected = authMock.state.captchas.get(uuid);
  authMock.state.captchas.delete(uuid);
  return expected !== undefined && (answer ?? '').toLowerCase() === expected.toLowerCase();
}

function userOf(request: Request): MockUser | null {
  const header = request.headers.get('Authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  const loginName = authMock.state.accessTokens.get(token);
  return loginName ? (authMock.user(loginName) ?? null) : null;
}

const unauthorized = () => HttpResponse.json({ code: 401, success: false, msg: '请求未授权', data: null }, { status: 401 });

const publicUser = (user: MockUser): UserDetail => {
  const { password: _password, fullPhone: _fullPhone, ...detail } = user;
  return detail;
};

let captchaSerial = 0;
function captchaImage(text: string): string {
  captchaSerial += 1;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="10" y="28" font-size="22" data-serial="${captchaSerial}">${text}</text></svg>`;
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

const captchaHandler = () => {
  const s = authMock.state;
  s.captchaCount += 1;
  const key = `captcha-${s.captchaCount}`;
  s.captchas.set(key, MOCK_CAPTCHA_ANSWER);
  return HttpResponse.json({ key, image: captchaImage(MOCK_CAPTCHA_ANSWER) });
};

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  try {
    return (await request.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export const authHandlers = [
  http.get(api(AUTH_PATHS.publicKey), async () =>
    HttpResponse.json(envelope({ algorithm: 'RSA-OAEP-256', publicKey: await publicKeyBase64() })),
  ),
  http.get(api(AUTH_PATHS.captcha), captchaHandler),
  http.get(api(AUTH_PATHS.validateCaptcha), captchaHandler),

  http.post(api(AUTH_PATHS.token), async ({ request }) => {
    const s = authMock.state;
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const authorization = request.headers.get('Authorization');
    s.tokenCalls.push({ params, authorization });
    if (authorization !== `Basic ${btoa(`${OAUTH_CLIENT_ID}:${OAUTH_CLIENT_SECRET_HASH}`)}`) {
      return HttpResponse.json({ error: 'unauthorized_client', error_description: '客户端认证失败' }, { status: 401 });
    }
    switch (params.grant_type) {
      case 'password': {
        if (!spendCaptcha(params.uuid, params.captcha)) return tokenError(AUTH_MESSAGES.badCaptcha);
        const user = authMock.user(params.username ?? '');
        const failures = s.failures.get(params.username ?? '') ?? 0;
        if (failures >= 5) return tokenError(AUTH_MESSAGES.locked);
        const password = await decrypt(params.password);
        if (!user || password !== user.password) {
          s.failures.set(params.username ?? '', failures + 1);
          return tokenError(AUTH_MESSAGES.badCredentials);
        }
        s.failures.delete(user.loginName);
        return HttpResponse.json(authMock.issueTokens(user.loginName));
      }
      case 'verify_code': {
        if (!spendCaptcha(params.uuid, params.captcha)) return tokenError(AUTH_MESSAGES.badCaptcha);
        const user = s.users.find((u) => u.fullPhone === params.telPhone);
        if (!user || params.code !== MOCK_SMS_CODE) return tokenError(AUTH_MESSAGES.badSmsCode);
        return HttpResponse.json(authMock.issueTokens(user.loginName));
      }
      case 'login_code': {
        const loginName = s.loginCodes.get(params.code ?? '');
        s.loginCodes.delete(params.code ?? '');
        if (!loginName) return tokenError('登录码无效或已过期');
        return HttpResponse.json(authMock.issueTokens(loginName));
      }
      case 'third_ticket': {
        if (params.token !== MOCK_TICKET || !params.userguid || !params.loginid || !params.dognum) {
          return tokenError('统一身份认证票据无效或已过期');
        }
        return HttpResponse.json(authMock.issueTokens('demo_person'));
      }
      case 'refresh_token': {
        const loginName = s.refreshTokens.get(params.refresh_token ?? '');
        if (!loginName) return tokenError(AUTH_MESSAGES.invalidRefresh, 401);
        s.refreshTokens.delete(params.refresh_token ?? '');
        return HttpResponse.json(authMock.issueTokens(loginName));
      }
      default:
        return tokenError('不支持的授权类型');
    }
  }),

  http.post(api(AUTH_PATHS.smsCode), async ({ request }) => {
    const body = await jsonBody(request);
    if (!spendCaptcha(String(body.uuid ?? ''), String(body.captcha ?? ''))) return fail(AUTH_MESSAGES.badCaptcha);
    if (!/^1\d{10}$/.test(String(body.phone ?? ''))) return fail('手机号码格式不正确');
    if (authMock.state.smsTooFrequent) return fail(AUTH_MESSAGES.smsTooFrequent, 429);
    authMock.state.smsSent.push({ phone: String(body.phone), messageCode: Number(body.messageCode) });
    return HttpResponse.json(envelope({ resendAfter: 60, expiresIn: 600 }));
  }),

  http.post(api(AUTH_PATHS.register), async ({ request }) => {
    const s = authMock.state;
    const body = await jsonBody(request);
    if (body.agreement !== 1) return fail('请阅读并同意用户注册协议');
    if (body.smsCode !== MOCK_SMS_CODE) return fail(AUTH_MESSAGES.badSmsCode);
    if (authMock.user(String(body.loginName))) return fail('该登录名已被注册');
    const password = await decrypt(String(body.password ?? ''));
    if (!password) return fail('密码解密失败');
    const id = String(2000 + s.users.length);
    s.users.push({
      baseUserId: id,
      loginName: String(body.loginName),
      name: '',
      authStatus: 3,
      headImg: '',
      isAllowAccess: true,
      userType: body.userType === 2 ? 2 : 1,
      phone: mask(String(body.phone)),
      fullPhone: String(body.phone),
      email: '',
      createTime: '2026-11-21 10:00:00',
      password,
    });
    const loginCode = `login-code-${id}`;
    s.loginCodes.set(loginCode, String(body.loginName));
    return HttpResponse.json(envelope({ loginCode }));
  }),

  http.post(api(AUTH_PATHS.forgetPassword), async ({ request }) => {
    const body = await jsonBody(request);
    const user = authMock.state.users.find((u) => u.fullPhone === body.phone);
    if (body.smsCode !== MOCK_SMS_CODE) return fail(AUTH_MESSAGES.badSmsCode);
    const password = await decrypt(String(body.newPassword ?? ''));
    if (user && password) user.password = password;
    return HttpResponse.json(envelope(null));
  }),

  http.post(api(AUTH_PATHS.findAccount), async ({ request }) => {
    const body = await jsonBody(request);
    if (body.smsCode !== MOCK_SMS_CODE) return fail(AUTH_MESSAGES.badSmsCode);
    return HttpResponse.json(envelope({ loginNames: body.userType === 2 ? ['de***rg'] : ['de***on'] }));
  }),

  http.get(api(AUTH_PATHS.userDetail), ({ request }) => {
    const user = userOf(request);
    return user ? HttpResponse.json(envelope(publicUser(user))) : unauthorized();
  }),

  http.get(api(AUTH_PATHS.logout), ({ request }) => {
    const header = request.headers.get('Authorization') ?? '';
    authMock.state.accessTokens.delete(header.replace(/^Bearer /, ''));
    return HttpResponse.json(envelope(null));
  }),

  http.get(api(AUTH_PATHS.dictionary), ({ request }) => {
    const code = new URL(request.url).searchParams.get('code');
    if (code !== 'id_type') return HttpResponse.json(envelope([]));
    return HttpResponse.json(
      envelope(ID_DOCUMENT_TYPES.map((type, index) => ({ dictKey: String(type.code), dictValue: type.name, sort: index }))),
    );
  }),
  http.get(api(AUTH_PATHS.regionList), () =>
    HttpResponse.json(
      envelope([
        { code: '1301', name: '石家庄市', pbh: '13', hasChildren: true },
        { code: '1302', name: '唐山市', pbh: '13', hasChildren: true },
        { code: '1306', name: '保定市', pbh: '13', hasChildren: true },
      ]),
    ),
  ),
  http.get(api(AUTH_PATHS.industryList), () =>
    HttpResponse.json(envelope([{ code: 'C', name: '制造业', children: [{ code: 'C13', name: '农副食品加工业', children: [] }] }])),
  ),

  http.post(api(AUTH_PATHS.agreementNotice), () =>
    HttpResponse.json(
      envelope({
        title: '河北产权交易所用户注册协议',
        version: '2026-01',
        content:
          '<h3>第一条 总则</h3><p>欢迎您注册成为河北产权交易所平台用户。</p><h3>第二条 补充协议</h3><p>用户应保证所提交的身份信息真实、准确、完整。</p><script>window.__pwned = true</script>',
      }),
    ),
  ),
  http.get(api(AUTH_PATHS.agreementIsNeedRead), ({ request }) => {
    const user = userOf(request);
    return HttpResponse.json(envelope(Boolean(user && authMock.state.needRead.has(user.loginName))));
  }),
  http.post(api(AUTH_PATHS.agreementSubmit), ({ request }) => {
    const user = userOf(request);
    const code = authMock.state.agreementSubmitCode;
    if (code !== 200) return HttpResponse.json({ code, success: false, msg: '协议确认失败，请稍后重试', data: null });
    if (user) authMock.state.needRead.delete(user.loginName);
    return HttpResponse.json(envelope(null));
  }),

  http.get(api(AUTH_PATHS.realNameStatus), ({ request }) => {
    const user = userOf(request);
    if (!user) return unauthorized();
    return HttpResponse.json(envelope(authMock.state.verification.get(user.loginName) ?? noneStatus(user.userType)));
  }),
  http.post(api(AUTH_PATHS.realNamePerson), async ({ request }) => {
    const user = userOf(request);
    if (!user) return unauthorized();
    const body = await jsonBody(request);
    const status: VerificationStatus = {
      ...noneStatus(1),
      state: 'pending',
      name: `${String(body.name).slice(0, 1)}**`,
      idType: Number(body.idType),
      idNumber: `**************${String(body.idNumber).slice(-4)}`,
      submittedAt: '2026-11-21 10:05:00',
    };
    authMock.state.verification.set(user.loginName, status);
    user.authStatus = 4;
    return HttpResponse.json(envelope(status));
  }),
  http.post(api(AUTH_PATHS.realNameOrg), async ({ request }) => {
    const user = userOf(request);
    if (!user) return unauthorized();
    const body = await jsonBody(request);
    const status: VerificationStatus = {
      ...noneStatus(2),
      state: 'pending',
      orgName: String(body.orgName),
      creditCode: String(body.creditCode),
      legalPerson: `${String(body.legalPerson).slice(0, 1)}**`,
      legalIdType: Number(body.legalIdType),
      legalIdNumber: `**************${String(body.legalIdNumber).slice(-4)}`,
      licenceFileId: String(body.licenceFileId),
      submittedAt: '2026-11-21 10:05:00',
    };
    authMock.state.verification.set(user.loginName, status);
    user.authStatus = 4;
    return HttpResponse.json(envelope(status));
  }),

  http.post(api(AUTH_PATHS.updatePassword), async ({ request }) => {
    const user = userOf(request);
    if (!user) return unauthorized();
    const body = await jsonBody(request);
    if ((await decrypt(String(body.oldPassword ?? ''))) !== user.password) return fail('原密码错误');
    user.password = (await decrypt(String(body.newPassword ?? ''))) ?? user.password;
    return HttpResponse.json(envelope(null));
  }),
  http.post(api(AUTH_PATHS.changePhone), async ({ request }) => {
    const user = userOf(request);
    if (!user) return unauthorized();
    const body = await jsonBody(request);
    if ((await decrypt(String(body.password ?? ''))) !== user.password) return fail('登录密码错误');
    if (body.smsCode !== MOCK_SMS_CODE) return fail(AUTH_MESSAGES.badSmsCode);
    user.fullPhone = String(body.phone);
    user.phone = mask(user.fullPhone);
    return HttpResponse.json(envelope(publicUser(user)));
  }),
  http.post(api(AUTH_PATHS.cancelPhone), async ({ request }) => {
    const user = userOf(request);
    if (!user) return unauthorized();
    const body = await jsonBody(request);
    if ((await decrypt(String(body.password ?? ''))) !== user.password) return fail('登录密码错误');
    if (body.smsCode !== MOCK_SMS_CODE) return fail(AUTH_MESSAGES.badSmsCode);
    user.fullPhone = '';
    user.phone = '';
    return HttpResponse.json(envelope(publicUser(user)));
  }),
  http.post(api(AUTH_PATHS.upload), async ({ request }) => {
    if (!userOf(request)) return unauthorized();
    const form = await request.formData();
    const file = form.get('file');
    if (!(file instanceof File)) return fail('请选择文件');
    authMock.state.uploads += 1;
    const fileId = `file-${authMock.state.uploads}`;
    return HttpResponse.json(
      envelope({ fileId, name: file.name, size: file.size, contentType: file.type, url: `/api/dscq-resource/oss/file/${fileId}` }),
    );
  }),
  http.post(api(AUTH_PATHS.updateAvatar), async ({ request }) => {
    const user = userOf(request);
    if (!user) return unauthorized();
    const body = await jsonBody(request);
    user.headImg = `/api/dscq-resource/oss/avatar/${String(body.fileId)}`;
    return HttpResponse.json(envelope({ headImg: user.headImg }));
  }),
  http.get(api(AUTH_PATHS.membership), ({ request }) => {
    const user = userOf(request);
    if (!user) return unauthorized();
    return HttpResponse.json(
      envelope({ ...publicUser(user), verification: authMock.state.verification.get(user.loginName) ?? noneStatus(user.userType) }),
    );
  }),

  // The live worker's clock (the SMS countdown re-renders on its ticks).
  http.get('/api/dscq-sync/v1/server-time', () => HttpResponse.json(envelope({ now: Date.now() }))),
];
