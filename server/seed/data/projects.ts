/**
 * Demo listings: the foundation's 150 projects across the asset types, then 200 more from a
 * second PRNG stream, so the first 150 stay exactly as they were. Every install (and every test) gets the
 * same rows. Codes and names never depend on `now`; only the dates do, so re-seeding later inserts nothing
 * new. Dates are set so that something is always enrolling. Package children are made in projects-detail.ts.
 */
import type { Insertable } from 'kysely';
import { chinaDayStart } from '#domain/rules/chinaTime';
import { PROJECT_NATURE } from '#domain/contract/projects';
import { DEFAULT_LOT_TIMELINE_SETTINGS, JUDICIAL_TYPE_CODE, lotAssetClass, type LotAssetClass, type LotTimelineSettings } from '#domain/rules/lotTimeline';
import type { ProjectTable } from '../../db/schema.ts';
import { searchKeys } from '../../services/projects/search-keys.ts';
import { announcementStartFor } from '../lot-plan.ts';
import { createRng, type Rng } from '../prng.ts';
import { CITIES, PROVINCE, type City } from './places.ts';

export type ProjectSeed = Omit<Insertable<ProjectTable>, 'id'> & { project_code: string; state: string };

export const STATES = {
  enrolling: '正在报名',
  preDisclosure: '预披露',
  ended: '已结束',
  dealDone: '已成交',
  enrolmentClosed: '报名已截止',
} as const;


const DAY = 86_400_000;
const HOUR = 3_600_000;

type Made = Omit<Priced, 'deposit'> & { name: string; org: string; projectType: number };

interface Category {
  abbr: string;
  count: number;
  /** The additional rows of this category (the trading centre's filters need them). */
  extra: number;
  typeCode: number;
  typeName: string;
  associationId?: number;
  nature: number;
  make: (rng: Rng, city: City, county: string, index: number) => Made;
  /** A privately held variant (projectNature 2), for some of the additional rows. */
  makePrivate?: (rng: Rng, city: City, county: string, index: number) => Made;
}

interface Priced {
  priceType: number;
  startYuan: number;
  toneMaxYuan: number | null;
  unit: string;
  other: string;
  deposit: number;
}

const BRANDS = ['冀华', '燕赵', '冀东', '太行', '渤海', '长城', '滦河', '滹沱', '恒信', '华北', '冀中', '燕山', '中冀', '冀通', '博远', '瑞丰', '宏达', '金桥', '鼎盛', '冀南'];
const INDUSTRIES = ['新材料科技', '物流', '建材', '新能源', '医药', '钢铁贸易', '食品', '农业发展', '环保科技', '信息技术', '热力', '水务', '机械制造', '化工', '文化旅游', '供应链管理', '置业', '汽车零部件', '装备制造', '电力工程'];
const EQUIPMENT = ['数控机床', '变压器及配电设备', '办公家具', '锅炉设备', '生产线设备', '桥式起重机', '检测仪器', '报废电子设备'];
const CARS = ['别克GL8商务车', '大众帕萨特轿车', '丰田凯美瑞轿车', '金杯海狮客车', '长城哈弗越野车', '本田雅阁轿车', '依维柯客车'];
const PERCENTS = [5, 10, 15, 20, 25, 30, 35, 40, 45, 51, 60, 70, 100];

function company(rng: Rng, city: City): string {
  const where = rng.chance(0.5) ? '河北' : city.short;
  return `${where}${rng.pick(BRANDS)}${rng.pick(INDUSTRIES)}有限公司`;
}

function holder(rng: Rng, city: City): string {
  return rng.pick([`${city.name}某国有企业`, `${city.name}某国有资本投资运营公司`, '河北省某省属国有企业', `${city.name}某区属国有企业`]);
}

/**
 * A log-uniform amount in [min, max] yuan, rounded to 4 significant digits. Appraised small lots sometimes
 * carry fen; large ones are listed in round 万元 figures, as real announcements are.
 */
function amount(rng: Rng, min: number, max: number): number {
  const rounded = fourDigits(Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min))));
  const withFen = rng.chance(0.15) ? rounded + rng.int(1, 99) / 100 : rounded;
  return rounded < 100_000 ? withFen : rounded;
}

function fourDigits(raw: number): number {
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(raw)) - 3);
  return Math.round(raw / magnitude) * magnitude;
}

function area(rng: Rng, min: number, max: number): string {
  return (rng.int(min * 100, max * 100) / 100).toFixed(2);
}

const yuan = (startYuan: number): Omit<Priced, 'deposit'> => ({ priceType: 1, startYuan, toneMaxYuan: null, unit: '元', other: '' });

const CATEGORIES: readonly Category[] = [
  {
    abbr: 'GQ', count: 30, extra: 40, typeCode: 1, typeName: '产权转让', nature: PROJECT_NATURE.stateOwned,
    make: (rng, city) => {
      const org = holder(rng, city);
      return { name: `${org}持有的${company(rng, city)}${rng.pick(PERCENTS)}%股权`, org, projectType: 0, ...yuan(amount(rng, 500_000, 500_000_000)) };
    },
    makePrivate: (rng, city) => {
      const org = company(rng, city);
      return { name: `${org}持有的${company(rng, city)}${rng.pick(PERCENTS)}%股权`, org, projectType: 0, ...yuan(amount(rng, 200_000, 80_000_000)) };
    },
  },
  {
    abbr: 'SW', count: 28, extra: 40, typeCode: 2, typeName: '实物资产', nature: PROJECT_NATURE.stateOwned,
    make: (rng, city, county) => {
      const org = holder(rng, city);
      const kind = rng.int(0, 3);
      if (kind === 0) {
        return { name: `${org}所属${rng.pick(CARS)}一辆（冀${city.plate}·${rng.int(100, 999)}**）`, org, projectType: 0, ...yuan(amount(rng, 10_000, 300_000)) };
      }
      if (kind === 1) {
        return { name: `${org}闲置${rng.pick(EQUIPMENT)}一批`, org, projectType: 1, ...yuan(amount(rng, 50_000, 5_000_000)) };
      }
      if (kind === 2) {
        return { name: `${city.name}某国有企业废旧钢材一批（约${rng.int(80, 900)}吨）`, org, projectType: 1, ...yuan(amount(rng, 200_000, 3_000_000)) };
      }
      return {
        name: `${city.name}${county}${rng.pick(city.roads)}${rng.int(1, 399)}号商业房产（建筑面积${area(rng, 120, 3000)}平方米）`,
        org, projectType: 0, ...yuan(amount(rng, 1_000_000, 20_000_000)),
      };
    },
    makePrivate: (rng, city) => {
      const org = company(rng, city);
      if (rng.chance(0.5)) {
        return { name: `${org}所属${rng.pick(CARS)}一辆（冀${city.plate}·${rng.int(100, 999)}**）`, org, projectType: 0, ...yuan(amount(rng, 10_000, 300_000)) };
      }
      return { name: `${org}闲置${rng.pick(EQUIPMENT)}一批`, org, projectType: 1, ...yuan(amount(rng, 50_000, 3_000_000)) };
    },
  },
  {
    // Administrative and institutional assets are state-owned too (行政事业单位国有资产).
    abbr: 'XZ', count: 16, extra: 24, typeCode: 2, typeName: '行政事业资产', associationId: 88, nature: PROJECT_NATURE.stateOwned,
    make: (rng, city, county) => {
      const org = `${city.name}${county}某行政事业单位`;
      const kind = rng.int(0, 3);
      if (kind === 0) return { name: `${city.name}某行政事业单位报废公务车辆一批（${rng.int(3, 40)}辆）`, org, projectType: 2, ...yuan(amount(rng, 20_000, 1_500_000)) };
      if (kind === 1) return { name: `${city.name}${county}某局闲置办公设备一批`, org, projectType: 1, ...yuan(amount(rng, 5_000, 200_000)) };
      if (kind === 2) return { name: `${city.name}某学校报废教学设备一批`, org, projectType: 1, ...yuan(amount(rng, 5_000, 300_000)) };
      return { name: `${city.name}${county}某事业单位房产（建筑面积${area(rng, 60, 1500)}平方米）`, org, projectType: 0, ...yuan(amount(rng, 300_000, 5_000_000)) };
    },
  },
  {
    abbr: 'ZL', count: 12, extra: 20, typeCode: 3, typeName: '租赁', nature: PROJECT_NATURE.stateOwned,
    make: (rng, city, county) => {
      const org = holder(rng, city);
      const years = rng.int(2, 10);
      const name = rng.pick([
        `${city.name}${county}某国有企业厂房及场地租赁（租期${years}年）`,
        `${city.name}某国有企业仓库租赁（租期${years}年）`,
        `${city.name}某单位停车场经营权租赁（${years}年）`,
        `${city.name}${county}某国有农场土地经营权租赁（${rng.int(50, 2000)}亩，${years}年）`,
      ]);
      return { name, org, projectType: 3, priceType: 2, startYuan: amount(rng, 50_000, 3_000_000), toneMaxYuan: null, unit: '元/年', other: '' };
    },
  },
  {
    abbr: 'ZZ', count: 14, extra: 16, typeCode: 4, typeName: '增资扩股', nature: PROJECT_NATURE.stateOwned,
    make: capitalIncrease,
    makePrivate: capitalIncrease,
  },
  {
    // Court sales of debtors' property: privately held.
    abbr: 'SF', count: 20, extra: 20, typeCode: 5, typeName: '司法拍卖', nature: PROJECT_NATURE.private,
    make: (rng, city, county) => {
      // District courts carry the city's name; county and county-level-city courts do not.
      const org = county.endsWith('区') ? `${city.name}${county}人民法院` : `${county}人民法院`;
      const kind = rng.int(0, 3);
      if (kind === 0) return { name: `${city.name}${county}${rng.pick(city.roads)}某小区住宅房产一套（建筑面积${area(rng, 60, 180)}平方米）`, org, projectType: 3, ...yuan(amount(rng, 200_000, 3_000_000)) };
      if (kind === 1) return { name: `某公司名下${rng.pick(EQUIPMENT)}一批`, org, projectType: 3, ...yuan(amount(rng, 100_000, 5_000_000)) };
      if (kind === 2) return { name: `${city.name}${county}某工业用地使用权及地上建筑物`, org, projectType: 3, ...yuan(amount(rng, 3_000_000, 30_000_000)) };
      return { name: `某公司持有的${company(rng, city)}${rng.pick(PERCENTS)}%股权（司法拍卖）`, org, projectType: 3, ...yuan(amount(rng, 1_000_000, 20_000_000)) };
    },
  },
  {
    abbr: 'FW', count: 30, extra: 40, typeCode: 6, typeName: '房屋租赁', nature: PROJECT_NATURE.stateOwned,
    make: (rng, city, county) => {
      const org = holder(rng, city);
      const size = area(rng, 40, 2500);
      const name = rng.pick([
        `${city.name}${county}${rng.pick(city.roads)}临街商铺招租（${size}平方米）`,
        `${city.name}${county}某国有企业写字楼${rng.int(2, 18)}层整层招租（${size}平方米）`,
        `${city.name}${county}某小区底商招租（${size}平方米）`,
        `${city.name}某国有企业职工宿舍楼整体招租（${size}平方米）`,
      ]);
      if (rng.chance(0.5)) {
        const monthly = rng.int(15, 120);
        const ranged = rng.chance(0.2);
        return { name, org, projectType: 0, priceType: 2, startYuan: monthly, toneMaxYuan: ranged ? monthly + rng.int(5, 30) : null, unit: '元/平方米·月', other: '' };
      }
      return { name, org, projectType: 0, priceType: 2, startYuan: amount(rng, 20_000, 800_000), toneMaxYuan: null, unit: '元/年', other: '' };
    },
    makePrivate: (rng, city, county) => {
      const org = company(rng, city);
      const size = area(rng, 40, 1200);
      return {
        name: `${city.name}${county}${rng.pick(city.roads)}某商业广场${rng.int(1, 5)}层商铺招租（${size}平方米）`,
        org, projectType: 0, priceType: 2, startYuan: rng.int(20, 150), toneMaxYuan: null, unit: '元/平方米·月', other: '',
      };
    },
  },
];

function capitalIncrease(rng: Rng, city: City, _county: string, index: number): Made {
  const target = company(rng, city);
  const base = { name: `${target}增资扩股项目`, org: target, projectType: 0 };
  // Capital increases raise an amount: free text, a range (min–max) or a floor, in turn.
  const kind = index % 3;
  if (kind === 0) return { ...base, priceType: 3, startYuan: 0, toneMaxYuan: null, unit: '', other: rng.pick(['面议', '详见公告']) };
  const min = amount(rng, 10_000_000, 400_000_000);
  if (kind === 1) return { ...base, priceType: 1, startYuan: min, toneMaxYuan: fourDigits(min * (1.5 + rng.next())), unit: '元', other: '' };
  return { ...base, ...yuan(min) };
}

function pickState(rng: Rng, index: number): string {
  // The first few of every category are enrolling, so every home tab has live rows.
  if (index < 3) return STATES.enrolling;
  const r = rng.next();
  if (r < 0.4) return STATES.enrolling;
  if (r < 0.52) return STATES.preDisclosure;
  if (r < 0.64) return STATES.enrolmentClosed;
  if (r < 0.84) return STATES.dealDone;
  return STATES.ended;
}

/** Deposit in yuan: a round share of the price (or of a year's rent), never below 1,000. */
function depositFor(rng: Rng, p: Omit<Priced, 'deposit'>, sizeText: string | undefined): number {
  if (p.priceType === 3) return rng.pick([500_000, 1_000_000, 5_000_000]);
  let base = p.startYuan;
  if (p.unit === '元/平方米·月') base = p.startYuan * Number(sizeText ?? '100') * 12;
  const raw = base * rng.pick([0.1, 0.2, 0.3]);
  return Math.max(1_000, Math.round(raw / 1_000) * 1_000);
}

/** Announcement window relative to `now`, by state (China office hours: 09:00 start, 17:00 end). */
function windowFor(rng: Rng, state: string, today: number): { start: number; end: number } {
  const at = (dayOffset: number, hour: number) => today + dayOffset * DAY + hour * HOUR;
  switch (state) {
    case STATES.enrolling:
      // Started yesterday or earlier (never later today), ends tomorrow or later.
      return { start: at(-rng.int(1, 18), 9), end: at(rng.int(1, 20), 17) };
    case STATES.preDisclosure:
      return { start: at(-rng.int(1, 6), 9), end: at(rng.int(15, 30), 17) };
    case STATES.enrolmentClosed: {
      const end = -rng.int(1, 5);
      return { start: at(end - 20, 9), end: at(end, 17) };
    }
    default: {
      const end = -rng.int(10, 150);
      return { start: at(end - rng.int(10, 25), 9), end: at(end, 17) };
    }
  }
}

/** The stored asset class of a demo listing (project_detail.asset_class): court sales of land and buildings follow the real-estate notice period; '' = by type and nature. */
export function demoAssetClassCode(p: Pick<ProjectSeed, 'type_code' | 'assets_name'>): '' | 'judicialRealEstate' {
  return p.type_code === JUDICIAL_TYPE_CODE && /房产|用地|土地/.test(p.assets_name) ? 'judicialRealEstate' : '';
}

export function demoAssetClass(p: Pick<ProjectSeed, 'type_code' | 'assets_name' | 'project_nature'>): LotAssetClass {
  return lotAssetClass(p.type_code ?? null, p.project_nature, demoAssetClassCode(p));
}

/**
 * The demo listings at `now`. `settings`: the lot timeline the server runs (config.lotTimeline); every
 * listing but a pre-disclosure is published by its rule (lot-plan.ts), its announcement start moved back
 * where the disclosure minimum needs it.
 */
export function demoProjects(now: number, settings: LotTimelineSettings = DEFAULT_LOT_TIMELINE_SETTINGS): ProjectSeed[] {
  const today = chinaDayStart(now);
  const rows: ProjectSeed[] = [];
  // The foundation's 150: this stream and its order must never change (existing installs keep them).
  const rng = createRng(0x13_2026);
  for (const category of CATEGORIES) {
    for (let i = 0; i < category.count; i++) {
      const city = CITIES[(i * 7 + category.abbr.charCodeAt(0)) % CITIES.length]!;
      rows.push(projectRow(rng, category, city, i, i, today, `HBCQ-${category.abbr}2026-${String(12 + i * 3).padStart(4, '0')}`, false, settings));
    }
  }
  // The additional rows: their own stream and codes 0101, 0103 … (none of the first 150's).
  const more = createRng(0x13_2027);
  for (const category of CATEGORIES) {
    for (let i = 0; i < category.extra; i++) {
      const city = CITIES[(i * 5 + category.abbr.charCodeAt(1)) % CITIES.length]!;
      const privately = category.makePrivate !== undefined && more.chance(0.3);
      const code = `HBCQ-${category.abbr}2026-${String(101 + i * 2).padStart(4, '0')}`;
      rows.push(projectRow(more, category, city, i, i + 3, today, code, privately, settings));
    }
  }
  return rows;
}

function projectRow(rng: Rng, category: Category, city: City, i: number, stateIndex: number, today: number, code: string, privately: boolean, settings: LotTimelineSettings): ProjectSeed {
  const county = rng.pick(city.counties);
  const made = privately ? category.makePrivate!(rng, city, county, i) : category.make(rng, city, county, i);
  const state = pickState(rng, stateIndex);
  let priced: Omit<Priced, 'deposit'> = made;
  // Many pre-disclosures have no price yet.
  if (state === STATES.preDisclosure && made.priceType !== 3 && rng.chance(0.5)) {
    priced = { priceType: 3, startYuan: 0, toneMaxYuan: null, unit: '', other: '面议' };
  }
  const sizeText = /（([\d.]+)平方米）/.exec(made.name)?.[1];
  const deposit = depositFor(rng, priced, sizeText);
  const window = windowFor(rng, state, today);
  const end = window.end;
  // Published by the timeline rule (no extra draw from the stream: the rows after it stay as they were). A
  // pre-disclosure is not published for enrolment: its period is its own.
  const nature = privately ? PROJECT_NATURE.private : category.nature;
  const start =
    state === STATES.preDisclosure
      ? window.start
      : announcementStartFor(code, { assetClass: demoAssetClass({ type_code: category.typeCode, assets_name: made.name, project_nature: nature }), announcementStartAt: window.start, enrolmentEndAt: end, depositEndAt: null }, settings);
  return {
    project_code: code,
    assets_name: made.name,
    ...searchKeys(made.name, code),
    type_code: category.typeCode,
    type_name: category.typeName,
    association_id: category.associationId ?? null,
    project_nature: nature,
    project_type: made.projectType,
    state,
    price_type: priced.priceType,
    start_price_fen: Math.round(priced.startYuan * 100),
    the_tone_interval: priced.toneMaxYuan === null ? 1 : 2,
    the_tone_max_fen: priced.toneMaxYuan === null ? null : Math.round(priced.toneMaxYuan * 100),
    price_unit: priced.unit,
    price_other: priced.other,
    deposit_fen: Math.round(deposit * 100),
    announcement_start_at: start,
    announcement_end_at: end,
    province: PROVINCE,
    city: city.name,
    county,
    org_name: made.org,
    img_url: '',
    view_count: rng.int(12, 6800),
    created_at: start - rng.int(1, 5) * DAY,
  };
}
