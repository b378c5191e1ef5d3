/**
 * A lot's one next step for the visitor reading its page, and the one countdown that goes with it — both
 * from the one lot state (`ListedAsset.lot`, domain/rules/lotState.ts) and the visitor's own enrolment,
 * never from the listing's own text: a lot in bidding never offers 报名参与 or counts down to an
 * enrolment deadline, a lot about to be auctioned counts down to its start.
 */
import type { MyLot } from '../contract/desk';
import type { LotStatus } from '../contract/lotState';
import { chinaTimeToEpoch } from './chinaTime';

export type LotNextAction =
  /** 报名参与: the enrolment form (or the login prompt). */
  | 'enrol'
  /** 缴纳保证金: the user's enrolment waits for its deposit. */
  | 'payDeposit'
  /** The enrolment or the deposit is with the exchange (review, a proof, a payment in progress). */
  | 'waiting'
  /** 进入竞价室: qualified in the lot's activity. */
  | 'enterRoom'
  /** 报名未通过 */
  | 'refused'
  /** 报名已截止 (and the user is not in). */
  | 'closed'
  /** 预披露 / not open for enrolment. */
  | 'notOpen'
  /** 查看结果: the auction is over. */
  | 'viewResult';

export interface LotCountdown {
  label: '距报名截止' | '距竞价开始' | '距竞价结束';
  /** 'YYYY-MM-DD HH:mm:ss' China time. */
  deadline: string;
}

export interface LotNextStep {
  action: LotNextAction;
  /** The button's (or the note's) words. */
  label: string;
  countdown: LotCountdown | null;
}

type Mine = Pick<MyLot, 'enrolment' | 'bidCode'> | null | undefined;

const QUALIFIED_DEPOSITS = new Set(['confirmed', 'kept', 'converted']);

/** Where the visitor's own enrolment stands: none, refused, waiting for him (deposit), waiting for the exchange, or in. */
function standing(mine: Mine): 'none' | 'refused' | 'payDeposit' | 'waiting' | 'qualified' {
  if (!mine || (mine.enrolment === null && mine.bidCode === null)) return 'none';
  if (mine.bidCode !== null) return 'qualified';
  const e = mine.enrolment!;
  if (e.status === 'rejected') return 'refused';
  if (e.status === 'qualified' || (e.depositStatus !== null && QUALIFIED_DEPOSITS.has(e.depositStatus))) return 'waiting';
  if (e.depositStatus === 'pending' || e.status === 'depositPending') return 'payDeposit';
  return 'waiting';
}

const WAITING_LABEL = '报名审核中';

export function lotNextStep(lot: LotStatus, enrollEndTime: string, mine: Mine, nowMs: number): LotNextStep {
  const me = standing(mine);
  const enrolmentOpen = (chinaTimeToEpoch(enrollEndTime) ?? 0) > nowMs;
  const untilEnrolEnd: LotCountdown = { label: '距报名截止', deadline: enrollEndTime };
  const untilStart: LotCountdown | null = lot.biddingStartTime ? { label: '距竞价开始', deadline: lot.biddingStartTime } : null;
  const untilEnd: LotCountdown | null = lot.biddingEndTime ? { label: '距竞价结束', deadline: lot.biddingEndTime } : null;
  const mineStep = (countdown: LotCountdown | null, open: boolean): LotNextStep => {
    switch (me) {
      case 'qualified':
        return lot.activityId !== null ? { action: 'enterRoom', label: '进入竞价室', countdown } : { action: 'waiting', label: '已取得竞买资格', countdown };
      case 'payDeposit':
        return open ? { action: 'payDeposit', label: '缴纳保证金', countdown } : { action: 'closed', label: '报名已截止', countdown };
      case 'waiting':
        return { action: 'waiting', label: WAITING_LABEL, countdown };
      case 'refused':
        return { action: 'refused', label: '报名未通过', countdown };
      case 'none':
        return open ? { action: 'enrol', label: '报名参与', countdown } : { action: 'closed', label: '报名已截止', countdown };
    }
  };
  switch (lot.status) {
    case 'bidding':
      return mineStep(untilEnd, false);
    case 'upcoming':
      // Still enrolling before an announced auction: the nearer deadline is the one that matters.
      if (enrolmentOpen && me !== 'qualified') return mineStep(untilEnrolEnd, true);
      return mineStep(untilStart, false);
    case 'enrolmentClosed':
      return mineStep(untilStart, false);
    case 'enrolling':
      return mineStep(enrolmentOpen ? untilEnrolEnd : untilStart, enrolmentOpen);
    case 'suspended':
      // The clock stands still: no countdown; a bidder reads the reason in the room.
      return me === 'qualified' ? { action: 'enterRoom', label: '进入竞价室', countdown: null } : { action: 'closed', label: '竞价已中止', countdown: null };
    case 'preDisclosure':
      return { action: 'notOpen', label: '预披露中，暂不接受报名', countdown: null };
    case 'ended':
    case 'dealDone':
    case 'failed':
    case 'terminated':
      return { action: 'viewResult', label: '查看结果', countdown: null };
    case 'unknown':
      return { action: 'notOpen', label: '暂不可报名', countdown: null };
  }
}
