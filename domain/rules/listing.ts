/**
 * Listed-asset display rules (spec section 3 "Listed asset", section 4 "Listing status display",
 * "Judicial item", and the auction rounds).
 */
import type { ListedAsset } from '../contract/portal';
import { formatTableMoney, formatTrimmedAmount, formatYuan } from './money';
import { type ListingStatus, type ListingStatusLabel } from '../contract/listing';

/**
 * The words looked for in `state`, in priority order: when a state text holds several, the later stage
 * of a lot wins (成交 after 终结 after 流拍 after 结束 after 中止 after 竞价 after 截止 after 报名 after 预披露).
 */
export const STATUS_WORDS: ReadonlyArray<readonly [Exclude<ListingStatusLabel, '--'>, Exclude<ListingStatus, 'unknown'>]> = [
  ['已成交', 'dealDone'],
  ['已终结', 'terminated'],
  ['流拍', 'failed'],
  ['已结束', 'ended'],
  ['已中止', 'suspended'],
  ['竞价中', 'bidding'],
  ['即将竞价', 'upcoming'],
  ['报名已截止', 'enrolmentClosed'],
  ['正在报名', 'enrolling'],
  ['预披露', 'preDisclosure'],
];

/** The label of each stage ('--' for an unknown one). */
export const LISTING_STATUS_LABELS: Readonly<Record<ListingStatus, ListingStatusLabel>> = {
  dealDone: '已成交',
  failed: '流拍',
  ended: '已结束',
  bidding: '竞价中',
  suspended: '已中止',
  terminated: '已终结',
  upcoming: '即将竞价',
  enrolmentClosed: '报名已截止',
  enrolling: '正在报名',
  preDisclosure: '预披露',
  unknown: '--',
};

/** Which status a state text denotes (it contains one of the words); 'unknown' otherwise. */
export function listingStatusOf(state: string | null | undefined): ListingStatus {
  if (!state) return 'unknown';
  return STATUS_WORDS.find(([word]) => state.includes(word))?.[1] ?? 'unknown';
}

/** The status the list shows: 正在报名, 预披露, 已结束, 已成交, 报名已截止 (and the lot's 即将竞价, 竞价中, 流拍), or '--' for anything else. */
export function listingStatusLabel(state: string | null | undefined): ListingStatusLabel {
  if (!state) return '--';
  return STATUS_WORDS.find(([word]) => state.includes(word))?.[0] ?? '--';
}

/** Price text of a pre-disclosure listing. */
export const NEGOTIABLE_PRICE_TEXT = '面议';

/** Between the two ends of a price range (theToneInterval 2). */
export const PRICE_RANGE_SEPARATOR = ' – ';

/** Shown when a price is missing or not a number. */
export const MISSING_PRICE_TEXT = '--';

export type ListingPriceFields = Pick<
  ListedAsset,
  'state' | 'priceType' | 'startPrice' | 'theToneInterval' | 'theToneMax' | 'priceUnit' | 'priceOther'
>;

export interface ListingPriceDisplay {
  /** What the price cell shows, unit included: '面议', '12.5元/平方米/月', '1,234.50万元', '9,000.00元 – 1.20万元'. */
  text: string;
  /** The full amount in yuan on hover ('12,345,000.00元'); null when there is none (面议, units, free text). */
  tooltip: string | null;
}

interface MoneyPart {
  label: string;
  tooltip: string | null;
  /** The amount in yuan whatever its size ('12,000.00元'), for range tooltips. */
  yuan: string;
}

function moneyPart(value: number | null | undefined): MoneyPart {
  const money = formatTableMoney(value);
  if (money === null) return { label: MISSING_PRICE_TEXT, tooltip: null, yuan: MISSING_PRICE_TEXT };
  return { label: money.label, tooltip: money.yuanTooltip, yuan: formatYuan(value) };
}

function unitPart(value: number | null | undefined, unit: string): string {
  const amount = formatTrimmedAmount(value);
  return amount === '' ? MISSING_PRICE_TEXT : `${amount}${unit}`;
}

function hasRange(asset: ListingPriceFields): asset is ListingPriceFields & { theToneMax: number } {
  return asset.theToneInterval === 2 && typeof asset.theToneMax === 'number' && Number.isFinite(asset.theToneMax);
}

/**
 * Price cell of a listed asset:
 * - pre-disclosure (state contains 预披露) → 面议;
 * - priceType 3 → the free text `priceOther` ('--' when empty);
 * - priceType 2 → the amount with `priceUnit` ('12.5元/平方米/月'; up to 6 decimals, trailing zeros trimmed);
 * - otherwise yuan through the table rule (money.ts formatTableMoney: 万元 from 10000 yuan with a fixed
 *   2 decimals, yuan below; the full yuan amount as the tooltip).
 * theToneInterval 2 (with a theToneMax) turns priceType 2 and yuan prices into 'start – max'; for yuan
 * the tooltip then covers both ends ('9,000.00元 – 12,000.00元').
 */
export function listingPriceDisplay(asset: ListingPriceFields): ListingPriceDisplay {
  if (listingStatusOf(asset.state) === 'preDisclosure') return { text: NEGOTIABLE_PRICE_TEXT, tooltip: null };
  if (asset.priceType === 3) {
    const other = asset.priceOther?.trim();
    return { text: other ? other : MISSING_PRICE_TEXT, tooltip: null };
  }
  if (asset.priceType === 2) {
    const unit = asset.priceUnit ?? '';
    // A rent or unit price in yuan follows the money rule too (2,600,000元/年 reads 260.00万元/年, the exact on hover).
    const money = unit.startsWith('元') ? formatTableMoney(asset.startPrice) : null;
    if (!hasRange(asset) && money?.unit === '万元') return { text: `${money.label}${unit.slice(1)}`, tooltip: `${money.yuanTooltip}${unit.slice(1)}` };
    if (!hasRange(asset)) return { text: unitPart(asset.startPrice, unit), tooltip: null };
    const start = formatTrimmedAmount(asset.startPrice) || MISSING_PRICE_TEXT;
    return { text: `${start}${PRICE_RANGE_SEPARATOR}${unitPart(asset.theToneMax, unit)}`, tooltip: null };
  }
  const start = moneyPart(asset.startPrice);
  if (!hasRange(asset)) return { text: start.label, tooltip: start.tooltip };
  const max = moneyPart(asset.theToneMax);
  const text = `${start.label}${PRICE_RANGE_SEPARATOR}${max.label}`;
  if (start.tooltip === null && max.tooltip === null) return { text, tooltip: null };
  return { text, tooltip: `${start.yuan}${PRICE_RANGE_SEPARATOR}${max.yuan}` };
}

/** projectType 1 or 2 is a package (shows its child assets); 0 or 3 is a single asset. */
export function isPackageProject(projectType: number): boolean {
  return projectType === 1 || projectType === 2;
}

/**
 * What a link to a project's page needs. `projectType` is null where the answer a caller holds does not
 * carry it (enrolments, deposits, bidding rooms, notices): such links open /projectDetail, which shows a
 * package too, only without the package page's path and title.
 */
export interface ProjectRef {
  assetsId: number;
  projectType: number | null;
}

/**
 * The hash href of a project's page (spec section 3): a package (projectType 1, 2) opens
 * /projectPkg/{id}.html, a single asset /projectDetail/{id}.html.
 */
export function projectHref({ assetsId, projectType }: ProjectRef): string {
  return projectType !== null && isPackageProject(projectType) ? `#/projectPkg/${assetsId}.html` : `#/projectDetail/${assetsId}.html`;
}

/** Judicial auction rounds (spec section 3): 0 forced sale, 1 first, 2 second. */
export const AUCTION_ROUND_LABELS: Readonly<Record<0 | 1 | 2, string>> = Object.freeze({
  0: '变卖',
  1: '一拍',
  2: '二拍',
});

/** Round label (accepts the number or its text, as the judicial service may send either); '--' when unknown. */
export function auctionRoundLabel(round: number | string | null | undefined): string {
  if (round === null || round === undefined || (typeof round === 'string' && round.trim() === '')) return '--';
  const code = Number(round);
  return code === 0 || code === 1 || code === 2 ? AUCTION_ROUND_LABELS[code] : '--';
}
