import { describe, expect, it } from 'vitest';
import {
  BIDDING_MODE_WORDS,
  CATALOGUE_PATHS,
  DEFAULT_ERROR_MESSAGE,
  ERROR_CATALOGUE,
  decide,
  type ResponseContext,
} from '@/api/errorCatalogue';
import { STAFF_PATHS } from '#domain/contract/staff';
import { STAFF_REAUTH_CODE, STAFF_REAUTH_MESSAGE } from '#domain/rules/staff';

const ctx = (over: Partial<ResponseContext>): ResponseContext => ({
  path: '/dscq-project/search/page',
  params: {},
  code: 200,
  message: null,
  pageRequiresAuth: false,
  ...over,
});

describe('error catalogue (spec section 8), one case per row', () => {
  it('network errors reject without a message', () => {
    const out = decide(ctx({ code: null }));
    expect(out).toMatchObject({ settle: 'reject', effect: { kind: 'none' } });
  });

  it('code 200 resolves', () => {
    expect(decide(ctx({ code: 200 }))).toMatchObject({ settle: 'resolve', effect: { kind: 'none' } });
  });

  it.each(BIDDING_MODE_WORDS)('bidding-mode URL %s: only 404 rejects, never a message', (word) => {
    const path = `/dscq-sync/v1/${word}/bid`;
    expect(decide(ctx({ path, code: 404, message: '不存在' }))).toMatchObject({ settle: 'reject', effect: { kind: 'none' } });
    expect(decide(ctx({ path, code: 400, message: '出价过低' }))).toMatchObject({ settle: 'resolve', effect: { kind: 'none' } });
    expect(decide(ctx({ path, code: 401, pageRequiresAuth: true }))).toMatchObject({ settle: 'resolve' });
  });

  it('a word inside another segment is not a bidding-mode URL', () => {
    expect(decide(ctx({ path: '/dscq-content/finalist/list', code: 500 })).effect.kind).toBe('warning');
  });

  it('a failed token refresh clears everything and goes to /login', () => {
    const out = decide(ctx({ path: CATALOGUE_PATHS.token, params: { grant_type: 'refresh_token' }, code: 401 }));
    expect(out).toMatchObject({ settle: 'reject', effect: { kind: 'clearAllToLogin' } });
  });

  it('403 on the token endpoint rejects silently', () => {
    const out = decide(ctx({ path: CATALOGUE_PATHS.token, params: { grant_type: 'password' }, code: 403, message: 'x' }));
    expect(out).toMatchObject({ settle: 'reject', effect: { kind: 'none' } });
  });

  it('login failure shows the server error_description as an error', () => {
    const out = decide(ctx({ path: CATALOGUE_PATHS.token, params: { grant_type: 'password' }, code: 400, message: '用户名或密码错误' }));
    expect(out).toMatchObject({ settle: 'reject', effect: { kind: 'error', text: '用户名或密码错误' } });
  });

  it.each([CATALOGUE_PATHS.favouriteAdd, CATALOGUE_PATHS.roadshowFollow])('401 on %s prompts 用户未登录 / 去登录', (path) => {
    expect(decide(ctx({ path, code: 401, pageRequiresAuth: true }))).toMatchObject({
      settle: 'reject',
      effect: { kind: 'loginPrompt' },
    });
  });

  it('401 elsewhere on a page that needs login logs out to /login with redirect', () => {
    expect(decide(ctx({ code: 401, pageRequiresAuth: true }))).toMatchObject({ settle: 'reject', effect: { kind: 'logoutToLogin' } });
  });

  it('401 elsewhere on a public page silently clears the session', () => {
    expect(decide(ctx({ code: 401, pageRequiresAuth: false }))).toMatchObject({ settle: 'reject', effect: { kind: 'clearSession' } });
  });

  it.each([369, 407, 502])('code %i rejects silently', (code) => {
    expect(decide(ctx({ code, message: 'x' }))).toMatchObject({ settle: 'reject', effect: { kind: 'none' } });
  });

  it('400 on normal-detail rejects silently, 400 elsewhere warns', () => {
    expect(decide(ctx({ path: '/dscq-project/assets-detail/normal-detail', code: 400 })).effect.kind).toBe('none');
    expect(decide(ctx({ path: '/dscq-project/project/detail', code: 400, message: '参数错误' })).effect).toEqual({
      kind: 'warning',
      text: '参数错误',
    });
  });

  it("(ours) the staff console's password forms and the 428 password request reject without a message: the console shows them itself", () => {
    for (const path of [STAFF_PATHS.login, STAFF_PATHS.confirmPassword, STAFF_PATHS.changePassword]) {
      expect(decide(ctx({ path, code: 400, message: '密码错误', pageRequiresAuth: true }))).toMatchObject({ settle: 'reject', effect: { kind: 'none' } });
    }
    expect(decide(ctx({ path: STAFF_PATHS.approvalApprove, code: STAFF_REAUTH_CODE, message: STAFF_REAUTH_MESSAGE, pageRequiresAuth: true }))).toMatchObject({
      settle: 'reject',
      effect: { kind: 'none' },
    });
    expect(decide(ctx({ path: STAFF_PATHS.confirmPassword, code: 401, pageRequiresAuth: true })).effect).toEqual({ kind: 'logoutToLogin' });
    // Other staff calls follow the common rows (a 401 on a console page logs out to its login).
    expect(decide(ctx({ path: STAFF_PATHS.me, code: 401, pageRequiresAuth: true })).effect).toEqual({ kind: 'logoutToLogin' });
  });

  it('403 elsewhere goes to /index', () => {
    expect(decide(ctx({ code: 403 }))).toMatchObject({ settle: 'reject', effect: { kind: 'goIndex' } });
  });

  it.each([
    CATALOGUE_PATHS.enrolmentCheck,
    CATALOGUE_PATHS.invoiceCheck,
    CATALOGUE_PATHS.bidHallByActivity,
    CATALOGUE_PATHS.businessLicenceCheck,
  ])('%s is exempt from the warning', (path) => {
    expect(decide(ctx({ path, code: 500, message: '未报名' }))).toMatchObject({ settle: 'reject', effect: { kind: 'none' } });
  });

  it('the SMS code URL is not exempt', () => {
    expect(decide(ctx({ path: '/dscq-user/sms/code', code: 400, message: '发送过于频繁' })).effect).toEqual({
      kind: 'warning',
      text: '发送过于频繁',
    });
  });

  it('429 (a request limit) warns with the server text: captcha and SMS calls alike', () => {
    for (const path of ['/blade-auth/oauth/captcha', '/dscq-system/validate-code/captcha', '/dscq-user/sms/code', '/dscq-user/user/register']) {
      expect(decide(ctx({ path, code: 429, message: '获取验证码过于频繁，请稍后再试' }))).toMatchObject({
        settle: 'reject',
        effect: { kind: 'warning', text: '获取验证码过于频繁，请稍后再试' },
      });
    }
  });

  it('other codes warn with the server text, else the default customer-service text', () => {
    expect(decide(ctx({ code: 500, message: '项目不存在' })).effect).toEqual({ kind: 'warning', text: '项目不存在' });
    expect(decide(ctx({ code: 404 })).effect).toEqual({ kind: 'warning', text: DEFAULT_ERROR_MESSAGE });
  });

  it('every row is reachable: each is the first match for some context', () => {
    const reached = new Set<string>();
    const samples: Partial<ResponseContext>[] = [
      { code: null },
      { code: 200 },
      { path: '/x/ongoing/bid', code: 404 },
      { path: CATALOGUE_PATHS.token, params: { grant_type: 'refresh_token' }, code: 400 },
      { path: CATALOGUE_PATHS.token, code: 403 },
      { path: CATALOGUE_PATHS.token, code: 400 },
      { path: STAFF_PATHS.login, code: 400 },
      { code: STAFF_REAUTH_CODE },
      { path: CATALOGUE_PATHS.favouriteAdd, code: 401 },
      { code: 401, pageRequiresAuth: true },
      { code: 401 },
      { code: 369 },
      { code: 403 },
      { path: CATALOGUE_PATHS.invoiceCheck, code: 500 },
      { code: 500 },
    ];
    for (const sample of samples) reached.add(decide(ctx(sample)).row.condition);
    expect(reached.size).toBe(ERROR_CATALOGUE.length);
  });
});
