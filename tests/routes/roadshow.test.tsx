/**
 * 项目路演 on the lot's page (RoadshowBlock) through the whole app with msw: the session's time, title,
 * presenter and materials; 关注路演 → 已关注 → undone; anonymous → 用户未登录 with 去登录 back to this page;
 * an ended roadshow's recording (poster and link, no follow); nothing when the lot has none.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROADSHOW_PATHS, type Roadshow } from '#domain/contract/roadshow';
import { authMock } from '../mocks/handlers/auth';
import { projectsMock } from '../mocks/handlers/projects';
import { roadshowsMock } from '../mocks/handlers/roadshows';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

useMockServer();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

const EQUITY = '石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权';

const LIVE: Omit<Roadshow, 'followed' | 'followers'> = {
  id: 7,
  assetsId: 201,
  kind: 'live',
  title: '项目线上路演：资产情况与交易条件说明',
  presenter: '转让方代表 王经理',
  startTime: '2026-11-21 14:00:00',
  endTime: '2026-11-21 15:00:00',
  phase: 'upcoming',
  videoUrl: '',
  posterUrl: '',
  materials: [{ id: 91, fileName: '路演资料.pdf', fileSize: 204_800, fileType: 'pdf' }],
};
const RECORDED: Omit<Roadshow, 'followed' | 'followers'> = {
  ...LIVE,
  id: 8,
  kind: 'recorded',
  title: '项目推介会（录像回看）',
  startTime: '2026-11-18 10:00:00',
  endTime: '2026-11-18 10:45:00',
  phase: 'ended',
  videoUrl: '/api/dscq-content/files/12',
  posterUrl: '/api/dscq-content/files/12',
  materials: [],
};

beforeEach(() => {
  authMock.reset();
  projectsMock.reset();
  roadshowsMock.reset();
  roadshowsMock.state.roadshows.push(LIVE, RECORDED);
});

async function roadshowBlock(): Promise<HTMLElement> {
  await screen.findByText(EQUITY, { selector: '.detail-head__title' }, { timeout: 10_000 });
  return screen.findByRole('region', { name: '项目路演' }, { timeout: 10_000 });
}
const item = (block: HTMLElement, title: string) => within(block).getByRole('article', { name: title });
const button = (container: HTMLElement, text: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text);

describe('项目路演 on the lot page', () => {
  it('shows the live session: time, title, presenter, its materials, and 关注路演', async () => {
    renderApp('/projectDetail/201.html');
    const live = item(await roadshowBlock(), LIVE.title);
    expect(within(live).getByText('2026-11-21 14:00 至 15:00')).toBeInTheDocument();
    expect(within(live).getByText('转让方代表 王经理')).toBeInTheDocument();
    expect(within(live).getByText('即将开始')).toBeInTheDocument();
    expect(within(live).getByText('路演资料.pdf')).toBeInTheDocument();
    expect(button(live, '关注路演')).toHaveAttribute('aria-pressed', 'false');
  });

  it('logged in: 关注路演 → 已关注 from the server, then undone', async () => {
    authMock.signIn('demo_person');
    renderApp('/projectDetail/201.html');
    const live = item(await roadshowBlock(), LIVE.title);
    fireEvent.click(button(live, '关注路演')!);
    await waitFor(() => expect(button(item(screen.getByRole('region', { name: '项目路演' }), LIVE.title), '已关注')).toBeTruthy());
    const followed = item(screen.getByRole('region', { name: '项目路演' }), LIVE.title);
    expect(button(followed, '已关注')).toHaveAttribute('aria-pressed', 'true');
    expect(within(followed).getByText('1 人')).toBeInTheDocument();
    expect(roadshowsMock.state.follows.get('demo_person')).toEqual(new Set([LIVE.id]));

    fireEvent.click(button(followed, '已关注')!);
    await waitFor(() => expect(button(item(screen.getByRole('region', { name: '项目路演' }), LIVE.title), '关注路演')).toBeTruthy());
    expect(roadshowsMock.state.follows.get('demo_person')).toEqual(new Set());
    expect(roadshowsMock.state.calls.map((c) => c.path)).toEqual([ROADSHOW_PATHS.follow, ROADSHOW_PATHS.unfollow]);
  });

  it('anonymous: 用户未登录 with 去登录, back to this lot after login', async () => {
    const { router } = renderApp('/projectDetail/201.html');
    const live = item(await roadshowBlock(), LIVE.title);
    fireEvent.click(button(live, '关注路演')!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('用户未登录', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(roadshowsMock.state.calls).toEqual([{ path: ROADSHOW_PATHS.follow, roadshowId: LIVE.id, user: null }]);
    fireEvent.click(within(dialog).getByText('去登录'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/projectDetail/201.html' });
  });

  it('an ended recording: its poster and 观看录像 link, no follow button', async () => {
    renderApp('/projectDetail/201.html');
    const recorded = item(await roadshowBlock(), RECORDED.title);
    expect(within(recorded).getByText('已结束')).toBeInTheDocument();
    expect(within(recorded).getByRole('img', { name: `${RECORDED.title} 海报` })).toHaveAttribute('src', RECORDED.posterUrl);
    expect(within(recorded).getByRole('link', { name: /观看录像/ })).toHaveAttribute('href', RECORDED.videoUrl);
    expect(button(recorded, '关注路演')).toBeUndefined();
  });

  it('a lot without a roadshow shows no roadshow block', async () => {
    roadshowsMock.reset();
    renderApp('/projectDetail/201.html');
    await screen.findByText(EQUITY, { selector: '.detail-head__title' }, { timeout: 10_000 });
    await screen.findByRole('heading', { name: '相关附件' });
    expect(screen.queryByRole('region', { name: '项目路演' })).not.toBeInTheDocument();
  });
});
