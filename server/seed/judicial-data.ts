/**
 * Demo data of the judicial-auction service: Hebei courts (intermediate courts and some basic courts) and
 * 48 items across rounds 0/1/2 and states, dates relative to the seed clock. Natural keys: the court name
 * and the item's pkHouseproject; nothing but dates depends on `now`.
 */
import { chinaDayStart, formatChinaTime } from '#domain/rules/chinaTime';
import type { JudicialRound } from '#domain/contract/projects';
import { cityCodeOf as referenceCityCode } from '../reference/places.ts';
import { CITIES } from './data/places.ts';
import { createRng } from './prng.ts';

/** 4-digit city code of a reference city: 1301 石家庄市 … 1311 衡水市 (as dscq-system/region/list). */
export const cityCodeOf = (cityName: string): string => {
  const code = referenceCityCode(cityName);
  if (code === undefined) throw new Error(`seed: unknown city ${cityName}`);
  return code;
};

export interface CourtSeed {
  name: string;
  city: string;
}

export const COURTS: readonly CourtSeed[] = [
  { name: '石家庄市中级人民法院', city: '石家庄市' },
  { name: '石家庄市长安区人民法院', city: '石家庄市' },
  { name: '石家庄市桥西区人民法院', city: '石家庄市' },
  { name: '正定县人民法院', city: '石家庄市' },
  { name: '唐山市中级人民法院', city: '唐山市' },
  { name: '唐山市路北区人民法院', city: '唐山市' },
  { name: '迁安市人民法院', city: '唐山市' },
  { name: '秦皇岛市中级人民法院', city: '秦皇岛市' },
  { name: '秦皇岛市海港区人民法院', city: '秦皇岛市' },
  { name: '邯郸市中级人民法院', city: '邯郸市' },
  { name: '邯郸市丛台区人民法院', city: '邯郸市' },
  { name: '武安市人民法院', city: '邯郸市' },
  { name: '邢台市中级人民法院', city: '邢台市' },
  { name: '邢台市信都区人民法院', city: '邢台市' },
  { name: '保定市中级人民法院', city: '保定市' },
  { name: '保定市竞秀区人民法院', city: '保定市' },
  { name: '涿州市人民法院', city: '保定市' },
  { name: '张家口市中级人民法院', city: '张家口市' },
  { name: '张家口市桥东区人民法院', city: '张家口市' },
  { name: '承德市中级人民法院', city: '承德市' },
  { name: '承德市双桥区人民法院', city: '承德市' },
  { name: '沧州市中级人民法院', city: '沧州市' },
  { name: '沧州市运河区人民法院', city: '沧州市' },
  { name: '任丘市人民法院', city: '沧州市' },
  { name: '廊坊市中级人民法院', city: '廊坊市' },
  { name: '廊坊市广阳区人民法院', city: '廊坊市' },
  { name: '三河市人民法院', city: '廊坊市' },
  { name: '衡水市中级人民法院', city: '衡水市' },
  { name: '衡水市桃城区人民法院', city: '衡水市' },
];

export const JUDICIAL_STATES = {
  enrolling: '正在报名',
  upcoming: '即将开始',
  ended: '已结束',
  sold: '已成交',
  failed: '已流拍',
} as const;

export interface JudicialSeed {
  pk: string;
  name: string;
  projecttype: string;
  court: string;
  city: string;
  round: JudicialRound;
  state: string;
  upsetYuan: number;
  appraisedYuan: number;
  depositYuan: number;
  incrementYuan: number;
  auctionAt: number;
  caseNumber: string;
  contactPhone: string;
  description: string;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
export const JUDICIAL_ITEM_COUNT = 48;

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Share of the appraisal a round starts at: 一拍 70 %, 二拍 80 % of the first round, 变卖 the second round's. */
const ROUND_SHARE: Record<JudicialRound, number> = { 1: 0.7, 2: 0.56, 0: 0.56 };
const ROUND_NAME: Record<JudicialRound, string> = { 0: '变卖', 1: '第一次拍卖', 2: '第二次拍卖' };

const CARS = ['奥迪A6L轿车', '丰田汉兰达越野车', '别克君威轿车', '宝马X3越野车', '本田CR-V越野车', '大众迈腾轿车'];
const MACHINES = ['数控加工中心', '注塑机', '挖掘机', '装载机', '冷轧生产线设备'];
const COMPANIES = ['河北恒润商贸有限公司', '石家庄鼎峰建材有限公司', '唐山顺达物流有限公司', '保定瑞祥纺织有限公司', '沧州海兴化工有限公司', '廊坊金地置业有限公司', '邯郸宏远钢铁贸易有限公司'];

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

/** Items in a fixed order: the first few of each state are spread so every state and round shows up. */
export function judicialItems(now: number): JudicialSeed[] {
  const rng = createRng(0x5f_2026);
  const today = chinaDayStart(now);
  const stateCycle = [JUDICIAL_STATES.enrolling, JUDICIAL_STATES.enrolling, JUDICIAL_STATES.upcoming, JUDICIAL_STATES.ended, JUDICIAL_STATES.sold, JUDICIAL_STATES.failed];
  const items: JudicialSeed[] = [];
  for (let i = 0; i < JUDICIAL_ITEM_COUNT; i++) {
    const court = COURTS[(i * 5) % COURTS.length]!;
    const city = CITIES.find((c) => c.name === court.city)!;
    const county = rng.pick(city.counties);
    const round = ([1, 1, 2, 0] as const)[i % 4]!;
    const state = stateCycle[i % stateCycle.length]!;
    const kind = i % 6;
    let name: string;
    let projecttype: string;
    let appraised: number;
    if (kind === 0 || kind === 3) {
      const size = (rng.int(5500, 16500) / 100).toFixed(2);
      name = `${city.name}${county}${rng.pick(city.roads)}${rng.pick(['锦绣', '华府', '阳光', '御景', '和园', '金域'])}小区${rng.int(1, 28)}号楼${rng.int(1, 4)}单元${rng.int(1, 26)}0${rng.int(1, 4)}室住宅`;
      projecttype = '住宅用房';
      appraised = roundTo(Number(size) * rng.int(6000, 18_000), 1000);
      name += `（建筑面积${size}平方米）`;
    } else if (kind === 1) {
      name = `${rng.pick(CARS)}一辆（冀${city.plate}·${rng.int(100, 999)}**）`;
      projecttype = '机动车';
      appraised = roundTo(rng.int(30_000, 380_000), 100);
    } else if (kind === 2) {
      name = `${rng.pick(COMPANIES)}持有的${city.short}${rng.pick(['盛源', '汇通', '佳禾', '中建', '泰和'])}实业有限公司${rng.pick([10, 20, 30, 49, 60])}%股权`;
      projecttype = '股权';
      appraised = roundTo(rng.int(500_000, 30_000_000), 10_000);
    } else if (kind === 4) {
      name = `${city.name}${county}${rng.pick(city.roads)}临街商业用房（建筑面积${(rng.int(8000, 60_000) / 100).toFixed(2)}平方米）`;
      projecttype = '商业用房';
      appraised = roundTo(rng.int(800_000, 9_000_000), 1000);
    } else {
      name = `${rng.pick(COMPANIES)}名下${rng.pick(MACHINES)}一批`;
      projecttype = '机械设备';
      appraised = roundTo(rng.int(100_000, 3_000_000), 1000);
    }
    const upset = roundTo(appraised * ROUND_SHARE[round], 100);
    const auctionDay =
      state === JUDICIAL_STATES.enrolling ? rng.int(2, 20) : state === JUDICIAL_STATES.upcoming ? rng.int(21, 40) : -rng.int(3, 120);
    const auctionAt = today + auctionDay * DAY + 10 * HOUR;
    const year = state === JUDICIAL_STATES.enrolling || state === JUDICIAL_STATES.upcoming ? 2026 : rng.pick([2025, 2026]);
    const caseNumber = `（${year}）冀${String(rng.int(1, 11)).padStart(2, '0')}${rng.pick(['01', '02', '81', '82'])}执${rng.pick(['', '恢'])}${rng.int(100, 9999)}号`;
    const deposit = roundTo(upset * 0.1, 100);
    const increment = roundTo(upset * 0.005, 100);
    items.push({
      pk: `SF${String(20_260_000 + i * 37 + 11)}`,
      name,
      projecttype,
      court: court.name,
      city: court.city,
      round,
      state,
      upsetYuan: upset,
      appraisedYuan: appraised,
      depositYuan: deposit,
      incrementYuan: increment,
      auctionAt,
      caseNumber,
      contactPhone: `0${rng.pick(['311', '315', '335', '310', '319', '312', '313', '314', '317', '316', '318'])}-${rng.int(2_000_000, 8_999_999)}`,
      description: [
        `<p>${esc(court.name)}将于${formatChinaTime(auctionAt, 'YYYY-MM-DD')} 10:00起在河北产权交易所司法拍卖平台对下列标的进行公开${ROUND_NAME[round]}（${esc(caseNumber)}）。</p>`,
        `<table><tbody><tr><th>标的物</th><td>${esc(name)}</td></tr><tr><th>评估价</th><td>${appraised.toLocaleString('zh-CN')} 元</td></tr>`,
        `<tr><th>起拍价</th><td>${upset.toLocaleString('zh-CN')} 元</td></tr><tr><th>保证金</th><td>${deposit.toLocaleString('zh-CN')} 元</td></tr>`,
        `<tr><th>加价幅度</th><td>${increment.toLocaleString('zh-CN')} 元</td></tr></tbody></table>`,
        '<p>标的物以现状拍卖，法院不承担瑕疵担保责任。竞买人须在拍卖开始前交纳保证金并完成报名，拍卖成交后买受人须在十日内付清全部价款。</p>',
        '<p>标的物过户所涉税费由买受人承担，原欠费以法院公告为准。</p>',
      ].join(''),
    });
  }
  return items;
}
