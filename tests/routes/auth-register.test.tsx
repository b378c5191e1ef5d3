import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { AGREEMENT_REQUIRED } from '@/features/auth/pages/RegisterPage';
import { authMock, MOCK_CAPTCHA_ANSWER, MOCK_SMS_CODE } from '../mocks/handlers/auth';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

useMockServer();
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

function fill(form: HTMLElement, placeholder: string, value: string) {
  fireEvent.change(within(form).getByPlaceholderText(placeholder), { target: { value } });
}

const submit = (form: HTMLElement) => fireEvent.click(form.querySelector('button[type="submit"]')!);
const errorsOf = (form: HTMLElement) => [...form.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const strength = () => screen.queryByTestId('password-strength');

const PASSWORD_PLACEHOLDER = '8-64位，建议包含大小写字母、数字和符号';

describe('/register', () => {
  it('shows the mobile messages and the password strength (0–4) as the user types', async () => {
    renderApp('/register');
    const form = await findForm('用户注册');

    const phone = within(form).getByPlaceholderText('请输入手机号码');
    await userEvent.type(phone, '139');
    expect(await within(form).findByText('手机号码长度不为11位')).toBeInTheDocument();
    fill(form, '请输入手机号码', '03912345678');
    expect(await within(form).findByText('手机号码格式不正确')).toBeInTheDocument();
    fill(form, '请输入手机号码', '');
    expect(await within(form).findByText('手机号码不能为空')).toBeInTheDocument();

    expect(strength()).toBeNull();
    fill(form, PASSWORD_PLACEHOLDER, 'abcdefgh');
    await waitFor(() => expect(strength()).toHaveAttribute('data-score', '1'));
    expect(strength()).toHaveTextContent('密码强度：弱');
    expect(await within(form).findByText('密码须包含数字、小写字母、大写字母、符号中的至少两类')).toBeInTheDocument();
    fill(form, PASSWORD_PLACEHOLDER, 'abcd1234');
    await waitFor(() => expect(strength()).toHaveAttribute('data-score', '2'));
    expect(strength()).toHaveTextContent('密码强度：中');
    fill(form, PASSWORD_PLACEHOLDER, 'Abcd1234');
    await waitFor(() => expect(strength()).toHaveAttribute('data-score', '3'));
    fill(form, PASSWORD_PLACEHOLDER, 'Abcd123!');
    await waitFor(() => expect(strength()).toHaveAttribute('data-score', '4'));
    expect(strength()).toHaveTextContent('密码强度：强');
    fill(form, PASSWORD_PLACEHOLDER, 'Ab1!');
    expect(await within(form).findByText('密码长度须为8-64位')).toBeInTheDocument();

    fill(form, PASSWORD_PLACEHOLDER, 'Abcd123!');
    fill(form, '请再次输入密码', 'Abcd123?');
    expect(await within(form).findByText('两次输入的密码不一致')).toBeInTheDocument();
    fill(form, '4-20位字母、数字或下划线，以字母开头', '9abc');
    expect(await within(form).findByText('登录名须为4-20位字母、数字或下划线，且以字母开头')).toBeInTheDocument();
  });

  it('requires the registration agreement', async () => {
    renderApp('/register');
    const form = await findForm('用户注册');
    submit(form);
    expect(await within(form).findByText(AGREEMENT_REQUIRED)).toBeInTheDocument();
    // antd validates the fields independently (the password's rule is async): they show in any order.
    await waitFor(() =>
      expect(errorsOf(form)).toEqual(
        expect.arrayContaining(['请输入登录名', '请输入密码', '请再次输入密码', '手机号码不能为空', '请输入短信验证码', AGREEMENT_REQUIRED]),
      ),
    );
    fireEvent.click(within(form).getByRole('checkbox'));
    await waitFor(() => expect(errorsOf(form)).not.toContain(AGREEMENT_REQUIRED));
  });

  it('opens the agreement text (sanitised) in a dialog', async () => {
    renderApp('/register');
    const form = await findForm('用户注册');
    fireEvent.click(within(form).getByText('《补充协议》'));
    expect(await screen.findByText('用户应保证所提交的身份信息真实、准确、完整。')).toBeInTheDocument();
    expect(screen.getByText('河北产权交易所用户注册协议')).toBeInTheDocument();
    expect(document.querySelector('.agreement-text script')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    // Reading the agreement does not tick the box.
    expect(within(form).getByRole('checkbox')).not.toBeChecked();
  });

  it('registers with an SMS code (2001), logs in with the login code and suggests real-name verification', async () => {
    const { router } = renderApp('/register');
    const form = await findForm('用户注册');
    await within(form).findByAltText('图片验证码');
    fill(form, '4-20位字母、数字或下划线，以字母开头', 'li_xiuying');
    fill(form, PASSWORD_PLACEHOLDER, 'Hebei#2026x');
    fill(form, '请再次输入密码', 'Hebei#2026x');
    fill(form, '请输入手机号码', '13722223333');
    fill(form, '请输入图片验证码', MOCK_CAPTCHA_ANSWER);
    fireEvent.click(within(form).getByTestId('sms-send'));
    await waitFor(() => expect(authMock.state.smsSent).toEqual([{ phone: '13722223333', messageCode: 2001 }]));
    await waitFor(() => expect(within(form).getByTestId('sms-send')).toHaveTextContent(/秒后重新获取/));
    fill(form, '请输入短信验证码', MOCK_SMS_CODE);
    fireEvent.click(within(form).getByRole('checkbox'));
    submit(form);

    expect(await screen.findByText('注册成功', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(authMock.state.tokenCalls.at(-1)?.params).toMatchObject({ grant_type: 'login_code', code: 'login-code-2004' });
    const created = authMock.user('li_xiuying');
    expect(created?.password).toBe('Hebei#2026x');
    expect(session.userInfo()).toMatchObject({ loginName: 'li_xiuying', authStatus: 3 });
    expect(session.accessToken()).toBeTruthy();

    fireEvent.click(screen.getByText('去实名认证'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/realNamePerson'));
  });

  it("shows the server's refusal in the form", async () => {
    renderApp('/register');
    const form = await findForm('用户注册');
    fill(form, '4-20位字母、数字或下划线，以字母开头', 'demo_person');
    fill(form, PASSWORD_PLACEHOLDER, 'Hebei#2026x');
    fill(form, '请再次输入密码', 'Hebei#2026x');
    fill(form, '请输入手机号码', '13722223333');
    fill(form, '请输入短信验证码', MOCK_SMS_CODE);
    fireEvent.click(within(form).getByRole('checkbox'));
    submit(form);
    await waitFor(() => expect(form.querySelector('[role="alert"]')).toHaveTextContent('该登录名已被注册'), { timeout: 8000 });
    expect(session.accessToken()).toBeNull();
  });
});

describe('account recovery', () => {
  it('/findPassword resets the password with an SMS code (2002)', async () => {
    const { router } = renderApp('/findPassword');
    const form = await findForm('找回密码');
    await within(form).findByAltText('图片验证码');
    fill(form, '请输入手机号码', '13831112345');
    fill(form, '请输入图片验证码', MOCK_CAPTCHA_ANSWER);
    fireEvent.click(within(form).getByTestId('sms-send'));
    await waitFor(() => expect(authMock.state.smsSent).toEqual([{ phone: '13831112345', messageCode: 2002 }]));
    fill(form, '请输入短信验证码', MOCK_SMS_CODE);
    fill(form, PASSWORD_PLACEHOLDER, 'New#Pass2026');
    fill(form, '请再次输入新密码', 'New#Pass2026');
    submit(form);
    expect(await screen.findByText('密码重置成功', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(authMock.user('demo_person')?.password).toBe('New#Pass2026');
    fireEvent.click(screen.getByText('去登录'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('/findAccountPerson checks name and ID card as typed, then shows the masked login names', async () => {
    const { router } = renderApp('/findAccountPerson');
    const form = await findForm('个人用户找回账号');
    fill(form, '请输入实名认证的姓名', 'Zhang');
    expect(await within(form).findByText('姓名须为2-4个汉字')).toBeInTheDocument();
    fill(form, '请输入18位居民身份证号码', '991234199001011234');
    expect(await within(form).findByText('地址编码错误')).toBeInTheDocument();

    fill(form, '请输入实名认证的姓名', '张建国');
    fill(form, '请输入18位居民身份证号码', '11010519491231002X');
    fill(form, '请输入手机号码', '13831112345');
    fill(form, '请输入短信验证码', MOCK_SMS_CODE);
    submit(form);
    await waitFor(() => expect(router.state.location.pathname).toBe('/findAccountSuccess'), { timeout: 8000 });
    expect(router.state.location.search).toEqual({ loginNames: ['de***on'] });
    expect(await screen.findByText('de***on')).toBeInTheDocument();
    expect(screen.getByText('找回成功')).toBeInTheDocument();
    fireEvent.click(screen.getByText('去登录'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('/findAccountOrg checks the credit code as typed', async () => {
    renderApp('/findAccountOrg');
    const form = await findForm('机构用户找回账号');
    fill(form, '请输入18位统一社会信用代码', '91130100MA0CXXXXX1');
    expect(await within(form).findByText(/统一社会信用代码(格式|校验位)错误/)).toBeInTheDocument();
    fill(form, '请输入18位统一社会信用代码', '9113');
    expect(await within(form).findByText('统一社会信用代码长度不为18位')).toBeInTheDocument();
  });

  it('/findAccountSuccess without results points back to recovery', async () => {
    renderApp('/findAccountSuccess');
    expect(await screen.findByText('暂无找回结果', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
