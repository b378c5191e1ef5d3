/**
 * The listing announcement (挂牌公告 / 信息预披露公告) written from the lot's own facts — one function for
 * the demo seed and the work system's publication, so every announcement says what the lot is: its price in
 * the spec's money display, deposit, enrolment and deposit deadlines, the planned auction (mode, increment,
 * start and end) and the 交易方式 that follows from them (网络竞价 for a planned auction, the judicial
 * wording for a court lot, 协议转让 only when no auction is planned). Pure: returns HTML with every fact
 * escaped; the server stores it through its rich-text sanitiser as any other disclosure.
 */
import type { BiddingMode } from '../contract/hall';
import { formatChinaTime } from './chinaTime';
import { BIDDING_MODE_NAMES } from './hall';
import { JUDICIAL_TYPE_CODE } from './lotTimeline';
import { fenToYuanText, formatMoney, formatTrimmedAmount } from './money';
import { NEGOTIABLE_PRICE_TEXT } from './listing';
import { DEMAND_ASSET_TYPES } from './userFiles';

export const EXCHANGE_NAME = '河北产权交易所';

/** The auction planned for the lot (its bid_activity), when there is one. */
export interface AnnouncementAuction {
  mode: BiddingMode;
  startAt: number;
  endAt: number;
  startPriceFen: number;
  incrementFen: number;
}

export interface AnnouncementLot {
  /** A pre-disclosure announces the lot without enrolment; a listing opens it. */
  kind: 'listing' | 'preDisclosure';
  assetsName: string;
  projectCode: string;
  /** 1 产权转让, 2 实物资产, 3 租赁, 4 增资扩股, 5 司法拍卖, 6 房屋租赁. */
  typeCode: number;
  /** '河北省石家庄市长安区'. */
  region: string;
  /** 1 yuan, 2 an amount in priceUnit, 3 free text (priceOther). */
  priceType: number;
  startPriceFen: number | null;
  priceUnit: string;
  priceOther: string;
  depositFen: number;
  /** The announcement (enrolment) period; null while a pre-disclosure has no dates yet. */
  enrolmentStartAt: number | null;
  enrolmentEndAt: number | null;
  /** The deposit deadline; null: the enrolment deadline. */
  depositEndAt: number | null;
  /** The owner (the court for a court lot). */
  transferorName: string;
  /** The listing institution. */
  orgName: string;
  auction: AnnouncementAuction | null;
  /** Further text of the announcement (HTML, e.g. what the staff wrote); the server sanitises the whole. */
  remarksHtml?: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
const time = (at: number) => formatChinaTime(at);

const isJudicial = (lot: Pick<AnnouncementLot, 'typeCode'>) => lot.typeCode === JUDICIAL_TYPE_CODE;
const isLeasing = (lot: Pick<AnnouncementLot, 'typeCode'>) => lot.typeCode === 3 || lot.typeCode === 6;
const isCapital = (lot: Pick<AnnouncementLot, 'typeCode'>) => lot.typeCode === 4;

/** An amount in fen in the spec's money display ('1,234.5万元', '9,999.99元'). */
export function announcementMoney(fen: number): string {
  return formatMoney(fenToYuanText(fen))?.label ?? '--';
}

/** The asset type's name ('实物资产'). */
export function assetTypeName(typeCode: number): string {
  return DEMAND_ASSET_TYPES.find((t) => t.typeCode === typeCode)?.label ?? '其他';
}

/** The listing price as the announcement states it (a pre-disclosure's is 面议, as the listing shows it). */
export function announcementPrice(lot: Pick<AnnouncementLot, 'priceType' | 'startPriceFen' | 'priceUnit' | 'priceOther'>): string {
  if (lot.priceType === 3) return lot.priceOther.trim() || NEGOTIABLE_PRICE_TEXT;
  if (lot.startPriceFen === null || lot.startPriceFen <= 0) return NEGOTIABLE_PRICE_TEXT;
  if (lot.priceType === 2) return `${formatTrimmedAmount(lot.startPriceFen / 100)}${lot.priceUnit}`;
  return announcementMoney(lot.startPriceFen);
}

/**
 * 交易方式, from the lot and its planned auction: a pre-disclosure has none yet; a court lot is a 网络司法拍卖;
 * a planned auction is 网络竞价 in its mode (网络竞价（多次报价）); without one, 协议转让.
 */
export function tradingMethod(lot: Pick<AnnouncementLot, 'kind' | 'typeCode' | 'auction'>): string {
  if (lot.kind === 'preDisclosure') return '信息预披露，正式挂牌后确定';
  const mode = lot.auction ? BIDDING_MODE_NAMES[lot.auction.mode] : null;
  if (isJudicial(lot)) return mode ? `网络司法拍卖（${mode}）` : '网络司法拍卖（竞价时间及方式另行公告）';
  return mode ? `网络竞价（${mode}）` : '协议转让';
}

export function announcementTitle(lot: Pick<AnnouncementLot, 'kind' | 'assetsName' | 'typeCode'>): string {
  if (lot.kind === 'preDisclosure') return `${lot.assetsName.trim()}信息预披露公告`;
  return `${lot.assetsName.trim()}${isJudicial(lot) ? '拍卖公告' : '挂牌公告'}`;
}

/** The announcement's HTML: the lead, the facts table, what a bidder must do, and any remarks. */
export function announcementHtml(lot: AnnouncementLot): string {
  const pre = lot.kind === 'preDisclosure';
  const judicial = isJudicial(lot);
  const base = `${esc(lot.assetsName.trim())}（项目编号：${esc(lot.projectCode)}）`;
  const transferor = esc(lot.transferorName.trim() || lot.orgName.trim());
  const lead = judicial
    ? `受${transferor}委托，${EXCHANGE_NAME}通过网络竞价系统对${base}进行公开拍卖，现将有关事项公告如下：`
    : pre
      ? `受${transferor}委托，${EXCHANGE_NAME}对${base}进行信息预披露，现将有关事项公告如下：`
      : `受${transferor}委托，${EXCHANGE_NAME}对${base}进行公开${isCapital(lot) ? '增资' : isLeasing(lot) ? '招租' : '挂牌转让'}，现将有关事项公告如下：`;

  const rows: [string, string][] = [
    ['项目名称', lot.assetsName.trim()],
    ['项目编号', lot.projectCode],
    ['资产类型', assetTypeName(lot.typeCode)],
    ['所在地区', lot.region],
    [judicial ? '起拍价' : isLeasing(lot) ? '挂牌租金' : isCapital(lot) ? '拟募集资金' : '挂牌价格', pre ? NEGOTIABLE_PRICE_TEXT : announcementPrice(lot)],
    ['交易保证金', lot.depositFen > 0 ? announcementMoney(lot.depositFen) : '无'],
  ];
  if (lot.enrolmentStartAt !== null && lot.enrolmentEndAt !== null) {
    rows.push([pre ? '预计挂牌期' : '报名期', `${time(lot.enrolmentStartAt)} 至 ${time(lot.enrolmentEndAt)}`]);
  }
  if (!pre && lot.enrolmentEndAt !== null) {
    rows.push(['保证金截止时间', `${time(lot.depositEndAt ?? lot.enrolmentEndAt)}（以到账时间为准）`]);
  }
  const auction = pre ? null : lot.auction;
  if (auction) {
    rows.push(
      ['竞价方式', BIDDING_MODE_NAMES[auction.mode]],
      ['竞价起始价', announcementMoney(auction.startPriceFen)],
      ['加价幅度', announcementMoney(auction.incrementFen)],
      ['竞价开始时间', time(auction.startAt)],
      ['竞价结束时间', time(auction.endAt)],
    );
  }
  rows.push(['交易方式', tradingMethod({ ...lot, auction })], [judicial ? '委托法院' : isCapital(lot) ? '增资企业' : '转让方', lot.transferorName.trim() || lot.orgName.trim()], ['挂牌机构', lot.orgName.trim()]);

  const closing = pre
    ? '本项目为信息预披露，不接受报名；正式挂牌的价格与条件以正式公告为准，欢迎意向方提前咨询。'
    : [
        `意向方须在报名截止前登录${EXCHANGE_NAME}网络交易系统完成注册、实名认证和报名，并于保证金截止时间前交纳交易保证金，逾期不予受理。`,
        auction
          ? `取得竞买资格的竞买人按公告的竞价时间进入竞价室以${BIDDING_MODE_NAMES[auction.mode]}方式报价，竞价以本所服务器时间为准。`
          : judicial
            ? '拍卖的竞价时间另行公告。'
            : '本项目采用协议转让方式，以不低于挂牌价格的报价协议成交。',
        judicial ? '标的物以现状拍卖，成交后由委托法院出具成交裁定；过户所需税费按法院公告承担。' : '',
      ].join('');
  return [
    `<p>${lead}</p>`,
    `<table><tbody>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</tbody></table>`,
    `<p>${esc(closing)}</p>`,
    lot.remarksHtml?.trim() ? `<h3>其他事项</h3>${lot.remarksHtml.trim()}` : '',
    `<p style="text-align:right">${EXCHANGE_NAME}</p>`,
  ].join('');
}

