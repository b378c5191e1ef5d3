/**
 * The enrolment hint of a project page (how to take part) through the whole app with msw: a visitor is
 * asked to log in; once he logs in the same page tells him his own next step — real-name verification
 * when he has none, else enrolment with the deadline — and never 请先登录 again.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authMock } from '../mocks/handlers/auth';
import { enrolMock } from '../mocks/handlers/enrolment';
import { projectsMock } from '../mocks/handlers/projects';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

useMockServer();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
beforeEach(() => {
  authMock.reset();
  enrolMock.reset();
  projectsMock.reset();
  projectsMock.state.details.set(201, {
    activity: { activityId: 9, status: 'live', startTime: '2026-11-21 09:00:00', endTime: '2026-11-21 23:00:00', mode: 'ongoing' },
  });
});

const EQUITY = '石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权';

async function hint(): Promise<HTMLElement> {
  await screen.findByText(EQUITY, { selector: '.detail-head__title' }, { timeout: 10_000 });
  const panel = document.querySelector<HTMLElement>('.activity-panel')!;
  return within(panel).findByTestId('enrol-hint');
}

describe('the enrolment hint follows the session', () => {
  it('a visitor who logs in on the page is no longer told to log in: he gets the deadline and the steps', async () => {
    renderApp('/projectDetail/201.html');
    await waitFor(async () => expect(await hint()).toHaveTextContent(/^请先登录。报名截止 2026-11-28 17:00；/));
    act(() => {
      authMock.signIn('demo_person');
    });
    await waitFor(async () => expect(await hint()).toHaveTextContent('请于 2026-11-28 17:00 前报名并交纳保证金，审核通过并取得竞买号后即可进入竞价室出价。'));
    expect(await hint()).not.toHaveTextContent('请先登录');
  });

  it('a logged-in user without real-name verification is sent to verify first, with the deadline', async () => {
    authMock.signIn('demo_new');
    renderApp('/projectDetail/201.html');
    await waitFor(async () => expect(await hint()).toHaveTextContent('您尚未完成实名认证，完成实名认证后方可报名。报名截止 2026-11-28 17:00。'));
    expect(await hint()).not.toHaveTextContent('请先登录');
  });
});
