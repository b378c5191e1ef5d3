/**
 * /verify — 竞价记录核验 (docs/bidding.md "The bid record"): the published record of ?activityId= checked in
 * the browser (WebCrypto); a file with one amount changed refused with the bid named; a record whose head
 * was signed by another key; a receipt found in the fetched record's chain, and one whose record is not out yet.
 * And the room after the end: 电子竞价记录 下载 JSON (the record as served), 下载 PDF and 在线核验.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BidRecordAnswer } from '#domain/contract/bidReceipt';
import { frozenClock } from '../mocks/clock';
import { authMock } from '../mocks/handlers/auth';
import { quoteRoomBackend, ROOM_ACTIVITY_ID } from '../mocks/handlers/quote-room';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';
import { ACTIVITY_ID, exchangeKey, receiptFile, stampedRecord } from '../domain/bidRecord-fixtures';

const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });

const key = exchangeKey();
const record = stampedRecord(key, 12);
const envelope = (data: unknown) => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data });

/** The public record endpoint: the given record, or 409 before the end. */
function recordEndpoint(answer: BidRecordAnswer | 'notEnded') {
  const asked: number[] = [];
  server.use(
    http.get('/api/dscq-sync/v1/bidding/record', ({ request }) => {
      asked.push(Number(new URL(request.url).searchParams.get('activityId')));
      if (answer === 'notEnded') return HttpResponse.json({ code: 409, success: false, msg: '竞价尚未结束，出价记录在竞价结束后公开', data: null }, { status: 409 });
      return envelope(answer);
    }),
  );
  return asked;
}

let view: ReturnType<typeof renderApp> | undefined;
beforeEach(() => authMock.reset());
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function choose(files: Array<{ name: string; content: unknown }>) {
  const input = (await screen.findByLabelText(/选择文件/, {}, { timeout: 10_000 })) as HTMLInputElement;
  fireEvent.change(input, { target: { files: files.map((f) => new File([JSON.stringify(f.content, null, 2)], f.name, { type: 'application/json' })) } });
}

const verdict = () => screen.findByTestId('verify-verdict', {}, { timeout: 10_000 });
const checkTexts = () => within(screen.getByTestId('verify-checks')).getAllByRole('listitem').map((li) => li.textContent);

describe('/verify', () => {
  it('?activityId= fetches the published record and checks it here: every check 通过', async () => {
    const asked = recordEndpoint(record);
    view = renderApp(`/verify?activityId=${ACTIVITY_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: /竞价记录核验/ }, { timeout: 10_000 })).toBeTruthy();
    expect((await verdict()).textContent).toContain('电子竞价记录有效（JJ-2026-4242，共 12 笔出价）');
    expect(asked).toEqual([ACTIVITY_ID]);
    const texts = checkTexts();
    expect(texts).toContain('通过哈希链完整（共 12 笔出价，逐笔重新计算的哈希与记录一致）');
    expect(texts).toContain(`通过链头签名有效（交易所公钥 keyId ${key.keyId}）`);
    expect(texts).toContain('通过时间戳：2026-11-29 10:31:05.123 由 HBCQ Test TSA 签发，与链头一致');
    expect(texts.every((t) => t!.startsWith('通过'))).toBe(true);
    // The result region is a polite live region; the page has one h1; the record can be downloaded here too.
    expect(screen.getByTestId('verify-result').getAttribute('aria-live')).toBe('polite');
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(within(screen.getByTestId('verify-result')).getByRole('group', { name: '电子竞价记录' })).toBeTruthy();
  });

  it('a ceiling\'s bids read 代理 in the table; the mark is outside the chain, so the record stays valid', async () => {
    recordEndpoint({ ...record, bids: record.bids.map((b) => (b.seq === 3 ? { ...b, proxy: true as const } : b)) });
    view = renderApp(`/verify?activityId=${ACTIVITY_ID}`);
    expect((await verdict()).textContent).toContain('电子竞价记录有效');
    // The bid table sits in a closed <details>: read from the DOM.
    const rows = [...document.querySelectorAll('.verify-bids tbody tr')];
    expect(rows).toHaveLength(12);
    const marked = rows.filter((row) => row.textContent?.includes('代理'));
    expect(marked).toHaveLength(1);
    expect(marked[0]!.querySelector('td')!.textContent).toBe('3');
  });

  it('a chosen record with one amount changed is refused, naming the bid', async () => {
    recordEndpoint(record);
    view = renderApp('/verify');
    const tampered: BidRecordAnswer = JSON.parse(JSON.stringify(record));
    const bid = tampered.bids[6]!;
    bid.amount += 500;
    bid.amountFen += 50_000;
    await choose([{ name: '电子竞价记录-JJ-2026-4242.json', content: tampered }]);
    const text = (await verdict()).textContent!;
    expect(text).toContain(`第 7 笔出价（竞买号 ${bid.bidCode}）的金额或内容与哈希不符`);
    expect(checkTexts()).toContain(`不通过第 7 笔出价（竞买号 ${bid.bidCode}）的金额或内容与哈希不符（记录被改动）`);
    // The key compared with the exchange's published one (fetched), the chain never taken from it.
    expect(checkTexts()).toContain('通过所用公钥与交易所网站公布的公钥一致');
    expect(screen.getByText(/核验对象：电子竞价记录（文件「电子竞价记录-JJ-2026-4242.json」）/)).toBeTruthy();
  });

  it('a record whose head another key signed: 链头签名无效, key different from the published one', async () => {
    recordEndpoint(record);
    view = renderApp('/verify');
    const other = exchangeKey();
    const forged = stampedRecord(other, 12);
    await choose([{ name: 'forged.json', content: forged }]);
    expect((await verdict()).textContent).toContain('电子竞价记录未通过核验');
    const texts = checkTexts();
    expect(texts).toContain('通过哈希链完整（共 12 笔出价，逐笔重新计算的哈希与记录一致）');
    expect(texts).toContain('不通过所用公钥与交易所网站公布的公钥不同：记录不是本交易所签发');
    // The same file with the signature of the real key over another text: the signature fails.
    const badSignature = { ...record, headSignature: forged.headSignature };
    await choose([{ name: 'bad-signature.json', content: badSignature }]);
    await screen.findByText(/^电子竞价记录未通过核验：链头签名无效/, {}, { timeout: 10_000 });
  });

  it('a receipt as the room saves it: signature, and its hash in the fetched record’s chain', async () => {
    const asked = recordEndpoint(record);
    view = renderApp('/verify');
    const receipt = receiptFile(key, record, 5);
    await choose([{ name: `出价凭证-${ACTIVITY_ID}-5.json`, content: receipt }]);
    expect((await verdict()).textContent).toContain(`出价凭证有效（第 5 笔出价（竞买号 ${receipt.signed.bidCode}），在电子竞价记录中）`);
    expect(asked).toEqual([ACTIVITY_ID]);
    const texts = checkTexts();
    expect(texts).toContain(`通过出价凭证签名有效（第 5 笔出价（竞买号 ${receipt.signed.bidCode}），交易所公钥 keyId ${key.keyId}）`);
    expect(texts).toContain('通过凭证的哈希在电子竞价记录的哈希链中（第 5 笔）');
  });

  it('a receipt before the end: its signature holds, the chain cannot be compared yet', async () => {
    recordEndpoint('notEnded');
    view = renderApp('/verify');
    const receipt = receiptFile(key, record, 2);
    await choose([{ name: 'receipt.json', content: receipt }]);
    expect((await verdict()).textContent).toContain('出价凭证有效');
    expect(checkTexts()).toContain(`说明未能取得竞价活动 ${ACTIVITY_ID} 的电子竞价记录（竞价尚未结束，出价记录在竞价结束后公开），暂无法核对凭证的哈希是否在哈希链中`);
    // A changed receipt pasted as text: refused.
    fireEvent.change(screen.getByLabelText('或粘贴 JSON 内容'), { target: { value: JSON.stringify({ ...receipt, signed: { ...receipt.signed, amount: 1 } }) } });
    fireEvent.click(screen.getByRole('button', { name: '核验粘贴的内容' }));
    await screen.findByText(/出价凭证未通过核验：出价凭证签名无效/, {}, { timeout: 10_000 });
  });

  it('a file that is neither: a plain refusal', async () => {
    view = renderApp('/verify');
    await choose([{ name: 'other.json', content: { hello: 1 } }]);
    expect((await screen.findByTestId('verify-error', {}, { timeout: 10_000 })).textContent).toContain('文件「other.json」：内容不是电子竞价记录或出价凭证');
  });
});

describe('the room after the end: 电子竞价记录', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    vi.restoreAllMocks();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('下载 JSON saves the published record; 下载 PDF and 在线核验 link to it', async () => {
    frozenClock();
    const backend = quoteRoomBackend();
    backend.end('failed');
    server.use(...backend.handlers);
    const roomRecord = { ...record, activityId: ROOM_ACTIVITY_ID };
    const asked = recordEndpoint(roomRecord);
    authMock.signIn('demo_person');
    view = renderApp(`/quoteHall?activityId=${ROOM_ACTIVITY_ID}`);
    const result = await screen.findByTestId('room-result', {}, { timeout: 10_000 });
    const links = await within(result).findByRole('group', { name: '电子竞价记录' }, { timeout: 10_000 });
    expect(within(links).getByRole('link', { name: /下载 PDF/ }).getAttribute('href')).toBe(`/api/dscq-sync/v1/bidding/record.pdf?activityId=${ROOM_ACTIVITY_ID}`);
    expect(within(links).getByRole('link', { name: /在线核验/ }).getAttribute('href')).toBe(`#/verify?activityId=${ROOM_ACTIVITY_ID}`);
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:record';
      }),
      revokeObjectURL: vi.fn(),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(within(links).getByRole('button', { name: /下载 JSON/ }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled(), { timeout: 5_000 });
    expect(asked).toEqual([ROOM_ACTIVITY_ID]);
    expect(JSON.parse(await blobs[0]!.text())).toEqual(roomRecord);
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('电子竞价记录-JJ-2026-4242.json');
  });
});
