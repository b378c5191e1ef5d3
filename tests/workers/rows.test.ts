/**
 * One source per row: of the states a hall row's sources carry (the hall list, bidding-rate, push events)
 * the newest by lockVersion (then server time) is shown whole, and the room's data takes a push event
 * only when it is newer — the rule of domain/rules/liveValues.ts `newerState`, not "more bids is newer".
 */
import { describe, expect, it } from 'vitest';
import type { BiddingData, RateEntry } from '#domain/contract/hall';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import { applyToBiddingData, newerEvent } from '../../workers/pushApply';
import { countdownTexts, entryState, eventState, rateState, toBidRow } from '../../workers/rows';
import { changeEvent, lot } from './liveServer';

const T = Date.UTC(2026, 0, 10, 2, 0, 0);

const rate = (over: Partial<RateEntry> = {}): RateEntry => ({
  activityId: 100,
  lockVersion: 0,
  status: 'live',
  startPrice: 100_000,
  biddingPrice: 100_000,
  leaderBidCode: null,
  maxPrice: 100_000,
  biddingCount: 0,
  endTime: T + 3_600_000,
  premiumRate: '---',
  ...over,
});

const change = (over: Partial<LiveChangeEvent> = {}): LiveChangeEvent => changeEvent(T, { lockVersion: 1, ...over });

describe('toBidRow: the newest source, whole', () => {
  it('a newer rate wins; an older one (a late answer) does not', () => {
    const entry = lot(0, T, { lockVersion: 3, biddingPrice: 130_000, maxPrice: 130_000, biddingCount: 3 });
    expect(toBidRow(entry, T, rateState(rate({ lockVersion: 4, biddingPrice: 140_000, maxPrice: 140_000, biddingCount: 4 }), T - 500))).toMatchObject({
      biddingPrice: 140_000,
      biddingCount: 4,
      premiumRate: '40.00%',
    });
    expect(toBidRow(entry, T, rateState(rate({ lockVersion: 2, biddingPrice: 120_000, maxPrice: 120_000, biddingCount: 2 }), T + 500))).toMatchObject({
      biddingPrice: 130_000,
      biddingCount: 3,
      premiumRate: '30.00%',
    });
  });

  it('a dutch acceptance ends the lot early: the newer state’s status and earlier end are taken (no "later end wins")', () => {
    const entry = lot(0, T, { mode: 'dutch-auction', lockVersion: 0, biddingPrice: 98_000, maxPrice: 98_000, endTime: T + 600_000 });
    const accepted = rateState(rate({ lockVersion: 2, status: 'ended', biddingPrice: 97_000, maxPrice: 97_000, biddingCount: 1, endTime: T + 5_000 }), T + 6_000);
    expect(toBidRow(entry, T, accepted)).toMatchObject({ status: 'ended', endTime: T + 5_000, biddingPrice: 97_000, premiumRate: '3.00%', tone: 'red' });
  });

  it('at an equal lockVersion the later answer wins: a dutch price that fell since the rate was read', () => {
    const entry = lot(0, T, { mode: 'dutch-auction', lockVersion: 0, biddingPrice: 97_000, maxPrice: 97_000 });
    const olderRate = rateState(rate({ biddingPrice: 98_000, maxPrice: 98_000 }), T - 1_000);
    expect(toBidRow(entry, T, olderRate)).toMatchObject({ biddingPrice: 97_000, premiumRate: '---', tone: 'red' });
    const laterRate = rateState(rate({ biddingPrice: 96_000, maxPrice: 96_000 }), T + 1_000);
    expect(toBidRow(entry, T, laterRate)).toMatchObject({ biddingPrice: 96_000 });
  });

  it('a sealed lot with offers reads --- (the public view keeps the start price)', () => {
    const entry = lot(0, T, { mode: 'onceOff', lockVersion: 3, biddingCount: 3 });
    expect(toBidRow(entry, T)).toMatchObject({ status: 'live', premiumRate: '---', tone: 'red', biddingPrice: 100_000 });
    // Its push events carry no prices: the public (start) price stays; the count moves.
    const sealedEvent = change({ lockVersion: 4, biddingCount: 4, biddingPrice: undefined, maxPrice: undefined, leaderBidCode: undefined });
    expect(toBidRow(entry, T, eventState(sealedEvent, entryState(entry, T)))).toMatchObject({ biddingCount: 4, biddingPrice: 100_000, premiumRate: '---' });
    // The end reveals the winner.
    const revealed = change({ lockVersion: 5, status: 'ended', biddingCount: 4, biddingPrice: 108_000, maxPrice: 108_000 });
    expect(toBidRow(entry, T, eventState(revealed, entryState(entry, T)))).toMatchObject({ status: 'ended', biddingPrice: 108_000, premiumRate: '8.00%' });
  });

  it('the floor: a suspension event makes the row suspended with its reason and frozen time; the resumption clears them', () => {
    const entry = lot(0, T, { lockVersion: 3, biddingCount: 3, biddingPrice: 103_000, maxPrice: 103_000 });
    const suspended = eventState(change({ lockVersion: 4, status: 'suspended', biddingCount: 3, biddingPrice: 103_000, maxPrice: 103_000, suspendReason: '系统维护', remainingMs: 125_000 }), entryState(entry, T));
    const row = toBidRow(entry, T, suspended);
    expect(row).toMatchObject({ status: 'suspended', suspendReason: '系统维护', remainingMs: 125_000, biddingPrice: 103_000, outcome: null });
    // The countdown stands still at the time that was left, whatever the clock says.
    expect(countdownTexts([row], (r) => r, T + 3_600_000)).toEqual(['00时02分00秒']);
    // A hall entry of a suspended lot says so by its reason (hall rows are live or suspended).
    expect(toBidRow(lot(0, T, { lockVersion: 4, suspendReason: '系统维护', remainingMs: 125_000 }), T)).toMatchObject({ status: 'suspended', suspendReason: '系统维护' });
    const resumed = eventState(change({ lockVersion: 5, status: 'live', biddingCount: 3, biddingPrice: 103_000, maxPrice: 103_000, endTime: T + 600_000 }), entryState(entry, T));
    expect(toBidRow(entry, T, suspended, resumed)).toMatchObject({ status: 'live', suspendReason: null, remainingMs: null, endTime: T + 600_000 });
    const terminated = eventState(change({ lockVersion: 6, status: 'ended', outcome: 'terminated', terminateReason: '撤牌' }), entryState(entry, T));
    expect(toBidRow(entry, T, resumed, terminated)).toMatchObject({ status: 'ended', outcome: 'terminated', suspendReason: null });
  });

  it('the newest of hall, rate and event, whatever the order they are given in', () => {
    const entry = lot(0, T, { lockVersion: 1, biddingCount: 1, biddingPrice: 101_000, maxPrice: 101_000 });
    const r = rateState(rate({ lockVersion: 2, biddingCount: 2, biddingPrice: 102_000, maxPrice: 102_000 }), T);
    const e = eventState(change({ lockVersion: 3, biddingCount: 3, biddingPrice: 103_000, maxPrice: 103_000 }), entryState(entry, T));
    expect(toBidRow(entry, T, r, e).biddingPrice).toBe(103_000);
    expect(toBidRow(entry, T, e, r).biddingPrice).toBe(103_000);
    expect(toBidRow(entry, T, undefined, r).biddingPrice).toBe(102_000);
  });
});

describe('push events against the room’s data', () => {
  const data = (over: Partial<BiddingData> = {}): BiddingData => ({
    activityId: 100,
    lockVersion: 3,
    assetsId: 500,
    assetsName: '拍品0',
    projectType: 0,
    mode: 'ongoing',
    status: 'live',
    outcome: null,
    serverTime: T,
    startTime: T - 3_600_000,
    endTime: T + 3_600_000,
    originalEndTime: T + 3_600_000,
    extensionCount: 0,
    startPrice: 100_000,
    increment: 1_000,
    biddingPrice: 103_000,
    maxPrice: 103_000,
    biddingCount: 3,
    leaderBidCode: 'B003',
    bids: [],
    myBidCode: null,
    ...over,
  });

  it('applies a newer event whole and keeps the object for an older or equal one', () => {
    const polled = data();
    expect(applyToBiddingData(polled, change({ lockVersion: 2, biddingCount: 2 }))).toBe(polled);
    expect(applyToBiddingData(polled, change({ lockVersion: 3, biddingCount: 3, serverTime: T - 1 }))).toBe(polled);
    const next = applyToBiddingData(polled, change({ lockVersion: 4, biddingCount: 4, biddingPrice: 104_000, maxPrice: 104_000, leaderBidCode: 'B009' }));
    expect(next).toMatchObject({ lockVersion: 4, biddingCount: 4, biddingPrice: 104_000, leaderBidCode: 'B009' });
  });

  it('a dutch acceptance moves the end earlier', () => {
    const polled = data({ mode: 'dutch-auction', biddingCount: 0, lockVersion: 0, endTime: T + 600_000 });
    const next = applyToBiddingData(polled, change({ lockVersion: 1, status: 'ended', outcome: 'sold', endTime: T + 5_000 }));
    expect(next).toMatchObject({ status: 'ended', outcome: 'sold', endTime: T + 5_000 });
  });

  it('the floor’s fields come whole with a newer event: set by a suspension, gone after the resumption', () => {
    const polled = data();
    const suspended = applyToBiddingData(polled, change({ lockVersion: 4, status: 'suspended', biddingCount: 3, biddingPrice: 103_000, maxPrice: 103_000, suspendReason: '核实', remainingMs: 60_000 }));
    expect(suspended).toMatchObject({ status: 'suspended', suspendReason: '核实', remainingMs: 60_000, biddingCount: 3 });
    const resumed = applyToBiddingData(suspended, change({ lockVersion: 5, status: 'live', biddingCount: 3, biddingPrice: 103_000, maxPrice: 103_000, endTime: T + 900_000 }));
    expect(resumed).toMatchObject({ status: 'live', endTime: T + 900_000 });
    expect('suspendReason' in resumed || 'remainingMs' in resumed).toBe(false);
    const terminated = applyToBiddingData(resumed, change({ lockVersion: 6, status: 'ended', outcome: 'terminated', terminateReason: '撤牌' }));
    expect(terminated).toMatchObject({ status: 'ended', outcome: 'terminated', terminateReason: '撤牌' });
    // An equal state keeps the object (no re-render), the floor's fields included.
    expect(applyToBiddingData(suspended, change({ lockVersion: 4, status: 'suspended', biddingCount: 3, biddingPrice: 103_000, maxPrice: 103_000, suspendReason: '核实', remainingMs: 60_000, serverTime: T - 1 }))).toBe(suspended);
  });

  it('orders events by the same rule', () => {
    expect(newerEvent(undefined, change())).toBe(true);
    expect(newerEvent(change({ lockVersion: 5 }), change({ lockVersion: 4, biddingCount: 9 }))).toBe(false);
    expect(newerEvent(change({ lockVersion: 5 }), change({ lockVersion: 6 }))).toBe(true);
  });
});
