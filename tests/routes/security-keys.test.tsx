/**
 * 账户安全 › 安全密钥 (docs/accounts.md "Security keys") against the msw server: listing keys with their
 * last use, adding one (named, the password again; the authenticator is the test's), a cancelled key
 * prompt, 大额出价需安全密钥确认 with its amount, removing a key.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createWithKey } from '@/lib/securityKey';
import { authMock, DEMO_PASSWORD } from '../mocks/handlers/auth';
import { webauthnMock } from '../mocks/handlers/webauthn';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

vi.mock('@/lib/securityKey', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/securityKey')>()),
  securityKeySupported: () => true,
  createWithKey: vi.fn(),
}));

useMockServer();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
beforeEach(() => {
  authMock.reset();
  webauthnMock.reset();
  vi.mocked(createWithKey).mockReset();
});

const dialog = () => document.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')!;
const fillIn = (container: HTMLElement, placeholder: string, value: string) =>
  fireEvent.change(within(container).getByPlaceholderText(placeholder), { target: { value } });
const clickButton = (container: HTMLElement, name: RegExp) =>
  fireEvent.click([...container.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!);

async function openSection() {
  authMock.signIn('demo_person');
  renderApp('/accountSafe');
  return screen.findByTestId('security-keys', {}, { timeout: 8000 });
}

describe('/accountSafe 安全密钥', () => {
  it('adds a named key after the password again (a wrong one refused first); lists it as never used', async () => {
    vi.mocked(createWithKey).mockResolvedValue('{"id":"a2V5","type":"public-key","response":{}}');
    const section = await openSection();
    expect(await within(section).findByText('尚未添加安全密钥')).toBeInTheDocument();
    expect(within(section).getByTestId('bid-key-setting')).toHaveTextContent('未开启');

    clickButton(section, /添加安全密钥/);
    await waitFor(() => expect(dialog()).toBeTruthy());
    fillIn(dialog(), '请输入密钥名称', '办公室 U 盾');
    fillIn(dialog(), '请输入登录密码', 'Wrong#2026');
    clickButton(dialog(), /下一步/);
    expect(await screen.findByText('登录密码错误')).toBeInTheDocument();
    expect(createWithKey).not.toHaveBeenCalled();

    fillIn(dialog(), '请输入登录密码', DEMO_PASSWORD);
    clickButton(dialog(), /下一步/);
    expect(await within(section).findByText('办公室 U 盾')).toBeInTheDocument();
    expect(within(section).getByText('从未使用')).toBeInTheDocument();
    expect(vi.mocked(createWithKey).mock.calls[0]![0]).toMatchObject({ rp: { name: '河北产权交易所' } });
    expect(webauthnMock.state.responses).toEqual(['{"id":"a2V5","type":"public-key","response":{}}']);
  });

  it('a cancelled key prompt says so in the dialog and adds nothing', async () => {
    vi.mocked(createWithKey).mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    const section = await openSection();
    clickButton(section, /添加安全密钥/);
    await waitFor(() => expect(dialog()).toBeTruthy());
    fillIn(dialog(), '请输入密钥名称', '我的手机');
    fillIn(dialog(), '请输入登录密码', DEMO_PASSWORD);
    clickButton(dialog(), /下一步/);
    expect(await within(dialog()).findByText('安全密钥操作已取消或超时，请重试')).toBeInTheDocument();
    expect(webauthnMock.state.keys.get('demo_person') ?? []).toEqual([]);
  });

  it('turns on 大额出价需安全密钥确认 with an amount, shown in 万元; removes a key with the password', async () => {
    webauthnMock.state.keys.set('demo_person', [{ id: 7, name: '旧密钥', createTime: '2026-10-01 09:00:00', lastUsedTime: '2026-11-20 10:30:00', synced: true }]);
    const section = await openSection();
    expect(await within(section).findByText('旧密钥')).toBeInTheDocument();
    expect(within(section).getByText('最近使用 2026-11-20 10:30:00')).toBeInTheDocument();
    expect(within(section).getByText('通行密钥（多设备同步）')).toBeInTheDocument();

    clickButton(within(section).getByTestId('bid-key-setting'), /设\s*置/);
    await waitFor(() => expect(dialog()).toBeTruthy());
    fireEvent.click(within(dialog()).getByRole('switch'));
    fillIn(await waitFor(() => dialog()), '如 1000000', '1000000');
    fillIn(dialog(), '请输入登录密码', DEMO_PASSWORD);
    clickButton(dialog(), /保\s*存/);
    await waitFor(() => expect(within(section).getByTestId('bid-key-setting')).toHaveTextContent('已开启'));
    expect(within(section).getByTestId('bid-key-setting')).toHaveTextContent('100.00万元');
    expect(webauthnMock.state.thresholds.get('demo_person')).toBe(1_000_000);

    fireEvent.click(within(section).getByLabelText('删除 旧密钥'));
    await waitFor(() => expect(within(dialog()).getByText(/删除后将不能再使用“旧密钥”/)).toBeInTheDocument());
    fillIn(dialog(), '请输入登录密码', DEMO_PASSWORD);
    clickButton(dialog(), /确认删除/);
    expect(await within(section).findByText('尚未添加安全密钥')).toBeInTheDocument();
  });
});
