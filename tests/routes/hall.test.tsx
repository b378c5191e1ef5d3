/**
 * The bidding hall (/hall) through the whole app, with the live worker's logic in process and
 * msw as the server: the row rules of spec section 4 (tone, countdown with the 5 s margin, 请见标的详情,
 * premium rate, prices in 万元), paging and search in the URL, empty and error states, live price updates.
 * The worker polls the hall every 2.5 s and the rates every 1 s, and the countdown ticks each second:
 * countdowns are read on a frozen wall clock, and a changed price is polled at once (tests/mocks/clock.ts).
 */
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { COUNTDOWN_OVER_TEXT } from '#domain/rules/bidding';
import { frozenClock, stepClock } from '../mocks/clock';
import { bidEntryFixture, hallBackend, upcomingFixture } from '../mocks/handlers/hall';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });

const SECOND = 1000;
const HOUR = 3_600_000;

function use(backend: ReturnType<typeof hallBackend>) {
  server.use(...backend.handlers);
  return backend;
}

async function liveRows(container: HTMLElement, count?: number): Promise<HTMLElement[]> {
  let rows: HTMLElement[] = [];
  await waitFor(
    () => {
      rows = Array.from(container.querySelectorAll<HTMLElement>('[data-testid="live-row"]'));
      if (count === undefined) expect(rows.length).toBeGreaterThan(0);
      else expect(rows).toHaveLength(count);
    },
    { timeout: 10_000 },
  );
  return rows;
}

async function liveSection(container: HTMLElement): Promise<HTMLElement> {
  let found: HTMLElement | null = null;
  await waitFor(
    () => {
      found = container.querySelector<HTMLElement>('[aria-labelledby="hall-live-title"]');
      expect(found).not.toBeNull();
    },
    { timeout: 10_000 },
  );
  return found!;
}

const rowOf = (rows: HTMLElement[], name: string) => {
  const row = rows.find((r) => within(r).queryByRole('link', { name }));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};
const countdownOf = (row: HTMLElement) => within(row).getByTestId('live-countdown').textContent ?? '';

describe('/hall rows (spec section 4)', () => {
  it('shows name (linked), organiser, countdown, price in 万元, premium rate and 竞价中, green without bids and red with', async () => {
    use(
      hallBackend({
        live: [
          bidEntryFixture(0, { assetsName: '石家庄某办公楼', orgName: '河北产权交易所', startPrice: 1_234_500, biddingPrice: 1_234_500, maxPrice: 1_234_500 }),
          bidEntryFixture(1, {
            assetsName: '唐山某股权',
            projectType: 1,
            assetsId: 3901,
            startPrice: 3_000_000,
            biddingPrice: 5_000_000,
            maxPrice: 5_000_000,
            biddingCount: 4,
          }),
          bidEntryFixture(2, { assetsName: '保定某车辆', startPrice: 8_000, biddingPrice: 9_800.5, maxPrice: 9_800.5, biddingCount: 1 }),
        ],
        upcoming: [],
      }),
    );
    const { container } = renderApp('/hall');
    const rows = await liveRows(container, 3);

    const green = rowOf(rows, '石家庄某办公楼');
    expect(green).toHaveClass('live-row--green');
    expect(within(green).getByRole('link', { name: '石家庄某办公楼' })).toHaveAttribute('href', '#/projectDetail/3000.html');
    expect(within(green).getByText('河北产权交易所')).toBeInTheDocument();
    expect(within(green).getByText('123.45万元')).toBeInTheDocument();
    expect(within(green).getByText('---')).toBeInTheDocument();
    expect(within(green).getByText('竞价中')).toBeInTheDocument();

    const red = rowOf(rows, '唐山某股权');
    expect(red).toHaveClass('live-row--red');
    expect(within(red).getByRole('link', { name: '唐山某股权' })).toHaveAttribute('href', '#/projectPkg/3901.html');
    expect(within(red).getByText('500.00万元')).toBeInTheDocument();
    expect(within(red).getByText('66.67%')).toBeInTheDocument();

    // Below 10000 yuan: yuan with 2 decimals; premium |9800.5 − 8000| / 8000 = 22.51%.
    const small = rowOf(rows, '保定某车辆');
    expect(within(small).getByText('9,800.50元')).toBeInTheDocument();
    expect(within(small).getByText('22.51%')).toBeInTheDocument();
  });

  it("rows of the later modes read each mode's public values (sealed stage 1 and a falling price: ---; a frozen cap; a taken fixed price)", async () => {
    use(
      hallBackend({
        live: [
          // two-stage in stage 1: the server keeps the start price and tells the count; sealed until the end.
          bidEntryFixture(0, { assetsName: '两阶段：第一阶段', mode: 'two-stage', startPrice: 1_000_000, biddingPrice: 1_000_000, maxPrice: 1_000_000, biddingCount: 3 }),
          // final at the cap: the frozen cap is the public price.
          bidEntryFixture(1, { assetsName: '最终报价：已达封顶价', mode: 'final', startPrice: 1_000_000, biddingPrice: 1_200_000, maxPrice: 1_200_000, biddingCount: 5 }),
          // v-shaped before its first acceptance: the falling price, no bid.
          bidEntryFixture(2, { assetsName: 'V型：降价中', mode: 'v-shaped', startPrice: 1_000_000, biddingPrice: 900_000, maxPrice: 900_000, biddingCount: 0 }),
          // first-come-first-served, taken at its fixed price.
          bidEntryFixture(3, { assetsName: '先到先得：已应价', mode: 'first-come-first-served', startPrice: 500_000, biddingPrice: 500_000, maxPrice: 500_000, biddingCount: 1 }),
        ],
        upcoming: [],
      }),
    );
    const { container } = renderApp('/hall');
    const rows = await liveRows(container, 4);
    const cells = (name: string) => {
      const row = rowOf(rows, name);
      return { price: row.querySelector('.live-cell-price')!.textContent, rate: row.querySelector('.live-cell-rate')!.textContent, tone: row.className };
    };
    expect(cells('两阶段：第一阶段')).toMatchObject({ price: '100.00万元', rate: '---', tone: expect.stringContaining('live-row--red') });
    expect(cells('最终报价：已达封顶价')).toMatchObject({ price: '120.00万元', rate: '20.00%' });
    expect(cells('V型：降价中')).toMatchObject({ price: '90.00万元', rate: '---' });
    expect(cells('先到先得：已应价')).toMatchObject({ price: '50.00万元', rate: '0.00%' });
  });

  it('counts down each second with the 5 s margin, days when ≥ 1 day, and 请见标的详情 when nothing is left', async () => {
    // The wall clock stands still (and the server's time answers with it): every countdown is exact.
    const now = frozenClock();
    use(
      hallBackend({
        live: [
          // 1 day 2 h 3 min 4 s after the margin.
          bidEntryFixture(0, { assetsName: '一天后结束', endTime: now + (93_784 + 5) * SECOND }),
          bidEntryFixture(1, { assetsName: '一小时后结束', endTime: now + HOUR + 5 * SECOND }),
          bidEntryFixture(2, { assetsName: '只剩四秒', endTime: now + 4 * SECOND }),
        ],
        upcoming: [],
      }),
    );
    const { container } = renderApp('/hall');
    const rows = await liveRows(container, 3);
    const day = rowOf(rows, '一天后结束');
    const hour = rowOf(rows, '一小时后结束');
    expect(countdownOf(day)).toBe('1天02时03分04秒');
    expect(countdownOf(hour)).toBe('01时00分00秒');
    // 4 s left is inside the 5 s margin: nothing is shown as left.
    expect(countdownOf(rowOf(rows, '只剩四秒'))).toBe(COUNTDOWN_OVER_TEXT);
    expect(within(rowOf(rows, '只剩四秒')).getByTestId('live-countdown')).toHaveClass('live-cell-left--over');

    // One second later the worker's next tick shows one second less, on every row.
    stepClock(SECOND);
    await waitFor(() => expect(countdownOf(hour)).toBe('00时59分59秒'));
    expect(countdownOf(day)).toBe('1天02时03分03秒');
    stepClock(3 * SECOND);
    await waitFor(() => expect(countdownOf(hour)).toBe('00时59分56秒'));
    expect(countdownOf(day)).toBe('1天02时03分00秒');
  });

  it('bids placed on the server change the row (flash, red, premium, price) and are announced politely', async () => {
    const backend = use(
      hallBackend({
        live: [bidEntryFixture(0, { assetsName: '廊坊某废旧钢材', startPrice: 200_000, biddingPrice: 200_000, maxPrice: 200_000 })],
        upcoming: [],
      }),
    );
    const { container, liveService } = renderApp('/hall');
    const [row] = await liveRows(container, 1);
    expect(row).toHaveClass('live-row--green');
    const priceCell = () => row!.querySelector('.live-cell-price')!;
    expect(priceCell().querySelector('.live-flash')).toBeNull(); // the first render does not flash
    const announcer = within(container).getByTestId('price-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(announcer).toHaveTextContent('');

    // A first bid is the start price: the price stays, but the row turns red, the rate reads 0.00% and it flashes.
    backend.bid(7000, 200_000);
    act(() => liveService.resync(7000)); // the next rate poll, now
    await waitFor(() => expect(within(row!).getByText('0.00%')).toBeInTheDocument());
    expect(row).toHaveClass('live-row--red');
    const firstFlash = priceCell().querySelector('.live-flash');
    expect(firstFlash).not.toBeNull();
    expect(announcer).toHaveTextContent('廊坊某废旧钢材当前价20.00万元');

    backend.bid(7000, 250_000);
    act(() => liveService.resync(7000));
    await waitFor(() => expect(within(row!).getByText('25.00万元')).toBeInTheDocument());
    expect(within(row!).getByText('25.00%')).toBeInTheDocument();
    // A new flash element (keyed on the change): the CSS animation plays again.
    expect(priceCell().querySelector('.live-flash')).not.toBeNull();
    expect(priceCell().querySelector('.live-flash')).not.toBe(firstFlash);
    expect(announcer).toHaveTextContent('廊坊某废旧钢材当前价25.00万元');
    // The announcer never reads countdown seconds.
    expect(announcer.textContent).not.toMatch(/秒/);
  });
});

describe('/hall paging and search in the URL', () => {
  it('pages through hall/page (30 a page), keeps the page in the URL and sends current/size', async () => {
    const backend = use(hallBackend({ live: Array.from({ length: 45 }, (_, i) => bidEntryFixture(i, { assetsName: `拍品${i + 1}号` })), upcoming: [] }));
    const { container, router } = renderApp('/hall');
    await liveRows(container, 30);
    expect(within(container).getByText('拍品1号')).toBeInTheDocument();
    expect(backend.callsTo('hall/page')[0]?.body).toMatchObject({ current: 1, size: 30 });

    const pager = container.querySelector<HTMLElement>('.hall-pagination')!;
    await userEvent.click(within(pager).getByTitle('2'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ current: 2 }));
    await liveRows(container, 15);
    expect(within(container).getByText('拍品31号')).toBeInTheDocument();
    expect(backend.callsTo('hall/page').at(-1)?.body).toMatchObject({ current: 2, size: 30 });
  });

  it('searches by project name through the URL (assetsName), from page 1', async () => {
    const backend = use(
      hallBackend({
        live: [
          bidEntryFixture(0, { assetsName: '唐山港口起重机' }),
          bidEntryFixture(1, { assetsName: '石家庄写字楼' }),
          bidEntryFixture(2, { assetsName: '唐山运输车辆' }),
        ],
        upcoming: [upcomingFixture(0, { assetsName: '唐山即将竞价的厂房' }), upcomingFixture(1, { assetsName: '保定即将竞价的设备' })],
      }),
    );
    const { container, router } = renderApp('/hall?current=2');
    await waitFor(() => expect(within(container).getByRole('searchbox', { name: '按项目名称搜索' })).toBeInTheDocument(), { timeout: 10_000 });
    const box = within(container).getByRole('searchbox', { name: '按项目名称搜索' });
    await userEvent.type(box, '唐山{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ assetsName: '唐山' }));
    const rows = await liveRows(container, 2);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['唐山港口起重机', '唐山运输车辆']);
    expect(backend.callsTo('hall/page').at(-1)?.body).toEqual({ assetsName: '唐山', current: 1, size: 30 });
    // The upcoming list is searched with the same name.
    const upcoming = await within(container).findByTestId('upcoming-table');
    await waitFor(() => expect(within(upcoming).getAllByTestId('upcoming-row')).toHaveLength(1));
    expect(within(upcoming).getByText('唐山即将竞价的厂房')).toBeInTheDocument();
  });

  it("draws 即将竞价 under the live list once that list's first frame has come, not beside its skeleton", async () => {
    // Beside the skeleton its top was in a phone's first screen, and the live rows then pushed it out.
    use(hallBackend({ live: [bidEntryFixture(0, { assetsName: '唐山港口起重机' })], upcoming: [upcomingFixture(0, { assetsName: '唐山即将竞价的厂房' })] }));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Holds hall/page, then falls through to the backend's handler (a resolver that returns nothing).
    server.use(http.post('/api/dscq-sync/v1/bid-assets/hall/page', async () => void (await held)));
    const { container } = renderApp('/hall');
    await liveSection(container);
    await waitFor(() => expect(container.querySelector('[aria-labelledby="hall-live-title"] .ant-skeleton')).not.toBeNull());
    expect(container.querySelector('[aria-labelledby="hall-upcoming-title"]')).toBeNull();
    release();
    await liveRows(container, 1);
    const upcoming = await within(container).findByTestId('upcoming-table', undefined, { timeout: 10_000 });
    expect(within(upcoming).getByText('唐山即将竞价的厂房')).toBeInTheDocument();
  });

  it('accepts ?size= up to 2000 and renders long lists virtualised; a bigger size falls back to 30', async () => {
    const backend = use(hallBackend({ live: Array.from({ length: 600 }, (_, i) => bidEntryFixture(i)), upcoming: [] }));
    const { container } = renderApp('/hall?size=600');
    const table = await within(container).findByTestId('live-table', {}, { timeout: 10_000 });
    await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', '601'), { timeout: 10_000 });
    const rendered = container.querySelectorAll('[data-testid="live-row"]').length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(80); // only what is on screen, not 600 rows
    expect(backend.callsTo('hall/page')[0]?.body).toMatchObject({ size: 600 });
  });

  it('ignores a size above HALL_MAX_PAGE_SIZE', async () => {
    const backend = use(hallBackend({ live: [bidEntryFixture(0)], upcoming: [] }));
    const { container, router } = renderApp('/hall?size=5000');
    await liveRows(container, 1);
    expect(router.state.location.search).toEqual({});
    expect(backend.callsTo('hall/page')[0]?.body).toMatchObject({ size: 30 });
  });
});

describe('/hall states', () => {
  it('empty: 暂无正在竞价的项目', async () => {
    use(hallBackend({ live: [], upcoming: [] }));
    const { container } = renderApp('/hall');
    const section = await liveSection(container);
    expect(await within(section).findByText('暂无正在竞价的项目', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("error: shows the server's msg and 重试 fetches again", async () => {
    const backend = use(hallBackend({ live: [bidEntryFixture(0, { assetsName: '恢复后出现的拍品' })], upcoming: [] }));
    backend.state.hallFailure = { status: 500, msg: '竞价服务维护中，请稍后再试' };
    const { container } = renderApp('/hall');
    const section = await liveSection(container);
    expect(await within(section).findByText('竞价服务维护中，请稍后再试', {}, { timeout: 10_000 })).toBeInTheDocument();
    backend.state.hallFailure = null;
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: /重\s*试/ }));
    });
    expect(await within(section).findByText('恢复后出现的拍品', {}, { timeout: 5_000 })).toBeInTheDocument();
  });
});
