/**
 * The live lists' delta codec (workers/protocol/frames.ts), pure: encode per sink → decode = the full frames,
 * whatever changes between frames (prices, order, membership, meta), and a delta never decodes alone.
 */
import { describe, expect, it } from 'vitest';
import { COUNTDOWN_OVER_TEXT } from '#domain/rules/bidding';
import { biddingDataCodec, FrameDecodeError, isOverText, listCodec, type LiveListFrame, type LiveListMeta } from '../../workers/protocol/frames';

interface Row {
  activityId: number;
  price: number;
}

const meta = (over: Partial<LiveListMeta> = {}): LiveListMeta => ({ status: 'ready', error: null, total: 3, current: 1, size: 30, pages: 1, ...over });
const frame = (serverNow: number, rows: readonly Row[], m: LiveListMeta): LiveListFrame<Row> => ({
  serverNow,
  synced: true,
  meta: m,
  rows,
  remaining: rows.map((r) => `${r.activityId}@${serverNow}`),
});

describe('listCodec', () => {
  it('round-trips a sequence of frames with price, order, membership and meta changes', () => {
    const a = { activityId: 1, price: 10 };
    const b = { activityId: 2, price: 20 };
    const c = { activityId: 3, price: 30 };
    const m1 = meta();
    const rows1 = [a, b, c];
    const b2 = { ...b, price: 25 };
    const rows2 = [a, b2, c];
    const rows3 = [c, a, b2]; // reordered
    const d = { activityId: 4, price: 40 };
    const rows4 = [c, d]; // a and b left, d joined
    const m2 = meta({ total: 2 });
    const frames = [
      frame(1000, rows1, m1),
      frame(2000, rows1, m1),
      frame(3000, rows2, m1),
      frame(4000, rows3, m1),
      frame(5000, rows4, m2),
      frame(6000, rows4, m2),
    ];
    const encode = listCodec<Row>().createEncoder();
    const wires = frames.map(encode);
    expect(wires[0]).toMatchObject({ f: 1, i: [1, 2, 3], r: rows1, m: m1 });
    expect(wires[1]).toEqual({ s: 2000, y: true, t: ['1@2000', '2@2000', '3@2000'] });
    expect(wires[2]).toEqual({ s: 3000, y: true, r: [b2], t: ['1@3000', '2@3000', '3@3000'] });
    expect(wires[3]).toEqual({ s: 4000, y: true, i: [3, 1, 2], t: ['3@4000', '1@4000', '2@4000'] });
    expect(wires[4]).toEqual({ s: 5000, y: true, m: m2, i: [3, 4], r: [d], t: ['3@5000', '4@5000'] });
    expect(wires[5]).toEqual({ s: 6000, y: true, t: ['3@6000', '4@6000'] });

    const decode = listCodec<Row>().createDecoder();
    const decoded = wires.map((w) => decode(structuredClone(w))); // as over postMessage
    expect(decoded).toEqual(frames);
    // Unchanged rows keep one array between frames on the decoding side too.
    expect(decoded[1]!.rows).toBe(decoded[0]!.rows);
    expect(decoded[5]!.rows).toBe(decoded[4]!.rows);
  });

  it('leaves the countdowns out of a frame between ticks (a pushed price: same texts) and decodes the previous ones', () => {
    const a = { activityId: 1, price: 10 };
    const b = { activityId: 2, price: 20 };
    const m = meta();
    const first = frame(1000, [a, b], m);
    const b2 = { ...b, price: 25 };
    const pushed: LiveListFrame<Row> = { ...first, rows: [a, b2], remaining: [...first.remaining] }; // same second, new array
    const next = frame(2000, [a, b2], m);
    const encode = listCodec<Row>().createEncoder();
    const wires = [first, pushed, next].map(encode);
    expect(wires[1]).toEqual({ s: 1000, y: true, r: [b2] });
    expect(wires[2]).toEqual({ s: 2000, y: true, t: ['1@2000', '2@2000'] });
    const decode = listCodec<Row>().createDecoder();
    const decoded = wires.map((w) => decode(structuredClone(w)));
    expect(decoded).toEqual([first, pushed, next]);
    expect(decoded[1]!.remaining).toBe(decoded[0]!.remaining);
  });

  it('holds a frame between ticks that changes only rows off focus; the next frame sent carries the change', () => {
    const a = { activityId: 1, price: 10 };
    const b = { activityId: 2, price: 20 };
    const m = meta();
    const first = frame(1000, [a, b], m);
    const onScreen = new Set([1]);
    const hold = (id: number) => !onScreen.has(id);
    const encode = listCodec<Row>().createEncoder();
    expect(encode.holds!(first, hold)).toBe(false); // nothing sent yet: the full frame goes
    encode(first);

    const b2 = { ...b, price: 25 };
    const offScreenBid: LiveListFrame<Row> = { ...first, rows: [a, b2], remaining: [...first.remaining] };
    expect(encode.holds!(offScreenBid, hold)).toBe(true);
    const a2 = { ...a, price: 15 };
    const onScreenBid: LiveListFrame<Row> = { ...first, rows: [a2, b2], remaining: [...first.remaining] };
    expect(encode.holds!(onScreenBid, hold)).toBe(false);
    // A tick, a new meta or a new order always crosses.
    expect(encode.holds!(frame(2000, [a, b2], m), hold)).toBe(false);
    expect(encode.holds!({ ...offScreenBid, meta: meta({ total: 9 }) }, hold)).toBe(false);
    expect(encode.holds!({ ...offScreenBid, rows: [b2, a], remaining: [...first.remaining].reverse() }, hold)).toBe(false);

    // The held frame was skipped: the tick's frame carries b's new price.
    const next = frame(2000, [a, b2], m);
    expect(encode(next)).toEqual({ s: 2000, y: true, r: [b2], t: ['1@2000', '2@2000'] });
  });

  it('a second encoder (a late sink) starts with a full frame; a new decoder needs one', () => {
    const rows = [{ activityId: 7, price: 1 }];
    const m = meta();
    const first = listCodec<Row>().createEncoder();
    first(frame(1000, rows, m));
    const delta = first(frame(2000, rows, m));
    expect(() => listCodec<Row>().createDecoder()(delta)).toThrow(FrameDecodeError);

    const late = listCodec<Row>().createEncoder();
    const wire = late(frame(3000, rows, m));
    expect(wire.f).toBe(1);
    expect(listCodec<Row>().createDecoder()(wire)).toEqual(frame(3000, rows, m));
  });

  it('rejects a frame whose countdowns do not match its rows', () => {
    const decode = listCodec<Row>().createDecoder();
    expect(() => decode({ f: 1, s: 0, y: true, m: meta(), i: [1], r: [{ activityId: 1, price: 1 }], t: [] })).toThrow(/countdowns/);
  });
});

describe('biddingDataCodec', () => {
  it('sends the data on the first frame and when it changed; decodes to full frames', () => {
    const data1 = { activityId: 5, biddingPrice: 1 } as never;
    const data2 = { activityId: 5, biddingPrice: 2 } as never;
    const m = { status: 'ready' as const, error: null };
    const frames = [
      { serverNow: 1000, synced: true, meta: m, data: data1, remaining: '00时00分09秒', over: false },
      { serverNow: 2000, synced: true, meta: m, data: data1, remaining: '00时00分08秒', over: false },
      { serverNow: 3000, synced: true, meta: m, data: data2, remaining: COUNTDOWN_OVER_TEXT, over: true },
    ];
    const encode = biddingDataCodec().createEncoder();
    const wires = frames.map(encode);
    expect(wires.map((w) => 'd' in w)).toEqual([true, false, true]);
    const decode = biddingDataCodec().createDecoder();
    expect(wires.map((w) => decode(structuredClone(w)))).toEqual(frames);
  });
});

it('isOverText', () => {
  expect(isOverText(COUNTDOWN_OVER_TEXT)).toBe(true);
  expect(isOverText('00时00分01秒')).toBe(false);
});
