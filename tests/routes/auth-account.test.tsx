import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { creditCodeCheckChar, idCardCheckChar } from '#domain';
import { session } from '@/lib/session';
import { PASSWORD_CHANGED } from '@/features/auth/pages/UpdatePasswordPage';
import { authMock, DEMO_PASSWORD, MOCK_CAPTCHA_ANSWER, MOCK_SMS_CODE } from '../mocks/handlers/auth';
import { renderApp } from '../mocks/renderApp';
import { nodeFile, useNodeFormData } from '../mocks/nodeFormData';
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

/** A valid resident ID number (Shijiazhuang, Chang'an district) born on `birth`. */
function idNumber(birth = '19850612', sequence = '123'): string {
  const first17 = `130102${birth}${sequence}`;
  return first17 + idCardCheckChar(first17);
}

function wrongCheckChar(valid: string): string {
  const last = valid.slice(-1);
  return valid.slice(0, 17) + (last === '1' ? '2' : '1');
}

describe('/realNamePerson', () => {
  it('shows the ID card messages as the user types (region, checksum, length) and the name rule', async () => {
    authMock.signIn('demo_new');
    renderApp('/realNamePerson');
    const form = await findForm('个人实名认证');

    fill(form, '请输入与证件一致的姓名', '张');
    expect(await within(form).findByText('姓名须为2-4个汉字')).toBeInTheDocument();

    fill(form, '请输入证件号码', '991234198506121234');
    expect(await within(form).findByText('地址编码错误')).toBeInTheDocument();
    fill(form, '请输入证件号码', wrongCheckChar(idNumber()));
    expect(await within(form).findByText('证件号码校验位错误')).toBeInTheDocument();
    fill(form, '请输入证件号码', '13010219850612');
    expect(await within(form).findByText('证件号码长度不为18位')).toBeInTheDocument();
    fill(form, '请输入证件号码', '1301021985061A1234');
    expect(await within(form).findByText('证件号码格式错误')).toBeInTheDocument();
    fill(form, '请输入证件号码', '');
    expect(await within(form).findByText('证件号码不能为空')).toBeInTheDocument();
    fill(form, '请输入证件号码', idNumber());
    await waitFor(() => expect(form.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(1));
  });

  it('offers the ID types of the id_type dictionary', async () => {
    authMock.signIn('demo_new');
    renderApp('/realNamePerson');
    const form = await findForm('个人实名认证');
    expect(within(form).getByText('居民身份证')).toBeInTheDocument();
    fireEvent.mouseDown(within(form).getByLabelText('证件类型'));
    expect(await screen.findByText('港澳居民来往内地通行证')).toBeInTheDocument();
    expect(screen.getByText('外交护照')).toBeInTheDocument();
  });

  it('submits a valid verification and shows it as under review', async () => {
    authMock.signIn('demo_new');
    const { router } = renderApp('/realNamePerson');
    const form = await findForm('个人实名认证');
    const number = idNumber('19850612', '123');
    fill(form, '请输入与证件一致的姓名', '李秀英');
    fill(form, '请输入证件号码', number);
    submit(form);
    await waitFor(() => expect(router.state.location.pathname).toBe('/realNamePersonInfo'), { timeout: 8000 });
    // The info page (the form page also says 审核中 once the status refetched).
    expect(await screen.findByText('李**')).toBeInTheDocument();
    expect(screen.getByText('实名认证审核中')).toBeInTheDocument();
    expect(screen.getByText(`**************${number.slice(-4)}`)).toBeInTheDocument();
    // The stored user info follows the server (authStatus 4: under review).
    await waitFor(() => expect(session.userInfo()?.authStatus).toBe(4));
  });

  it('tells an organisation user to verify as an organisation', async () => {
    authMock.signIn('demo_org');
    renderApp('/realNamePerson');
    expect(await screen.findByText('您是机构用户，请进行机构实名认证', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});

describe('verification state pages', () => {
  it('/membershipReason shows the reviewer’s reason and 重新认证 goes back to the form', async () => {
    authMock.signIn('demo_new');
    authMock.state.verification.set('demo_new', {
      state: 'rejected',
      userType: 1,
      reason: '证件照片模糊，无法辨认',
      name: '李**',
      idType: 0,
      idNumber: '**************1234',
      orgName: '',
      creditCode: '',
      submittedAt: '2026-11-20 09:00:00',
      reviewedAt: '2026-11-20 15:30:00',
      legalPerson: '',
      legalIdType: null,
      legalIdNumber: '',
      licenceFileId: '',
    });
    const { router } = renderApp('/membershipReason');
    expect(await screen.findByText('证件照片模糊，无法辨认', {}, { timeout: 8000 })).toBeInTheDocument();
    fireEvent.click(screen.getByText('重新认证').closest('button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/realNamePerson'));
    expect(await screen.findByText('上次认证未通过，请核对信息后重新提交')).toBeInTheDocument();
  });

  it('/realNamePersonInfo invites an unverified user to verify', async () => {
    authMock.signIn('demo_new');
    renderApp('/realNamePersonInfo');
    expect(await screen.findByText('您尚未进行实名认证', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});

describe('/realNameOrg', () => {
  it('checks the credit code and the licence file before submitting', async () => {
    authMock.signIn('demo_org');
    renderApp('/realNameOrg');
    const form = await findForm('机构实名认证');
    fill(form, '请输入18位统一社会信用代码', '9113010');
    expect(await within(form).findByText('统一社会信用代码长度不为18位')).toBeInTheDocument();
    fill(form, '请输入法定代表人姓名', 'Li');
    expect(await within(form).findByText('法定代表人姓名须为2-4个汉字')).toBeInTheDocument();

    // The upload re-creates its input after every choice.
    const input = () => form.querySelector<HTMLInputElement>('input[type="file"]')!;
    const gif = new File(['GIF89a'], 'licence.gif', { type: 'image/gif' });
    fireEvent.change(input(), { target: { files: [gif] } });
    expect(await screen.findByText('仅支持PNG、JPG或PDF格式的文件')).toBeInTheDocument();
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'licence.pdf', { type: 'application/pdf' });
    fireEvent.change(input(), { target: { files: [huge] } });
    expect(await screen.findByText('文件大小不能超过10MB')).toBeInTheDocument();
    expect(authMock.state.uploads).toBe(0);

    submit(form);
    expect(await within(form).findByText('请上传营业执照')).toBeInTheDocument();
  });

  it('uploads the licence and submits the organisation', async () => {
    authMock.signIn('demo_org');
    const { router } = renderApp('/realNameOrg');
    const form = await findForm('机构实名认证');
    fill(form, '请输入与营业执照一致的机构名称', '河北冀财资产管理有限公司');
    // A valid code: its check character computed rather than guessed.
    const code17 = '91130100MA0CBT7R1';
    fill(form, '请输入18位统一社会信用代码', code17 + creditCodeCheckChar(code17));
    fill(form, '请输入法定代表人姓名', '王建华');
    fill(form, '请输入证件号码', idNumber('19700302', '211'));
    await useNodeFormData();
    const pdf = nodeFile(['%PDF-1.7 licence'], '营业执照.pdf', 'application/pdf');
    fireEvent.change(form.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [pdf] } });
    await waitFor(() => expect(authMock.state.uploads).toBe(1));
    await waitFor(() => expect(form.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(0));
    submit(form);
    await waitFor(() => expect(router.state.location.pathname).toBe('/realNamePersonInfo'), { timeout: 8000 });
    expect(await screen.findByText('实名认证审核中')).toBeInTheDocument();
    const submitted = document.querySelector<HTMLElement>('.account-descriptions')!;
    expect(within(submitted).getByText('河北冀财资产管理有限公司')).toBeInTheDocument();
    expect(within(submitted).getByText('王**')).toBeInTheDocument();
    expect(authMock.state.verification.get('demo_org')?.licenceFileId).toBe('file-1');
  });
});

describe('account pages', () => {
  it('/accountSafe shows login name, masked phone and verification state, with the ways to change them', async () => {
    authMock.signIn('demo_person');
    renderApp('/accountSafe');
    expect(await screen.findByText('138****2345', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('demo_person')).toBeInTheDocument();
    expect(screen.getByText('已认证')).toBeInTheDocument();
    expect(screen.getByText('修改密码').closest('a')).toHaveAttribute('href', '/updatePassWord');
    expect(screen.getByText('修改手机号').closest('a')).toHaveAttribute('href', '/memberEditPhone');
    expect(screen.getByText('修改头像').closest('a')).toHaveAttribute('href', '/memberEditHead');
  });

  it('/updatePassWord changes the password, then logs out and goes to /login', async () => {
    authMock.signIn('demo_person');
    const { router } = renderApp('/updatePassWord');
    const form = await findForm('修改密码');
    fill(form, '请输入原密码', DEMO_PASSWORD);
    fill(form, '8-64位，建议包含大小写字母、数字和符号', DEMO_PASSWORD);
    expect(await within(form).findByText('新密码不能与原密码相同')).toBeInTheDocument();
    fill(form, '8-64位，建议包含大小写字母、数字和符号', 'Next#2027pass');
    fill(form, '请再次输入新密码', 'Next#2027pass');
    submit(form);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 8000 });
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    expect(session.accessToken()).toBeNull();
    expect(session.isLoggedIn()).toBe(false);
    expect(authMock.user('demo_person')?.password).toBe('Next#2027pass');
  });

  it('/memberEditPhone changes the phone with an SMS code sent to the new number and the password', async () => {
    authMock.signIn('demo_person');
    renderApp('/memberEditPhone');
    const form = await findForm('更换手机号');
    expect(screen.getByTestId('current-phone')).toHaveTextContent('138****2345');
    await within(form).findByAltText('图片验证码');
    fill(form, '请输入新的手机号码', '13600001111');
    fill(form, '请输入图片验证码', MOCK_CAPTCHA_ANSWER);
    fireEvent.click(within(form).getByTestId('sms-send'));
    await waitFor(() => expect(authMock.state.smsSent).toEqual([{ phone: '13600001111', messageCode: 1008 }]));
    fill(form, '请输入短信验证码', MOCK_SMS_CODE);
    fill(form, '请输入登录密码', DEMO_PASSWORD);
    submit(form);
    await waitFor(() => expect(screen.getByTestId('current-phone')).toHaveTextContent('136****1111'), { timeout: 8000 });
    expect(session.userInfo()).toMatchObject({ loginName: 'demo_person' });
  });

  it('/memberEditPhone cancels the phone after confirming', async () => {
    authMock.signIn('demo_person');
    renderApp('/memberEditPhone');
    await findForm('更换手机号');
    fireEvent.click(screen.getByText('解除绑定'));
    const form = await findForm('解除绑定手机号');
    fill(form, '请输入当前绑定的手机号码', '13900000000');
    expect(await within(form).findByText('与当前绑定的手机号不一致')).toBeInTheDocument();
    fill(form, '请输入当前绑定的手机号码', '13831112345');
    fill(form, '请输入短信验证码', MOCK_SMS_CODE);
    fill(form, '请输入登录密码', DEMO_PASSWORD);
    submit(form);
    expect(await screen.findByText('解除绑定后将无法使用短信登录和通过手机号找回密码，确定要解除绑定吗？')).toBeInTheDocument();
    expect(authMock.user('demo_person')?.phone).not.toBe('');
    fireEvent.click(screen.getByText('确定解绑').closest('button')!);
    await waitFor(() => expect(screen.getByTestId('current-phone')).toHaveTextContent('未绑定'), { timeout: 8000 });
    expect(authMock.user('demo_person')?.phone).toBe('');
  });

  it('/memberEditHead accepts PNG/JPEG only, previews and saves the avatar', async () => {
    authMock.signIn('demo_person');
    renderApp('/memberEditHead');
    // The upload re-creates its input after every choice.
    const input = () => {
      const el = document.querySelector<HTMLInputElement>('.avatar-editor input[type="file"]');
      if (!el) throw new Error('no upload yet');
      return el;
    };
    await waitFor(input, { timeout: 8000 });
    fireEvent.change(input(), { target: { files: [new File(['GIF89a'], 'me.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('头像仅支持PNG或JPG格式的图片')).toBeInTheDocument();
    const save = screen.getByText('保存头像').closest('button')!;
    expect(save).toBeDisabled();
    await useNodeFormData();
    fireEvent.change(input(), { target: { files: [nodeFile([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', 'image/png')] } });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByText('头像修改成功', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(session.userInfo()?.headImg).toBe('/api/dscq-resource/oss/avatar/file-1');
  });

  it('/membership shows the member information', async () => {
    authMock.signIn('demo_org');
    renderApp('/membership');
    expect(await screen.findByText('demo_org', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getAllByText('机构用户').length).toBeGreaterThan(0);
    expect(screen.getByText('139****5678')).toBeInTheDocument();
  });
});
