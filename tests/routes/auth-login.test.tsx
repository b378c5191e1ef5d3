import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '#domain/rules/auth';
import { OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET_HASH } from '#domain/contract/auth';
import { session } from '@/lib/session';
import { ACCESS_DENIED_MESSAGE } from '@/features/auth/login';
import { safeRedirect } from '@/features/auth/redirect';
import { SSO_MISSING_TICKET } from '@/features/auth/pages/HbtsSsoPage';
import { frozenClock, stepClock } from '../mocks/clock';
import { authMock, DEMO_PASSWORD, MOCK_CAPTCHA_ANSWER, MOCK_SMS_CODE, MOCK_TICKET } from '../mocks/handlers/auth';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

useMockServer();
// Whole-app renders with lazy pages and real crypto: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
beforeEach(() => authMock.reset());

// Queries by label, placeholder and alt text: ByRole over antd's DOM costs seconds per call in jsdom.
function findForm(name: string): Promise<HTMLFormElement> {
  return waitFor(
    () => {
      const form = document.querySelector<HTMLFormElement>(`form[aria-label="${name}"]`);
      if (!form) throw new Error(`form ${name} not rendered yet`);
      return form;
    },
    { timeout: 8000 },
  );
}

const passwordForm = () => findForm('账号登录');

/** Sets an input's value the way typing ends (one change event: antd validates on it). */
function fill(form: HTMLElement, placeholder: string, value: string) {
  fireEvent.change(within(form).getByPlaceholderText(placeholder), { target: { value } });
}

const submit = (form: HTMLElement) => fireEvent.click(form.querySelector('button[type="submit"]')!);
const captchaImage = (form: HTMLElement) => within(form).getByAltText('图片验证码');

/** The form's inline error (role alert), once it shows `text`. */
const formAlert = (form: HTMLElement, text: string) =>
  waitFor(
    () => {
      const alert = form.querySelector('[role="alert"]');
      expect(alert).toHaveTextContent(text);
      return alert;
    },
    { timeout: 8000 },
  );

async function fillPasswordLogin(form: HTMLElement, username: string, password: string) {
  // The captcha image has loaded (its key is needed for the token call).
  await within(form).findByAltText('图片验证码');
  fill(form, '请输入用户名', username);
  fill(form, '请输入密码', password);
  fill(form, '请输入图片验证码', MOCK_CAPTCHA_ANSWER);
  submit(form);
}

const captchaCalls = () => authMock.state.captchaCount;

describe('/login with user name, password and image captcha', () => {
  it('encrypts the password, logs in, stores the session and honours redirect', async () => {
    const { router } = renderApp('/login?redirect=%2FmyProject%3Flist%3D2');
    const form = await passwordForm();
    expect(within(form).getByPlaceholderText('请输入图片验证码')).toBeInTheDocument();
    await fillPasswordLogin(form, 'demo_person', DEMO_PASSWORD);

    await waitFor(() => expect(router.state.location.pathname).toBe('/myProject'), { timeout: 8000 });
    expect(router.state.location.search).toEqual({ list: 2 });
    expect(session.accessToken()).toBe('at-demo_person-1');
    expect(session.refreshToken()).toBe('rt-demo_person-1');
    expect(session.userInfo()).toMatchObject({ loginName: 'demo_person', name: '张建国', authStatus: 0 });

    const [call] = authMock.state.tokenCalls;
    expect(call?.authorization).toBe(`Basic ${btoa(`${OAUTH_CLIENT_ID}:${OAUTH_CLIENT_SECRET_HASH}`)}`);
    expect(call?.params).toMatchObject({ grant_type: 'password', scope: 'all', username: 'demo_person', uuid: 'captcha-1' });
    // Never the password itself: an RSA-OAEP ciphertext (256 bytes → 344 base64 characters).
    expect(call?.params.password).not.toContain(DEMO_PASSWORD);
    expect(call?.params.password).toMatch(/^[A-Za-z0-9+/]{342}==$/);
    // The header shows the user.
    expect(await within(screen.getByTestId('header-user')).findByText('张建国')).toBeInTheDocument();
  });

  it('lands on /index without a redirect', async () => {
    const { router } = renderApp('/login');
    await fillPasswordLogin(await passwordForm(), 'demo_org', DEMO_PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'), { timeout: 8000 });
    expect(session.userInfo()?.loginName).toBe('demo_org');
  });

  it('stores no token when the user detail says isAllowAccess false', async () => {
    const { router } = renderApp('/login');
    const form = await passwordForm();
    await fillPasswordLogin(form, 'demo_denied', DEMO_PASSWORD);
    await formAlert(form, ACCESS_DENIED_MESSAGE);
    expect(session.accessToken()).toBeNull();
    expect(session.refreshToken()).toBeNull();
    expect(session.userInfo()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's error_description and refreshes the captcha after a failed attempt", async () => {
    renderApp('/login');
    const form = await passwordForm();
    const before = (await within(form).findByAltText('图片验证码')).getAttribute('src');
    await fillPasswordLogin(form, 'demo_person', 'Wrong@2026');

    await formAlert(form, AUTH_MESSAGES.badCredentials);
    // The catalogue's error message shows the same text.
    expect(await screen.findAllByText(AUTH_MESSAGES.badCredentials)).toHaveLength(2);
    await waitFor(() => expect(captchaCalls()).toBe(2));
    await waitFor(() =>
      expect(captchaImage(form).getAttribute('src')).not.toBe(before),
    );
    expect(within(form).getByPlaceholderText('请输入图片验证码')).toHaveValue('');
    expect(session.accessToken()).toBeNull();
  });

  it('refreshes the captcha when its image is clicked: a new request and a new image', async () => {
    renderApp('/login');
    const form = await passwordForm();
    const image = await within(form).findByAltText('图片验证码');
    const first = image.getAttribute('src');
    expect(captchaCalls()).toBe(1);
    await userEvent.click(within(form).getByLabelText('看不清？点击刷新验证码'));
    await waitFor(() => expect(captchaCalls()).toBe(2));
    await waitFor(() => expect(captchaImage(form).getAttribute('src')).not.toBe(first));
  });

  it('is refused on the sixth attempt after five wrong passwords, even with the right one', async () => {
    renderApp('/login');
    const form = await passwordForm();
    for (let i = 0; i < 5; i++) {
      await fillPasswordLogin(form, 'demo_person', `Wrong@${i}`);
      await waitFor(() => expect(authMock.state.tokenCalls).toHaveLength(i + 1));
      // The failed attempt cleared the password and loaded a fresh captcha.
      await waitFor(() => expect(within(form).getByPlaceholderText('请输入密码')).toHaveValue(''));
      await waitFor(() => expect(captchaCalls()).toBe(i + 2));
    }
    await fillPasswordLogin(form, 'demo_person', DEMO_PASSWORD);
    await formAlert(form, AUTH_MESSAGES.locked);
    expect(session.accessToken()).toBeNull();
  }, 30_000);

  it('validates as the user types', async () => {
    renderApp('/login');
    const form = await passwordForm();
    await userEvent.type(within(form).getByPlaceholderText('请输入用户名'), 'ab');
    await userEvent.clear(within(form).getByPlaceholderText('请输入用户名'));
    expect(await within(form).findByText('请输入用户名', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    submit(form);
    expect(await within(form).findByText('请输入密码')).toBeInTheDocument();
    expect(await within(form).findByText('请输入图片验证码', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(authMock.state.tokenCalls).toHaveLength(0);
  });

  it('links to registration and to password and account recovery', async () => {
    renderApp('/login');
    await passwordForm();
    expect(screen.getByText('立即注册').closest('a')).toHaveAttribute('href', '/register');
    expect(screen.getByText('忘记密码').closest('a')).toHaveAttribute('href', '/findPassword');
    expect(screen.getByText('找回账号').closest('a')).toHaveAttribute('href', '/findAccountPerson');
  });
});

describe('open redirect', () => {
  it.each([
    ['//evil.example/steal', '/index'],
    ['https://evil.example/', '/index'],
    ['javascript:alert(1)', '/index'],
    ['/\\evil.example', '/index'],
    ['/.//evil.example', '/index'],
    ['/x/..//evil.example/a', '/index'],
    ['/%0d%0a//evil', '/%0d%0a//evil'],
    [' /index', '/index'],
    ['/login?redirect=/x', '/index'],
    ['/myProject?list=2', '/myProject?list=2'],
    ['/projectDetail/12.html#top', '/projectDetail/12.html#top'],
  ])('safeRedirect(%j) → %j', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });

  it('a login with redirect=//evil.example lands on /index', async () => {
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example%2Fsteal');
    await fillPasswordLogin(await passwordForm(), 'demo_person', DEMO_PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'), { timeout: 8000 });
    expect(router.state.location.href).toBe('/index');
  });

  it('a login with an absolute URL as redirect lands on /index', async () => {
    const { router } = renderApp(`/login?redirect=${encodeURIComponent('https://evil.example/x')}`);
    await fillPasswordLogin(await passwordForm(), 'demo_person', DEMO_PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'), { timeout: 8000 });
  });
});

describe('/login with phone and SMS code', () => {
  async function smsForm() {
    await passwordForm();
    fireEvent.click(screen.getByText('短信登录'));
    return findForm('短信登录');
  }

  it("validates the phone with the spec's messages as the user types", async () => {
    renderApp('/login');
    const form = await smsForm();
    const phone = within(form).getByPlaceholderText('请输入手机号码');
    await userEvent.type(phone, '1380');
    expect(await within(form).findByText('手机号码长度不为11位')).toBeInTheDocument();
    fill(form, '请输入手机号码', '23800000001');
    expect(await within(form).findByText('手机号码格式不正确')).toBeInTheDocument();
    fill(form, '请输入手机号码', '');
    expect(await within(form).findByText('手机号码不能为空')).toBeInTheDocument();
    fill(form, '请输入手机号码', '13800000001');
    await waitFor(() => expect(form.querySelector('.ant-form-item-explain-error')).toBeNull());
  });

  it('sends the code (1008), counts 60 s down on the live clock, and logs in with code and a fresh captcha', async () => {
    frozenClock();
    const { router } = renderApp('/login?redirect=%2FaccountSafe');
    const form = await smsForm();
    await within(form).findByAltText('图片验证码');
    fill(form, '请输入手机号码', '13831112345');
    fill(form, '请输入图片验证码', MOCK_CAPTCHA_ANSWER);
    const send = within(form).getByTestId('sms-send');
    fireEvent.click(send);

    await waitFor(() => expect(send).toHaveTextContent('60秒后重新获取'));
    expect(send).toBeDisabled();
    expect(authMock.state.smsSent).toEqual([{ phone: '13831112345', messageCode: 1008 }]);
    expect(await screen.findByText('验证码已发送，请注意查收')).toBeInTheDocument();
    // A second later the worker's clock ticks and the countdown follows.
    stepClock(1000);
    await waitFor(() => expect(send).toHaveTextContent(/^59秒后重新获取$/));
    // The captcha was spent by the SMS send: a new one, and the field is empty again.
    await waitFor(() => expect(captchaCalls()).toBe(3));
    expect(within(form).getByPlaceholderText('请输入图片验证码')).toHaveValue('');

    await within(form).findByAltText('图片验证码');
    fill(form, '请输入图片验证码', MOCK_CAPTCHA_ANSWER);
    fill(form, '请输入短信验证码', MOCK_SMS_CODE);
    submit(form);
    await waitFor(() => expect(router.state.location.pathname).toBe('/accountSafe'), { timeout: 8000 });
    expect(authMock.state.tokenCalls.at(-1)?.params).toMatchObject({
      grant_type: 'verify_code',
      telPhone: '13831112345',
      code: MOCK_SMS_CODE,
    });
    expect(session.userInfo()?.loginName).toBe('demo_person');
  });

  it('asks for the phone and the captcha before sending a code', async () => {
    renderApp('/login');
    const form = await smsForm();
    fireEvent.click(within(form).getByTestId('sms-send'));
    expect(await within(form).findByText('手机号码不能为空')).toBeInTheDocument();
    expect(await within(form).findByText('请输入图片验证码', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(authMock.state.smsSent).toHaveLength(0);
  });

  it('does not count down when the server refuses to send', async () => {
    authMock.state.smsTooFrequent = true;
    renderApp('/login');
    const form = await smsForm();
    await within(form).findByAltText('图片验证码');
    fill(form, '请输入手机号码', '13831112345');
    fill(form, '请输入图片验证码', MOCK_CAPTCHA_ANSWER);
    fireEvent.click(within(form).getByTestId('sms-send'));
    expect(await screen.findByText(AUTH_MESSAGES.smsTooFrequent)).toBeInTheDocument();
    expect(within(form).getByTestId('sms-send')).toHaveTextContent(/获取验证码/);
    expect(within(form).getByTestId('sms-send')).toBeEnabled();
  });
});

describe('/hbtsSso', () => {
  it('exchanges the ticket once (grant third_ticket) and lands logged in', async () => {
    const { router } = renderApp(`/hbtsSso?userguid=g-1&loginid=zhangjg&dognum=D001&token=${MOCK_TICKET}&redirect=%2Fmembership`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/membership'), { timeout: 8000 });
    expect(authMock.state.tokenCalls).toHaveLength(1);
    expect(authMock.state.tokenCalls[0]?.params).toMatchObject({
      grant_type: 'third_ticket',
      userguid: 'g-1',
      loginid: 'zhangjg',
      dognum: 'D001',
      token: MOCK_TICKET,
    });
    expect(session.userInfo()?.loginName).toBe('demo_person');
  });

  it('shows a refused ticket in the page', async () => {
    renderApp('/hbtsSso?userguid=g-1&loginid=zhangjg&dognum=D001&token=forged');
    expect(await screen.findByText('统一身份认证票据无效或已过期', { selector: '[role="alert"]' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('统一身份认证登录失败')).toBeInTheDocument();
    expect(session.accessToken()).toBeNull();
  });

  it('says so when the ticket is incomplete, without calling the server', async () => {
    renderApp('/hbtsSso?userguid=g-1');
    expect(await screen.findByText(SSO_MISSING_TICKET, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(authMock.state.tokenCalls).toHaveLength(0);
  });
});
