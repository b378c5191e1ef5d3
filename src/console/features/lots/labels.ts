/** The lot form's choices (the listing's codes as the server takes them: server/routes/staff/lots.ts). */
import { LOT_ASSET_CLASS_LABELS, LOT_ASSET_CLASSES, type LotStage } from '#domain/rules/lotTimeline';

export const TYPE_OPTIONS = [
  { value: 1, label: '产权转让' },
  { value: 2, label: '实物资产' },
  { value: 3, label: '租赁' },
  { value: 4, label: '增资扩股' },
  { value: 5, label: '司法拍卖' },
  { value: 6, label: '房屋租赁' },
];
export const NATURE_OPTIONS = [
  { value: 1, label: '国有' },
  { value: 2, label: '非国有' },
];
export const PRICE_TYPE_OPTIONS = [
  { value: 1, label: '挂牌价格' },
  { value: 2, label: '单价' },
  { value: 3, label: '面议' },
];
export const ASSET_CLASS_OPTIONS = LOT_ASSET_CLASSES.map((value) => ({ value, label: LOT_ASSET_CLASS_LABELS[value] }));

/** The list's filters: the server's words. */
export const LOT_LIST_STATES = [
  { value: 'all', label: '全部' },
  { value: 'draft', label: '草稿' },
  { value: 'pending', label: '待复核' },
  { value: 'published', label: '已发布' },
];

export const STAGE_COLOURS: Partial<Record<LotStage, string>> = {
  draft: 'default',
  preDisclosure: 'cyan',
  announcement: 'blue',
  bidding: 'red',
  sold: 'green',
  failed: 'volcano',
  resultPublicity: 'purple',
};
