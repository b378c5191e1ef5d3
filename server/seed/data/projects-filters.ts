/**
 * The trading centre's filter bar (blade-desk filter-query-config, code 'project'). Option values are what
 * the search takes: typeCode, associationId and city as is; state a state word; price 'min-max' in yuan
 * (either side may be empty); orderBy 'key:order' (publishDate | price | views, asc | desc).
 */
import type { FilterConfig } from '#domain/contract/projects';
import { CITIES } from './places.ts';
import { STATES } from './projects.ts';

export const PROJECT_FILTER_CODE = 'project';

export const PROJECT_FILTERS: readonly FilterConfig[] = [
  {
    field: 'typeCode',
    label: '资产类型',
    options: [
      { label: '产权转让', value: '1' },
      { label: '实物资产', value: '2' },
      { label: '租赁', value: '3' },
      { label: '增资扩股', value: '4' },
      { label: '司法拍卖', value: '5' },
      { label: '房屋租赁', value: '6' },
    ],
  },
  { field: 'associationId', label: '资产类别', options: [{ label: '行政事业资产', value: '88' }] },
  { field: 'city', label: '所在地区', options: CITIES.map((c) => ({ label: c.short, value: c.name })) },
  {
    field: 'state',
    label: '项目状态',
    // The lot's stages (domain/rules/lotState.ts): the listing's words and the auction's 即将竞价, 竞价中, 流拍.
    options: [STATES.enrolling, STATES.preDisclosure, STATES.enrolmentClosed, '即将竞价', '竞价中', STATES.dealDone, '流拍', STATES.ended].map((s) => ({ label: s, value: s })),
  },
  {
    field: 'price',
    label: '挂牌价格',
    options: [
      { label: '10万元以下', value: '-100000' },
      { label: '10万—100万元', value: '100000-1000000' },
      { label: '100万—500万元', value: '1000000-5000000' },
      { label: '500万—1000万元', value: '5000000-10000000' },
      { label: '1000万—5000万元', value: '10000000-50000000' },
      { label: '5000万元以上', value: '50000000-' },
    ],
  },
  {
    field: 'orderBy',
    label: '排序',
    options: [
      { label: '最新发布', value: 'publishDate:desc' },
      { label: '价格从低到高', value: 'price:asc' },
      { label: '价格从高到低', value: 'price:desc' },
      { label: '关注度', value: 'views:desc' },
    ],
  },
];
