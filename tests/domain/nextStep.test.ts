/** A lot's one next step and countdown come from the one lot state and the visitor's own enrolment. */
import { describe, expect, it } from 'vitest';
import type { MyLot } from '#domain/contract/desk';
import type { LotStatus } from '#domain/contract/lotState';
import { chinaTimeToEpoch } from '#domain/rules/chinaTime';
import { lotNextStep } from '#domain/rules/nextStep';

const NOW = chinaTimeToEpoch('2026-11-27 10:00:00')!;
const ENROL_END = '2026-12-14 18:00:00';

function lot(over: Partial<LotStatus>): LotStatus {
  return { status: 'enrolling', label: '正在报名', activityId: null, activityStatus: null, mode: null, biddingStartTime: null, biddingEndTime: null, price: null, priceLabel: null, biddingCount: 0, ...over };
}
const live = lot({ status: 'bidding', label: '竞价中', activityId: 7, activityStatus: 'live', mode: 'ongoing', biddingStartTime: '2026-11-27 09:00:00', biddingEndTime: '2026-11-27 10:02:00' });
const upcoming = lot({ status: 'upcoming', label: '即将竞价', activityId: 8, activityStatus: 'scheduled', mode: 'ongoing', biddingStartTime: '2026-11-28 09:05:00', biddingEndTime: '2026-11-28 10:05:00' });

const mine = (over: Partial<NonNullable<MyLot['enrolment']>> | null, bidCode: string | null = null): Pick<MyLot, 'enrolment' | 'bidCode'> => ({
  enrolment: over === null ? null : { id: 3, status: 'submitted', statusText: '待审核', depositId: null, depositStatus: null, ...over },
  bidCode,
});

describe('lotNextStep', () => {
  it('never offers 报名参与 nor counts to the enrolment deadline while the lot is in bidding, whatever the listing says', () => {
    expect(lotNextStep(live, ENROL_END, null, NOW)).toEqual({ action: 'closed', label: '报名已截止', countdown: { label: '距竞价结束', deadline: '2026-11-27 10:02:00' } });
    expect(lotNextStep(live, ENROL_END, mine({ status: 'qualified', depositStatus: 'confirmed' }, '1203'), NOW)).toMatchObject({ action: 'enterRoom', label: '进入竞价室' });
  });

  it('counts to the start of an announced auction once enrolment has closed, and to the enrolment deadline while it is open', () => {
    expect(lotNextStep(upcoming, '2026-11-26 18:00:00', null, NOW)).toEqual({ action: 'closed', label: '报名已截止', countdown: { label: '距竞价开始', deadline: '2026-11-28 09:05:00' } });
    expect(lotNextStep(upcoming, '2026-11-27 18:00:00', null, NOW)).toEqual({ action: 'enrol', label: '报名参与', countdown: { label: '距报名截止', deadline: '2026-11-27 18:00:00' } });
    expect(lotNextStep(upcoming, '2026-11-27 18:00:00', mine({ status: 'qualified', depositStatus: 'confirmed' }, '1201'), NOW)).toMatchObject({
      action: 'enterRoom',
      countdown: { label: '距竞价开始' },
    });
  });

  it('walks an enrolling lot through the visitor\'s own steps', () => {
    const enrolling = lot({});
    expect(lotNextStep(enrolling, ENROL_END, undefined, NOW)).toMatchObject({ action: 'enrol', countdown: { label: '距报名截止', deadline: ENROL_END } });
    expect(lotNextStep(enrolling, ENROL_END, mine({ status: 'reviewing' }), NOW)).toMatchObject({ action: 'waiting', label: '报名审核中' });
    expect(lotNextStep(enrolling, ENROL_END, mine({ status: 'depositPending', depositId: 4, depositStatus: 'pending' }), NOW)).toMatchObject({ action: 'payDeposit', label: '缴纳保证金' });
    expect(lotNextStep(enrolling, ENROL_END, mine({ status: 'rejected' }), NOW)).toMatchObject({ action: 'refused', label: '报名未通过' });
    // A deposit due after enrolment closed can no longer be paid.
    expect(lotNextStep(enrolling, '2026-11-27 09:00:00', mine({ status: 'depositPending', depositStatus: 'pending' }), NOW)).toMatchObject({ action: 'closed' });
  });

  it('counts nothing down while the auction is suspended: a bidder goes to the room to read why', () => {
    const suspended = { ...live, status: 'suspended' as const, label: '已中止' as const, activityStatus: 'suspended' as const };
    expect(lotNextStep(suspended, ENROL_END, null, NOW)).toEqual({ action: 'closed', label: '竞价已中止', countdown: null });
    expect(lotNextStep(suspended, ENROL_END, mine({ status: 'qualified' }, '1203'), NOW)).toEqual({ action: 'enterRoom', label: '进入竞价室', countdown: null });
  });

  it('offers nothing to do before the formal listing, and the result after the end', () => {
    expect(lotNextStep(lot({ status: 'preDisclosure', label: '预披露' }), ENROL_END, null, NOW)).toEqual({ action: 'notOpen', label: '预披露中，暂不接受报名', countdown: null });
    for (const status of ['ended', 'dealDone', 'failed', 'terminated'] as const) {
      expect(lotNextStep(lot({ status, activityId: 9, activityStatus: 'ended' }), ENROL_END, mine({ status: 'qualified' }, '1202'), NOW)).toEqual({ action: 'viewResult', label: '查看结果', countdown: null });
    }
  });
});
