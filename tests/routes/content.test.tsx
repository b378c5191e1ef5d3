/** The content centre's pages, through the whole app with msw. */
import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { tabLock } from '@/lib/tabLock';
import { STORAGE_PREFIX } from '@/lib/storage';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

useMockServer();
vi.setConfig({ testTimeout: 30_000 });

async function main(container: HTMLElement, selector = '.site-main'): Promise<HTMLElement> {
  let found: HTMLElement | null = null;
  await waitFor(() => {
    found = container.querySelector<HTMLElement>(selector);
    expect(found).not.toBeNull();
  });
  return found!;
}

async function heading(container: HTMLElement, text: string) {
  const page = await main(container);
  return within(page).findByText(text, { selector: 'h1' }, { timeout: 10_000 });
}

describe('column pages', () => {
  it('/xwzx lists the whole column with its plates on the left; plateId selects one, a notice plate lists notices', async () => {
    const { container, router } = renderApp('/xwzx');
    await heading(container, '新闻中心');
    const page = await main(container);
    const side = within(page).getByRole('complementary', { name: '新闻中心栏目' });
    expect(within(side).getByRole('link', { name: '全部新闻中心' })).toHaveAttribute('aria-current', 'page');
    expect(within(side).getByRole('link', { name: '结果公示' })).toHaveAttribute('href', '#/xwzx?plateId=4');
    // The parent's list (here the home fixtures for plate 1) links to the news centre's detail route.
    expect(await within(page).findByRole('link', { name: '省属国有企业闲置资产集中挂牌推介会在我所举行' })).toHaveAttribute('href', '#/newsDetailxwzx?newsId=11');
    const outer = within(page).getByRole('link', { name: '国务院国资委：持续推动企业国有资产交易规范运行' });
    expect(outer).toHaveAttribute('href', 'https://www.sasac.gov.cn/');
    expect(outer).toHaveAttribute('target', '_blank');

    await act(() => router.navigate({ to: '/xwzx', search: { plateId: 11 } }));
    await heading(container, '成交公告');
    expect(within(side).getByRole('link', { name: '成交公告' })).toHaveAttribute('aria-current', 'page');
    expect(await within(page).findByRole('link', { name: /河北某公司100%股权转让项目成交公告/ })).toHaveAttribute('href', '#/noticeDetail?newsId=7&id=2');
  });

  it('/zcfg?plateId=8 shows one policy plate; /djgz the party-building column', async () => {
    const { container } = renderApp('/zcfg?plateId=8');
    await heading(container, '交易规则');
    const page = await main(container);
    expect(await within(page).findByRole('link', { name: '河北产权交易所网络竞价实施细则' })).toHaveAttribute('href', '#/newsDetailzcfg?newsId=801');

    const party = renderApp('/djgz');
    await heading(party.container, '党建工作');
    expect(await within(party.container).findByRole('link', { name: '我所党委召开理论学习中心组集体学习会议' })).toHaveAttribute('href', '#/newsDetaildjgz?newsId=1301');
  });

  it('/hgzx reads its questions in place', async () => {
    const { container } = renderApp('/hgzx');
    await heading(container, '咨询中心');
    const page = await main(container);
    expect(await within(page).findByText('个人可以参加企业国有产权转让项目吗？的正文。')).toBeInTheDocument();
  });
});

describe('details', () => {
  it('a news detail shows title, date, source, plate, body and attachments, with breadcrumbs from the title', async () => {
    const { container } = renderApp('/newsDetailzcfg?newsId=801');
    await heading(container, '河北产权交易所网络竞价实施细则');
    const page = await main(container);
    expect(within(page).getByText('2026-11-20 09:00')).toBeInTheDocument();
    expect(within(page).getByText('来源：河北产权交易所')).toBeInTheDocument();
    expect(within(page).getByText('栏目：交易规则')).toBeInTheDocument();
    expect(within(page).getByText('河北产权交易所网络竞价实施细则的正文。')).toBeInTheDocument();
    const file = within(page).getByRole('link', { name: '河北产权交易所网络竞价实施细则.pdf' });
    expect(file).toHaveAttribute('href', '/api/dscq-content/files/5');
    expect(file).toHaveAttribute('download', '河北产权交易所网络竞价实施细则.pdf');
    expect(within(page).getByRole('link', { name: '< 返回交易规则' })).toHaveAttribute('href', '#/zcfg?plateId=8');
    const crumbs = within(page).getByRole('navigation', { name: '当前位置' });
    expect(crumbs).toHaveTextContent('政策法规');
    expect(crumbs).toHaveTextContent('详情');
  });

  it('a detail without newsId says so, and an unknown one shows the server msg', async () => {
    const { container } = renderApp('/newsDetailxwzx');
    const page = await main(container);
    expect(await within(page).findByText('未指定要查看的文章')).toBeInTheDocument();

    const missing = renderApp('/newsDetailxwzx?newsId=99');
    expect(await within(await main(missing.container)).findByText('新闻不存在', { selector: '.ant-result-title' })).toBeInTheDocument();
  });

  it('a notice detail shows its type, body, attachments and a link to the project', async () => {
    const { container } = renderApp('/noticeDetail?newsId=7&id=2');
    await heading(container, '河北某公司100%股权转让项目成交公告');
    const page = await main(container);
    expect(within(page).getByText('成交公告', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(page).getByText('该项目已按规定程序成交，现予公告。')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: '上月成交项目清单.xlsx' })).toHaveAttribute('href', '/api/dscq-content/files/10');
    expect(within(page).getByRole('link', { name: '查看项目详情' })).toHaveAttribute('href', '#/projectDetail/101.html');
  });
});

describe('service, help and special pages', () => {
  it('/xzzx lists the downloads with real download links, by category', async () => {
    const { container } = renderApp('/xzzx');
    await heading(container, '下载中心');
    const page = await main(container);
    const link = await within(page).findByRole('link', { name: '下载 意向受让申请书（企业国有产权转让）' });
    expect(link).toHaveAttribute('href', '/api/dscq-content/files/1');
    expect(link).toHaveAttribute('download', '意向受让申请书（企业国有产权转让）.docx');
    expect(within(page).getByText('3.5 KB')).toBeInTheDocument();
    await userEvent.click(within(page).getByText('制度文件', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(within(page).queryByText('意向受让申请书（企业国有产权转让）')).not.toBeInTheDocument());
    expect(within(page).getByText('河北产权交易所网络竞价实施细则')).toBeInTheDocument();
  });

  it('/helpCenter?plateId=29&num=1 opens the chosen plate with its first answer', async () => {
    const { container } = renderApp('/helpCenter?plateId=29&num=1');
    await heading(container, '常见问题');
    const page = await main(container);
    expect(await within(page).findByText('收不到短信验证码怎么办？的正文。')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: '浏览器设置' })).toHaveAttribute('href', '#/helpBrowser');
    expect(within(page).getByRole('link', { name: '在新页面中查看 >' })).toHaveAttribute('href', '#/helpCenterDetail?newsId=2901');
  });

  it('/gywm opens 本所简介 first and shows the open positions', async () => {
    const { container } = renderApp('/gywm');
    await heading(container, '本所简介');
    const page = await main(container);
    expect(within(page).getByText('本所简介的正文。')).toBeInTheDocument();
    await userEvent.click(within(page).getByRole('button', { name: '人才招聘' }));
    await heading(container, '人才招聘');
    expect(await within(page).findByText('负责项目受理。')).toBeInTheDocument();
    expect(within(page).getByText('产权交易业务经理')).toBeInTheDocument();
  });

  it('/serviceCenter links its services; /specialCar shows its intro and its projects', async () => {
    const { container } = renderApp('/serviceCenter');
    await heading(container, '服务中心');
    expect(await within(container).findByRole('link', { name: /转让服务/ })).toHaveAttribute('href', '#/transferService');

    const car = renderApp('/specialCar');
    await heading(car.container, '机动车专场');
    const page = await main(car.container);
    expect(await within(page).findByText('专场说明的内容。')).toBeInTheDocument();
    expect(await within(page).findByRole('link', { name: '石家庄某国有企业持有的河北某科技有限公司35%股权' })).toHaveAttribute('href', '#/projectDetail/101.html');
  });

  it('/zhongdianList and /zhongdianDetail show the key recommendations', async () => {
    const { container } = renderApp('/zhongdianList');
    await heading(container, '重点推荐');
    const name = await within(container).findByText('重点推荐项目1', { selector: '.key-card__name' }, { timeout: 10_000 });
    expect(name.closest('a')).toHaveAttribute('href', '#/zhongdianDetail?id=101');
    expect(container.querySelectorAll('.key-card')).toHaveLength(8);

    const detail = renderApp('/zhongdianDetail?id=103');
    await heading(detail.container, '重点推荐项目3');
    expect(within(detail.container).getByRole('link', { name: '查看项目详情' })).toHaveAttribute('href', '#/projectDetail/203.html');
  });
});

describe('/lock', () => {
  it('locks the tab with a password kept in sessionStorage, sends other pages to /lock, and unlocks with it', async () => {
    const { container, router } = renderApp('/lock');
    const page = await main(container);
    await within(page).findByText('锁定当前页面');
    const [password, confirm] = Array.from(page.querySelectorAll<HTMLInputElement>('input[type="password"]'));
    await userEvent.type(password!, 'abcd1234');
    await userEvent.type(confirm!, 'abcd1234');
    await userEvent.click(within(page).getByRole('button', { name: /锁\s*定/ }));
    await within(page).findByText('页面已锁定');
    expect(tabLock.isLocked()).toBe(true);
    // Per tab, never the password itself.
    expect(sessionStorage.getItem(`${STORAGE_PREFIX}isLock`)).not.toBeNull();
    expect(localStorage.getItem(`${STORAGE_PREFIX}isLock`)).toBeNull();
    expect(sessionStorage.getItem(`${STORAGE_PREFIX}lockPasswd`)).not.toContain('abcd1234');

    await act(() => router.navigate({ to: '/xwzx', search: {} }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lock'));
    expect(router.state.location.search).toEqual({ redirect: '/xwzx' });

    const input = () => page.querySelector<HTMLInputElement>('input[type="password"]')!;
    await waitFor(() => expect(input()).not.toBeNull());
    await userEvent.type(input(), 'wrong');
    await userEvent.click(within(page).getByRole('button', { name: /解\s*锁/ }));
    expect(await within(page).findByText('锁屏密码错误，请重新输入')).toBeInTheDocument();
    expect(tabLock.isLocked()).toBe(true);

    await userEvent.clear(input());
    await userEvent.type(input(), 'abcd1234');
    await userEvent.click(within(page).getByRole('button', { name: /解\s*锁/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/xwzx'));
    expect(tabLock.isLocked()).toBe(false);
  });

  it('asks for a matching confirmation, and login clears the lock', async () => {
    const { container } = renderApp('/lock');
    const page = await main(container);
    await within(page).findByText('锁定当前页面');
    const [password, confirm] = Array.from(page.querySelectorAll<HTMLInputElement>('input[type="password"]'));
    await userEvent.type(password!, 'abcd1234');
    await userEvent.type(confirm!, 'abcd9999');
    await userEvent.click(within(page).getByRole('button', { name: /锁\s*定/ }));
    expect(await within(page).findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(tabLock.isLocked()).toBe(false);

    act(() => tabLock.lock('abcd1234'));
    expect(tabLock.isLocked()).toBe(true);
    // Logging in re-renders the header (and opens the agreement dialog): inside act.
    act(() => session.saveTokens({ access_token: 'a', refresh_token: 'r' }));
    expect(tabLock.isLocked()).toBe(false);
  });
});
