/**
 * Judicial auctions from the separate judicial service ({status, message, content} answers on
 * JUDICIAL_BASE): /sfProject with offset + limit 8 paging, city and court filters, rounds (0 变卖, 1 一拍,
 * 2 二拍), states (正在报名 → 进行中, 已结束 → 已结束), the detail drawer, failures with the service's
 * message; and the home page's judicial block on the same service.
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

describe('/sfProject', () => {
  it('lists 8 items a page: truncated name, upset price by the money rule, time, round and state', async () => {
    renderApp('/sfProject');
    const first = await row('石家庄市长安区中山东路1号住宅一套');
    // 22 characters at most, then '...'; the full name in the title.
    const name = within(first).getByTitle(FIRST);
    expect(name).toHaveTextContent('石家庄市长安区中山东路1号住宅一套（建筑面积...');
    expect(within(first).getByText('126.00万元')).toBeInTheDocument();
    expect(within(first).getByText('2026-12-02 10:00')).toBeInTheDocument();
    expect(within(first).getByText('一拍')).toBeInTheDocument();
    expect(within(first).getByText('进行中')).toBeInTheDocument();
    expect(within(first).getByText('石家庄市长安区人民法院')).toBeInTheDocument();

    const car = await row('唐山市路北区一辆别克GL8商务车');
    expect(within(car).getByText('变卖')).toBeInTheDocument();
    expect(within(car).getByText('已结束')).toBeInTheDocument();
    expect(within(car).getByText('8,500.00元')).toBeInTheDocument();
    const second = await row('石家庄市长安区中山东路3号');
    expect(within(second).getByText('二拍')).toBeInTheDocument();
    // Other states are shown as sent.
    expect(within(second).getByText('即将开始')).toBeInTheDocument();

    expect(document.querySelectorAll('.judicial-table tbody tr')).toHaveLength(8);
    expect(lastQuery().get('offset')).toBe('0');
    expect(lastQuery().get('limit')).toBe('8');
    expect(document.querySelector('.judicial-results .sort-bar__total')).toHaveTextContent('共 11 件拍品');
  });

  it('pages by offset and filters by name, city and court through the URL', async () => {
    const { router } = renderApp('/sfProject');
    await row('石家庄市长安区中山东路1号');
    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(router.state.location.search).toEqual({ current: 2 }));
    await row('石家庄市长安区中山东路9号');
    expect(lastQuery().get('offset')).toBe('8');
    expect(document.querySelectorAll('.judicial-table tbody tr')).toHaveLength(3);

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
    expect(within(drawer).getByText('进行中')).toBeInTheDocument();
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
    expect(await screen.findByText('暂无数据，换个名称、城市或法院试试')).toBeInTheDocument();
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
  it('shows 8 items from the judicial service with round, money rule and state, linking to /sfProject', async () => {
    const { container } = renderApp('/index');
    const block = await waitFor(() => {
      const found = container.querySelector<HTMLElement>('.home-judicial');
      if (!found?.querySelector('tbody')) throw new Error('judicial block not loaded');
      return found;
    }, { timeout: 15_000 });
    const rows = block.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(8);
    expect(within(rows[0] as HTMLElement).getByText('一拍')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('126.00万元')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('进行中')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByTitle(FIRST)).toHaveAttribute('href', '/sfProject?pk=SF1001');
    expect(within(rows[1] as HTMLElement).getByText('变卖')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('已结束')).toBeInTheDocument();
    expect(within(block).getByText('更多 >')).toHaveAttribute('href', '/sfProject');
    expect(lastQuery().get('limit')).toBe('8');
  });

  it('shows the service message on failure', async () => {
    judicialMock.state.failWith = '司法拍卖平台维护中，请稍后访问';
    const { container } = renderApp('/index');
    await waitFor(() => expect(container.querySelector('.home-judicial')).toHaveTextContent('司法拍卖平台维护中，请稍后访问'), { timeout: 15_000 });
  });
});
