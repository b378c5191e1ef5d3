/** Display pieces of the trading centre shared by its pages: status colours, money cells, the filter bar's groups. */
import { ADMINISTRATIVE_ASSOCIATION_ID, TYPE_CODES } from '#domain/contract/portal';
import { listingStatusLabel } from '#domain/rules/listing';
import { LOT_STATE_COLOURS } from '@/components/LotStateTag';
import { PROJECT_SORTS, type FilterConfig, type ProjectSort } from '#domain/contract/projects';

/** The lot states' colours: one table for every page (src/components/LotStateTag.tsx). */
export const STATUS_COLOURS = LOT_STATE_COLOURS;

export const statusColour = (state: string) => STATUS_COLOURS[listingStatusLabel(state)];

/** One choice of the category row: a type code, or an association (行政事业资产 is associationId 88). */
export interface CategoryOption {
  label: string;
  typeCode?: number;
  associationId?: number;
}

/** The categories when the server's filter configuration gives none (the seeded types of spec section 2). */
export const DEFAULT_CATEGORIES: readonly CategoryOption[] = [
  { label: '产权转让', typeCode: TYPE_CODES.equity },
  { label: '增资扩股', typeCode: TYPE_CODES.capitalIncrease },
  { label: '实物资产', typeCode: TYPE_CODES.physical },
  { label: '租赁', typeCode: TYPE_CODES.leasing },
  { label: '房屋租赁', typeCode: TYPE_CODES.houseLeasing },
  { label: '行政事业资产', associationId: ADMINISTRATIVE_ASSOCIATION_ID },
  { label: '司法拍卖', typeCode: TYPE_CODES.judicial },
];

/** The state filter when the configuration gives none: the lot's stages in order (domain/rules/lotState.ts). */
export const DEFAULT_STATES: readonly string[] = ['预披露', '正在报名', '报名已截止', '即将竞价', '竞价中', '已成交', '流拍', '已结束'];

/** A quick price band, yuan, either end open. */
export interface PriceBand {
  label: string;
  min?: number;
  max?: number;
}

export interface SortOption {
  key: string;
  label: string;
  orderBy: ProjectSort;
  order: 'asc' | 'desc';
}

export interface FilterGroups {
  categories: readonly CategoryOption[];
  states: readonly string[];
  priceBands: readonly PriceBand[];
  sorts: readonly SortOption[];
}

/** 'key:order' (publishDate | price | views, asc | desc). */
function parseSort(label: string, value: string): SortOption | null {
  const [orderBy, order = 'desc'] = value.trim().split(':');
  if (!PROJECT_SORTS.includes(orderBy as ProjectSort) || (order !== 'asc' && order !== 'desc')) return null;
  return { key: value, label, orderBy: orderBy as ProjectSort, order };
}

const positive = (value: string): number | undefined => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** 'min-max' in yuan, either side may be empty ('-1000000', '50000000-'). */
function parseBand(label: string, value: string): PriceBand | null {
  const match = /^(\d*(?:\.\d+)?)-(\d*(?:\.\d+)?)$/.exec(value.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  return {
    label,
    ...(match[1] ? { min: Number(match[1]) } : {}),
    ...(match[2] ? { max: Number(match[2]) } : {}),
  };
}

/**
 * The filter bar from the server's configuration (filter-query-config/open-list): the category row joins
 * the typeCode and associationId groups; the state row, the price bands and the sorts come from theirs. A
 * group the configuration lacks (or cannot be read) falls back to the built-in choices; bands are then omitted.
 */
export function filterGroups(config: readonly FilterConfig[] | undefined): FilterGroups {
  const group = (field: FilterConfig['field']) => config?.find((g) => g.field === field)?.options ?? [];
  const categories: CategoryOption[] = [
    ...group('typeCode').flatMap((o) => {
      const typeCode = positive(o.value);
      return typeCode ? [{ label: o.label, typeCode }] : [];
    }),
    ...group('associationId').flatMap((o) => {
      const associationId = positive(o.value);
      return associationId ? [{ label: o.label, associationId }] : [];
    }),
  ];
  const states = group('state')
    .map((o) => o.value.trim())
    .filter(Boolean);
  const priceBands = group('price').flatMap((o) => parseBand(o.label, o.value) ?? []);
  const sorts = group('orderBy').flatMap((o) => parseSort(o.label, o.value) ?? []);
  return {
    categories: categories.length ? categories : DEFAULT_CATEGORIES,
    states: states.length ? states : DEFAULT_STATES,
    priceBands,
    sorts: sorts.length ? sorts : SORT_OPTIONS,
  };
}

/** The sort bar when the configuration gives none: each choice is an orderBy with its direction. */
export const SORT_OPTIONS: readonly SortOption[] = [
  { key: 'newest', label: '最新发布', orderBy: 'publishDate', order: 'desc' },
  { key: 'priceAsc', label: '价格从低到高', orderBy: 'price', order: 'asc' },
  { key: 'priceDesc', label: '价格从高到低', orderBy: 'price', order: 'desc' },
  { key: 'views', label: '关注度', orderBy: 'views', order: 'desc' },
];

/** File size for an attachment row: '12.5 KB', '3.2 MB'. */
export function fileSizeText(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '--';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
