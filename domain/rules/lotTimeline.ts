/**
 * The life of a lot, as one pure rule: its stages and the checks a lot and its auction must pass before
 * staff may publish the lot or schedule (or change) its auction. The server runs these checks when a
 * publication or a change is prepared AND again when a second member approves it (time has moved on);
 * the console runs them to show the problems before anyone submits.
 *
 *   草稿 → 预披露 → 正式挂牌（公告期 / 报名） → 报名截止 → 保证金截止 → 竞价 → 成交 / 流拍 / 中止 / 终结 → 结果公示 → 交割
 *
 * The periods that differ by asset type are data (DEFAULT_LOT_TIMELINE_SETTINGS), with the published
 * rules' values as defaults (the work-system guide; docs/listings.md "The lot's timeline"):
 * - state-owned equity (企业国有产权): formal disclosure at least 20 working days, counted from the
 *   listing's start to its enrolment deadline;
 * - judicial sales: the auction notice at least 15 days ahead for movables, 30 days for real estate,
 *   counted from the listing's start to the auction's start; a second auction may cut the first's start
 *   price by at most 20 %;
 * - every other lot: at least 10 working days of disclosure (the exchange's own rule for physical assets).
 * Enrolment and the deposit close before bidding opens, the deposit deadline at least one working day
 * before the auction's start; one open auction per lot. Working days are Monday–Friday in China time
 * (addWorkingDays, no holiday calendar). Every problem is a Chinese sentence the staff member reads.
 */
import { formatChinaTime } from './chinaTime';
import { addWorkingDays } from './settlement';
import { LOT_ASSET_CLASSES, LOT_STAGES, type LotAssetClass, type LotStage } from '../contract/staffLots';

export { LOT_STAGES, LOT_ASSET_CLASSES, type LotStage, type LotAssetClass };

export const LOT_STAGE_LABELS: Readonly<Record<LotStage, string>> = {
  draft: '草稿',
  preDisclosure: '预披露',
  announcement: '正式挂牌（公告期·报名）',
  enrolmentClosed: '报名截止',
  depositClosed: '保证金截止',
  bidding: '竞价',
  sold: '成交',
  failed: '流拍',
  suspended: '中止',
  terminated: '终结',
  resultPublicity: '结果公示',
  delivery: '交割',
};


/** An ended auction's outcome (sold, failed, terminated) in words: the stage it leaves the lot in. */
export const auctionOutcomeLabel = (outcome: string): string => LOT_STAGE_LABELS[outcome as LotStage] ?? outcome;

export const LOT_ASSET_CLASS_LABELS: Readonly<Record<LotAssetClass, string>> = {
  stateEquity: '企业国有产权',
  judicialMovable: '司法拍卖（动产）',
  judicialRealEstate: '司法拍卖（不动产）',
  other: '其他资产',
};

export interface DisclosureRule {
  /** The minimum period. */
  minimum: number;
  unit: 'workingDays' | 'days';
  /** Counted from the listing's start to the enrolment deadline, or to the auction's start (judicial notices). */
  until: 'enrolmentEnd' | 'auctionStart';
}

export interface LotTimelineSettings {
  disclosure: Readonly<Record<LotAssetClass, DisclosureRule>>;
  /** The deposit deadline at least this many working days before the auction opens. */
  depositMarginWorkingDays: number;
  /** A judicial lot's next auction may cut the previous (failed) auction's start price by at most this percentage. */
  judicialMaxCutPercent: number;
}

export const DEFAULT_LOT_TIMELINE_SETTINGS: LotTimelineSettings = {
  disclosure: {
    stateEquity: { minimum: 20, unit: 'workingDays', until: 'enrolmentEnd' },
    judicialMovable: { minimum: 15, unit: 'days', until: 'auctionStart' },
    judicialRealEstate: { minimum: 30, unit: 'days', until: 'auctionStart' },
    other: { minimum: 10, unit: 'workingDays', until: 'enrolmentEnd' },
  },
  depositMarginWorkingDays: 1,
  judicialMaxCutPercent: 20,
};

/** The listing type of judicial sales (TYPE_NAMES: 5 司法拍卖) and of equity transfers (1 产权转让). */
export const JUDICIAL_TYPE_CODE = 5;
export const EQUITY_TYPE_CODE = 1;
const STATE_OWNED = 1;

/** The class a lot's rules follow: the one staff chose, else by its type (产权转让 of a state-owned lot: equity; 司法拍卖: movables). */
export function lotAssetClass(typeCode: number | null, projectNature: number, chosen?: string | null): LotAssetClass {
  if (chosen && (LOT_ASSET_CLASSES as readonly string[]).includes(chosen)) return chosen as LotAssetClass;
  if (typeCode === JUDICIAL_TYPE_CODE) return 'judicialMovable';
  if (typeCode === EQUITY_TYPE_CODE && projectNature === STATE_OWNED) return 'stateEquity';
  return 'other';
}

export const isJudicial = (assetClass: LotAssetClass) => assetClass === 'judicialMovable' || assetClass === 'judicialRealEstate';

const DAY = 86_400_000;

/** The earliest moment a period of `rule` started at `from` ends. */
export function disclosureEndsAt(from: number, rule: DisclosureRule): number {
  return rule.unit === 'workingDays' ? addWorkingDays(from, rule.minimum) : from + rule.minimum * DAY;
}

export function disclosureText(rule: DisclosureRule): string {
  return `${rule.minimum}${rule.unit === 'workingDays' ? '个工作日' : '日'}`;
}

/** A lot's dates (epoch ms). */
export interface LotDates {
  assetClass: LotAssetClass;
  /** The listing's start (公告开始); enrolment opens then. */
  announcementStartAt: number;
  /** The enrolment deadline (报名截止, the listing's announcement end). */
  enrolmentEndAt: number;
  /** The deposit deadline (保证金截止); null = the enrolment deadline. */
  depositEndAt: number | null;
}

export const depositDeadline = (lot: LotDates) => lot.depositEndAt ?? lot.enrolmentEndAt;

/**
 * The checks of a lot on its own, at `now` (publication: `now` is when it is published, so a start date
 * already past counts from now — the public sees it only from its publication).
 */
export function lotProblems(lot: LotDates, now: number, settings: LotTimelineSettings = DEFAULT_LOT_TIMELINE_SETTINGS): string[] {
  const problems: string[] = [];
  if (lot.enrolmentEndAt <= lot.announcementStartAt) problems.push('报名截止时间须晚于公告开始时间');
  if (lot.enrolmentEndAt <= now) problems.push('报名截止时间须晚于当前时间');
  if (lot.depositEndAt !== null && lot.depositEndAt < lot.enrolmentEndAt) problems.push('保证金截止时间不得早于报名截止时间');
  const rule = settings.disclosure[lot.assetClass];
  if (rule.until === 'enrolmentEnd') {
    const from = Math.max(lot.announcementStartAt, now);
    const earliest = disclosureEndsAt(from, rule);
    if (lot.enrolmentEndAt < earliest) {
      problems.push(`${LOT_ASSET_CLASS_LABELS[lot.assetClass]}的信息披露期不得少于${disclosureText(rule)}（自 ${formatChinaTime(from)} 起，报名截止不得早于 ${formatChinaTime(earliest)}）`);
    }
  }
  return problems;
}

/** An auction as the timeline sees it. */
export interface AuctionPlan {
  startAt: number;
  endAt: number;
  startPriceFen: number;
  /** Other auctions of the lot that have not ended (the one being changed excluded). */
  openAuctions: number;
  /** The start price of the lot's latest auction that ended without a deal (流拍), if any: a judicial lot's next round may cut it by at most judicialMaxCutPercent. */
  previousFailedStartFen: number | null;
}

/** The checks of an auction against its lot's timeline (creation and change). */
export function auctionProblems(lot: LotDates, auction: AuctionPlan, now: number, settings: LotTimelineSettings = DEFAULT_LOT_TIMELINE_SETTINGS): string[] {
  const problems: string[] = [];
  if (auction.openAuctions > 0) problems.push('该项目已有未结束的竞价活动，一个项目同时只能有一场竞价');
  if (auction.endAt <= auction.startAt) problems.push('竞价结束时间须晚于开始时间');
  if (auction.startAt < now) problems.push('竞价开始时间不得早于当前时间');
  if (auction.startAt < lot.enrolmentEndAt) problems.push(`竞价开始时间须在报名截止（${formatChinaTime(lot.enrolmentEndAt)}）之后`);
  const deposit = depositDeadline(lot);
  const margin = addWorkingDays(deposit, settings.depositMarginWorkingDays);
  if (auction.startAt < margin) {
    problems.push(`保证金截止（${formatChinaTime(deposit)}）须至少早于竞价开始${settings.depositMarginWorkingDays}个工作日：竞价开始不得早于 ${formatChinaTime(margin)}`);
  }
  const rule = settings.disclosure[lot.assetClass];
  if (rule.until === 'auctionStart') {
    const earliest = disclosureEndsAt(lot.announcementStartAt, rule);
    if (auction.startAt < earliest) {
      problems.push(`${LOT_ASSET_CLASS_LABELS[lot.assetClass]}须在竞价开始${disclosureText(rule)}前发布公告：竞价开始不得早于 ${formatChinaTime(earliest)}`);
    }
  }
  if (isJudicial(lot.assetClass) && auction.previousFailedStartFen !== null) {
    const floor = Math.ceil((auction.previousFailedStartFen * (100 - settings.judicialMaxCutPercent)) / 100);
    if (auction.startPriceFen < floor) problems.push(`司法拍卖再次拍卖的起拍价降价幅度不得超过上次起拍价的${settings.judicialMaxCutPercent}%（不得低于 ${(floor / 100).toFixed(2)} 元）`);
  }
  return problems;
}

/** What the staff console shows of a lot's life: each stage it has reached or will reach, with its time. */
export interface LotTimelineFacts extends Partial<LotDates> {
  published: boolean;
  preDisclosure?: boolean;
  /** The lot's current auction (lotState's currentActivity). */
  auction?: { status: 'scheduled' | 'live' | 'ended'; outcome: string | null; startAt: number; endAt: number; suspended?: boolean; terminated?: boolean } | null;
  /** A result notice (成交公告 / 结果公示) is published. */
  resultPublished?: boolean;
  /** The deal was handed over (交割). */
  handedOver?: boolean;
}

/** The stage a lot is in at `now`. */
export function lotStageAt(f: LotTimelineFacts, now: number): LotStage {
  if (!f.published) return 'draft';
  if (f.handedOver) return 'delivery';
  if (f.resultPublished) return 'resultPublicity';
  const a = f.auction ?? null;
  if (a?.terminated) return 'terminated';
  if (a?.suspended) return 'suspended';
  if (a?.status === 'ended') return a.outcome === 'sold' ? 'sold' : 'failed';
  if (a?.status === 'live') return 'bidding';
  if (f.preDisclosure) return 'preDisclosure';
  if (f.enrolmentEndAt !== undefined && now >= f.enrolmentEndAt) {
    const deposit = f.depositEndAt ?? f.enrolmentEndAt;
    return now >= deposit ? 'depositClosed' : 'enrolmentClosed';
  }
  return 'announcement';
}
