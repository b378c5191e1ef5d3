/**
 * The console's sign-in and session: the login page (captcha, the server's refusal, the way in), the
 * 401 that sends a signed-in page back to the login page, the idle warning (fake timers), and the menu as
 * the member's permissions allow it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSession } from '@/console/session/staffSession';
import { authMock, DEMO_PASSWORD, MOCK_CAPTCHA_ANSWER } from '../mocks/handlers/auth';
import { staffMock } from '../mocks/handlers/staff';
import { useMockServer } from '../mocks/server';
import { menuLinks, renderConsole, signInAs } from './renderConsole';

useMockServer();
vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  authMock.reset();
  staffMock.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The warning leaves (jsdom never ends antd's leave motion by itself: end it on every retry). */
const waitForWarningGone = () =>
  waitFor(() => {
    for (const element of document.querySelectorAll('.ant-modal-wrap, .ant-modal, .ant-modal-mask, [role="dialog"]')) {
      fireEvent.animationEnd(element);
      fireEvent.transitionEnd(element);
    }
    expect(screen.queryByText('即将因长时间未操作而退出')).toBeNull();
  });

const loginForm = () => screen.findByRole('form', { name: '工作人员登录' });
const fill = (form: HTMLElement, placeholder: string, value: string) =>
  fireEvent.change(within(form).getByPlaceholderText(placeholder), { target: { value } });

async function submitLogin(loginName: string, password: string) {
  const form = await loginForm();
  await within(form).findByAltText('图片验证码');
  fill(form, '请输入登录名', loginName);
  fill(form, '请输入密码', password);
  fill(form, '请输入图片验证码', MOCK_CAPTCHA_ANSWER);
  fireEvent.click(form.querySelector('button[type="submit"]')!);
  return form;
}

describe('工作人员登录', () => {
  it('sends a browser without a session to the login page, shows the refusal and a new captcha, then lets the member in', async () => {
    const { router } = renderConsole('/ops/audit');
    await loginForm();
    expect(router.state.location.search).toEqual({ redirect: '/audit' });
    expect(authMock.state.captchaCount).toBe(1);

    const form = await submitLogin('op_admin', 'Wrong@2026');
    expect(await screen.findByText('登录名或密码错误')).toBeInTheDocument();
    await waitFor(() => expect(authMock.state.captchaCount).toBe(2));
    expect(within(form).getByPlaceholderText('请输入图片验证码')).toHaveValue('');

    await submitLogin('op_admin', DEMO_PASSWORD);
    expect(await screen.findByRole('heading', { name: '操作日志', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/audit');
    expect(staffSession.token()).toMatch(/^stf_op_admin_/);
    expect(screen.getByText('赵国梁')).toBeInTheDocument();
  });

  it('a wrong captcha is the server’s own message', async () => {
    renderConsole('/ops/login');
    const form = await loginForm();
    await within(form).findByAltText('图片验证码');
    fill(form, '请输入登录名', 'op_admin');
    fill(form, '请输入密码', DEMO_PASSWORD);
    fill(form, '请输入图片验证码', 'zzzz');
    fireEvent.click(form.querySelector('button[type="submit"]')!);
    expect(await screen.findByText('验证码错误或已过期')).toBeInTheDocument();
  });
});

describe('the session', () => {
  it('goes back to the login page when the server answers 401, and comes back after signing in again', async () => {
    signInAs('op_admin');
    const { router } = renderConsole('/ops/');
    expect(await screen.findByRole('heading', { name: '工作台', level: 1 })).toBeInTheDocument();
    staffMock.endSessions();
    fireEvent.click(within(await screen.findByRole('navigation', { name: '工作系统菜单' })).getByText('工作人员'));
    await loginForm();
    expect(await screen.findByText('登录已失效，请重新登录')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ redirect: '/staff' });
    expect(staffSession.token()).toBeNull();
  });

  it('warns a minute before the idle limit with a countdown, and logs out when the server says the session ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
    signInAs('op_review');
    const { router } = renderConsole('/ops/');
    expect(await screen.findByRole('heading', { name: '工作台', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('即将因长时间未操作而退出')).toBeNull();

    await vi.advanceTimersByTimeAsync(14 * 60_000 + 5_000);
    expect(await screen.findByText('即将因长时间未操作而退出')).toBeInTheDocument();
    const timer = screen.getByRole('timer');
    expect(Number(timer.textContent)).toBeLessThanOrEqual(55);
    expect(Number(timer.textContent)).toBeGreaterThan(50);

    // 继续工作 asks the server, which restarts the idle clock: the warning goes.
    const before = staffSession.lastActive();
    fireEvent.click(screen.getByRole('button', { name: /继续工作/ }));
    await waitFor(() => expect(staffSession.lastActive()).toBeGreaterThan(before));
    await waitForWarningGone();

    await vi.advanceTimersByTimeAsync(14 * 60_000 + 30_000);
    expect(await screen.findByText('即将因长时间未操作而退出')).toBeInTheDocument();
    staffMock.endSessions();
    await vi.advanceTimersByTimeAsync(31_000);
    await loginForm();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('the menu follows the permissions', () => {
  it('shows 管理员 everything built, and hides the areas whose pages do not exist yet', async () => {
    signInAs('op_admin');
    renderConsole('/ops/');
    await screen.findByRole('heading', { name: '工作台', level: 1 });
    expect(menuLinks()).toEqual(['工作台', '待复核', '实名认证', '报名审核', '保证金凭证', '签章申请', '申诉', '用户', '项目', '路演', '竞价活动', '竞价监控', '结果公告', '合同', '投资需求', '转账凭证', '提现', '结算与付款', '发票', '保证金', '资金流水', '新闻与公告', '操作日志', '工作人员', '验证签名', '修改密码']);
  });

  it('shows 内容 its 新闻与公告 but neither 工作人员 nor 操作日志 nor 待复核, and refuses the page typed in', async () => {
    signInAs('op_editor');
    renderConsole('/ops/staff');
    expect(await screen.findByText('无操作权限')).toBeInTheDocument();
    expect(menuLinks()).toEqual(['工作台', '路演', '新闻与公告', '验证签名', '修改密码']);
    expect(screen.queryByRole('heading', { name: '工作人员' })).toBeNull();
  });

  it('shows 财务 待复核 (he decides payouts) and the finance pages, but not the admin pages', async () => {
    signInAs('op_finance');
    renderConsole('/ops/');
    await screen.findByRole('heading', { name: '工作台', level: 1 });
    expect(menuLinks()).toEqual(['工作台', '待复核', '转账凭证', '提现', '结算与付款', '发票', '保证金', '资金流水', '验证签名', '修改密码']);
  });
});
