/**
 * The one judicial catalogue from the judicial service ({status, message, content} answers on
 * JUDICIAL_BASE): /sfProject with offset + limit 8 paging, name, city, court and state filters, rounds (0 变卖,
 * 1 一拍, 2 二拍), the court lots of the hall first with the hall's state names (竞价中, 即将竞价, 正在报名,
 * 已结束, 流拍) and links to their page and room, the detail drawer of a court item, failures with the
 * service's message; and the home page's judicial block on the same call.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { judicialMock } from '../mocks/handlers/judicial';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
beforeEach(() => judicialMock.reset());

const FIRST = '石家庄市长安区中山东路1号住宅一套（建筑面积81平方米）';

/** The row of an item by the start of its (possibly truncated) name. */
async function row(nameStart: string): Promise<HTMLElement> {
  const cell = await screen.findByText((_, element) => element?.classList.contains('judicial-table__name') === true && element.textContent!.startsWith(nameStart));
  return cell.closest<HTMLElement>('tr')!;
}

const lastQuery = () => judicialMock.state.queries.at(-1)!;

const LIVE = '保定市竞秀区某工业用地使用权及地上建筑物';

describe('/sfProject', () => {
  it('lists 8 a page in the catalogue order, the hall\'s live court lot first, with the hall\'s state names', async () => {
    renderApp('/sfProject');
    const live = await row(LIVE);
    const rows = [...document.querySelectorAll<HTMLElement>('.judicial-table tbody tr')];
    expect(rows[0]).toBe(live);
    expect(rows.map((r) => r.querySelector('.judicial-table__state .ant-tag')!.textContent)).toEqual([
      '竞价中', '即将竞价', '正在报名', '正在报名', '正在报名', '正在报名', '正在报名', '正在报名',
    ]);
    // A listing of the portal: its page and, while bidding, its room — as the hall links them.
    expect(within(live).getByTitle(LIVE)).toHaveAttribute('href', '#/projectDetail/501.html');
    expect(within(live).getByRole('link', { name: `进入竞价室：${LIVE}` })).toHaveAttribute('href', '#/quoteHall?activityId=9001');
    expect(within(live).getByText('--')).toBeInTheDocument();
    expect(within(live).getByText('保定市竞秀区人民法院')).toBeInTheDocument();
    // Court items have no room link.
    expect(document.querySelectorAll('.judicial-table__room')).toHaveLength(1);

    const first = await row('石家庄市长安区中山东路1号住宅一套');
    // 22 characters at most, then '...'; the full name in the title.
    const name = within(first).getByTitle(FIRST);
    expect(name).toHaveTextContent('石家庄市长安区中山东路1号住宅一套（建筑面积...');
    expect(within(first).getByText('126.00万元')).toBeInTheDocument();
    expect(within(first).getByText('2026-12-02 10:00')).toBeInTheDocument();
    expect(within(first).getByText('一拍')).toBeInTheDocument();
    // The hall's name: 正在报名 stays 正在报名 (no longer 进行中).
    expect(within(first).getByText('正在报名')).toBeInTheDocument();
    expect(within(first).getByText('石家庄市长安区人民法院')).toBeInTheDocument();
    expect(first.querySelector('.judicial-table__name')!.tagName).toBe('BUTTON');
    const second = await row('石家庄市长安区中山东路3号');
    expect(within(second).getByText('二拍')).toBeInTheDocument();
    // The service's 即将开始 reads as the hall's 即将竞价.
    expect(within(second).getByText('即将竞价')).toBeInTheDocument();

    expect(rows).toHaveLength(8);
    expect(lastQuery().get('offset')).toBe('0');
    expect(lastQuery().get('limit')).toBe('8');
    expect(document.querySelector('.judicial-results .sort-bar__total')).toHaveTextContent('共 12 件拍品');
  });

  it('ends with the ended ones on the last page: 已结束 and 流拍', async () => {
    renderApp('/sfProject?current=2');
    const car = await row('唐山市路北区一辆别克GL8商务车');
    expect(within(car).getByText('变卖')).toBeInTheDocument();
    expect(within(car).getByText('已结束')).toBeInTheDocument();
    expect(within(car).getByText('8,500.00元')).toBeInTheDocument();
    const rows = [...document.querySelectorAll<HTMLElement>('.judicial-table tbody tr')];
    expect(rows.map((r) => r.querySelector('.judicial-table__state .ant-tag')!.textContent)).toEqual(['正在报名', '正在报名', '已结束', '流拍']);
  });

  it('filters by state through the URL, in the hall\'s names', async () => {
    const { router } = renderApp('/sfProject');
    await row(LIVE);
    fireEvent.mouseDown(screen.getByLabelText('拍卖状态'));
    fireEvent.click(await screen.findByTitle('竞价中'));
    await waitFor(() => expect(router.state.location.search).toEqual({ state: '竞价中' }));
    await waitFor(() => expect(document.querySelectorAll('.judicial-table tbody tr')).toHaveLength(1));
    expect(lastQuery().get('state')).toBe('竞价中');
    expect(lastQuery().get('offset')).toBe('0');
  });

  it('pages by offset and filters by name, city and court through the URL', async () => {
    const { router } = renderApp('/sfProject');
    await row('石家庄市长安区中山东路1号');
    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(router.state.location.search).toEqual({ current: 2 }));
    await row('石家庄市长安区中山东路9号');
    expect(lastQuery().get('offset')).toBe('8');
    expect(document.querySelectorAll('.judicial-table tbody tr')).toHaveLength(4);

    const box = screen.getByLabelText('拍品名称');
    fireEvent.change(box, { target: { value: '别克' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toEqual({ name: '别克' }));
    await row('唐山市路北区一辆别克GL8商务车');
    expect(lastQuery().get('name')).toBe('别克');
    expect(lastQuery().get('offset')).toBe('0');
  });

  it('reads city and court from the URL: courts of the city, and both reach the query', async () => {
    renderApp('/sfProject?cityCode=1302&courtId=21');
    await row('唐山市路北区一辆别克GL8商务车');
    expect(lastQuery().get('cityCode')).toBe('1302');
    expect(lastQuery().get('courtId')).toBe('21');
    expect(document.querySelectorAll('.judicial-table tbody tr')).toHaveLength(1);
    // The selects show the chosen city and court by name (from ajaxGetCity / ajaxGetCourt).
    await waitFor(() => expect(document.querySelector('.judicial-filters')).toHaveTextContent('唐山市'));
    await waitFor(() => expect(document.querySelector('.judicial-filters')).toHaveTextContent('唐山市路北区人民法院'));
  });

  it('opens an item in the drawer (pk in the URL) with its facts and description', async () => {
    const { router } = renderApp('/sfProject');
    const first = await row('石家庄市长安区中山东路1号');
    fireEvent.click(within(first).getByTitle(FIRST));
    await waitFor(() => expect(router.state.location.search).toEqual({ pk: 'SF1001' }));
    const drawer = (await screen.findByText('拍品详情', { selector: '.ant-drawer-title' })).closest<HTMLElement>('.ant-drawer')!;
    expect(await within(drawer).findByText(FIRST)).toBeInTheDocument();
    expect(within(drawer).getByText('（2026）冀0102执1234号')).toBeInTheDocument();
    expect(within(drawer).getByText('12.60万元')).toBeInTheDocument();
    expect(within(drawer).getByText('标的物以现状拍卖，买受人自行办理过户手续。')).toBeInTheDocument();
    expect(within(drawer).getByText('正在报名')).toBeInTheDocument();
  });

  it('shows the service message when it fails (status ≠ 0), with a retry', async () => {
    judicialMock.state.failWith = '司法拍卖平台维护中，请稍后访问';
    renderApp('/sfProject');
    expect(await screen.findByText('司法拍卖平台维护中，请稍后访问', { selector: '.ant-result-title' })).toBeInTheDocument();
    judicialMock.state.failWith = null;
    fireEvent.click(screen.getByText('重 试'));
    await row('石家庄市长安区中山东路1号');
  });

  it('empty: 暂无数据 with a hint', async () => {
    renderApp('/sfProject?name=%E4%B8%8D%E5%AD%98%E5%9C%A8');
    expect(await screen.findByText('暂无数据，换个名称、城市、法院或状态试试')).toBeInTheDocument();
  });

  it('sends the Client-Id header to the judicial base', async () => {
    let clientId: string | null = null;
    server.use(
      mswHttp.post('/judicial/wechatProject/query', ({ request }) => {
        clientId = request.headers.get('Client-Id');
        return HttpResponse.json({ status: 0, message: '成功', content: { list: [], totalCount: 0 } });
      }),
    );
    renderApp('/sfProject');
    await screen.findByText('暂无数据，法院委托的拍品发布后将在此显示');
    expect(clientId).toBe('hbcq');
  });
});

describe('home page judicial block', () => {
  it('shows the catalogue\'s first 8 (the live court lot first) with round, money rule and the hall\'s state names', async () => {
    const { container } = renderApp('/index');
    const block = await waitFor(() => {
      const found = container.querySelector<HTMLElement>('.home-judicial');
      if (!found?.querySelector('tbody')) throw new Error('judicial block not loaded');
      return found;
    }, { timeout: 15_000 });
    const rows = block.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(8);
    // The portal's live listing links to its page.
    expect(within(rows[0] as HTMLElement).getByText('竞价中')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByTitle(LIVE)).toHaveAttribute('href', '#/projectDetail/501.html');
    expect(within(rows[1] as HTMLElement).getByText('二拍')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('即将竞价')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('一拍')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('126.00万元')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('正在报名')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByTitle(FIRST)).toHaveAttribute('href', '/sfProject?pk=SF1001');
    expect(within(block).getByText('更多 >')).toHaveAttribute('href', '/sfProject');
    expect(lastQuery().get('limit')).toBe('8');
  });

  it('shows the service message on failure', async () => {
    judicialMock.state.failWith = '司法拍卖平台维护中，请稍后访问';
    const { container } = renderApp('/index');
    await waitFor(() => expect(container.querySelector('.home-judicial')).toHaveTextContent('司法拍卖平台维护中，请稍后访问'), { timeout: 15_000 });
  });
});
