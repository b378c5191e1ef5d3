/** The one judicial catalogue's rule (domain/rules/judicial.ts): court words as the hall's stages, and the order. */
import { describe, expect, it } from 'vitest';
import { compareCatalogue, courtItemLot, courtItemStage, type CatalogueKey } from '#domain/rules/judicial';

describe('courtItemStage', () => {
  it.each([
    ['即将开始', 'upcoming', '即将竞价'],
    ['正在报名', 'enrolling', '正在报名'],
    ['进行中', 'bidding', '竞价中'],
    ['已结束', 'ended', '已结束'],
    ['已成交', 'dealDone', '已成交'],
    ['已流拍', 'failed', '流拍'],
    ['中止', 'suspended', '已中止'],
    ['已撤回', 'terminated', '已终结'],
    ['预披露', 'preDisclosure', '预披露'],
    ['报名已截止', 'enrolmentClosed', '报名已截止'],
    ['其他', 'unknown', '--'],
    ['', 'unknown', '--'],
  ] as const)('%s → %s (%s)', (word, stage, label) => {
    expect(courtItemStage(word)).toBe(stage);
    expect(courtItemLot(word)).toMatchObject({ status: stage, label, activityId: null, price: null, biddingCount: 0 });
  });
});

describe('compareCatalogue', () => {
  const key = (status: CatalogueKey['status'], startTime: number | null, endTime: number | null, k: string): CatalogueKey => ({ status, startTime, endTime, key: k });

  it('live (soonest end) · upcoming (soonest start, untimed last) · enrolling · pre-disclosure · ended (latest first) · unknown', () => {
    const keys = [
      key('unknown', 1, null, 'u'),
      key('ended', 100, null, 'e-old'),
      key('failed', 300, null, 'f-new'),
      key('enrolling', 50, null, 'en-late'),
      key('enrolling', 20, null, 'en-soon'),
      key('preDisclosure', null, null, 'pre'),
      key('enrolmentClosed', null, null, 'closed-untimed'),
      key('upcoming', 40, null, 'up-late'),
      key('upcoming', 30, null, 'up-soon'),
      key('suspended', 1, 900, 'sus'),
      key('bidding', 5, 500, 'live'),
    ];
    expect(keys.sort(compareCatalogue).map((k) => k.key)).toEqual([
      'live', 'sus', 'up-soon', 'up-late', 'closed-untimed', 'en-soon', 'en-late', 'pre', 'f-new', 'e-old', 'u',
    ]);
  });

  it('breaks ties by the key, so pages never overlap', () => {
    const a = key('upcoming', 10, null, 'SF1');
    const b = key('upcoming', 10, null, 'lot-2');
    expect([b, a].sort(compareCatalogue)).toEqual([a, b]);
    expect(compareCatalogue(a, a)).toBe(0);
  });
});
