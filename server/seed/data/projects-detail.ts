/**
 * Demo disclosures of the demo projects: the detail row (transferor, contact, appraisal, managed
 * flag), the six disclosure sections in realistic Chinese, feature tags, package children and attachments.
 * Everything about one project is drawn from a PRNG seeded by its project code, so it never depends on the
 * order of the list; only texts that quote the announcement window depend on `now`.
 */
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { DisclosureSectionKey } from '#domain/contract/projects';
import { announcementHtml, type AnnouncementLot } from '#domain/rules/announcement';
import { searchKeys } from '../../services/projects/search-keys.ts';
import { createRng, type Rng } from '../prng.ts';
import { CITIES } from './places.ts';
import { STATES, type ProjectSeed } from './projects.ts';

/** A stable 32-bit hash of a natural key (FNV-1a). */
export function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const rngFor = (key: string): Rng => createRng(keyHash(key));

/* ---------- feature tags ---------- */

export const FEATURES = [
  { code: 'quality', name: '优质资产' },
  { code: 'soe-direct', name: '国企直供' },
  { code: 'below-appraisal', name: '低于评估价' },
  { code: 'leased', name: '带租约' },
  { code: 'papers-complete', name: '手续齐全' },
  { code: 'viewing', name: '可预约看样' },
] as const;
export type FeatureCode = (typeof FEATURES)[number]['code'];

/* ---------- detail row ---------- */

const STAFF = ['王经理', '李经理', '张经理', '刘经理', '陈经理', '杨经理', '赵经理', '孙经理', '周经理', '吴经理'];

export interface DetailSeed {
  transferorName: string;
  contactName: string;
  contactPhone: string;
  appraisedYuan: number | null;
  managed: boolean;
}

const isLeasing = (p: ProjectSeed) => p.type_code === 3 || p.type_code === 6;

/**
 * A managed project (托管项目): a state-owned physical or leasing asset whose owner has entrusted the
 * exchange with it for the listing (custody, viewings, enquiries); about one in five of those.
 */
export function isManaged(p: ProjectSeed): boolean {
  return p.project_nature === 1 && (p.type_code === 2 || isLeasing(p)) && p.association_id === null && keyHash(`managed|${p.project_code}`) % 5 === 0;
}

export function detailFor(p: ProjectSeed): DetailSeed {
  const rng = rngFor(`detail|${p.project_code}`);
  const managed = isManaged(p);
  const startYuan = p.start_price_fen / 100;
  let appraisedYuan: number | null = null;
  if (p.price_type === 1 && startYuan > 0) {
    // State-owned listings start at or above the appraisal; court sales start at 70 % of it (first round).
    appraisedYuan = p.type_code === 5 ? Math.round(startYuan / 0.7) : Math.round(startYuan * rng.pick([1, 1, 0.96, 0.92, 0.88]));
  }
  return {
    transferorName: p.org_name,
    contactName: managed ? `资产托管部 ${rng.pick(STAFF)}` : rng.pick(STAFF),
    contactPhone: `0311-${rng.pick(['85', '86', '87'])}${String(rng.int(100_000, 999_999))}`,
    appraisedYuan,
    managed,
  };
}

export function featuresFor(p: ProjectSeed, detail: DetailSeed): FeatureCode[] {
  const h = keyHash(`features|${p.project_code}`);
  const out: FeatureCode[] = [];
  if (p.view_count > 4000 || p.start_price_fen > 1_000_000_000) out.push('quality');
  if (p.project_nature === 1 && p.type_code !== 5 && h % 3 === 0) out.push('soe-direct');
  if (detail.appraisedYuan !== null && p.start_price_fen / 100 < detail.appraisedYuan) out.push('below-appraisal');
  if (p.assets_name.includes('商业房产') && h % 2 === 0) out.push('leased');
  if (p.assets_name.includes('车')) out.push('papers-complete');
  if ((p.type_code === 2 || p.type_code === 6 || detail.managed) && h % 4 !== 1) out.push('viewing');
  return out;
}

/* ---------- sections ---------- */

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const para = (text: string) => `<p>${esc(text)}</p>`;
const heading = (text: string) => `<h3>${esc(text)}</h3>`;
const list = (items: readonly string[]) => `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`;
const table = (rows: readonly (readonly [string, string])[]) =>
  `<table><tbody>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</tbody></table>`;

/** '1,234,567.89 元' or '123.45 万元'. */
function money(yuan: number): string {
  if (yuan >= 10_000) return `${(yuan / 10_000).toLocaleString('zh-CN', { maximumFractionDigits: 4 })} 万元`;
  return `${yuan.toLocaleString('zh-CN', { maximumFractionDigits: 2 })} 元`;
}

function priceText(p: ProjectSeed): string {
  if (p.price_type === 3) return p.price_other || '面议';
  const start = p.start_price_fen / 100;
  if (p.price_type === 2) return `${start.toLocaleString('zh-CN')} ${p.price_unit}`;
  if (p.the_tone_interval === 2 && p.the_tone_max_fen !== null && p.the_tone_max_fen !== undefined) {
    return `${money(start)} 至 ${money(p.the_tone_max_fen / 100)}`;
  }
  return money(start);
}

const APPRAISERS = ['河北中兴资产评估有限公司', '河北华安资产评估事务所有限公司', '中联资产评估集团河北有限公司', '河北立信资产评估有限公司', '北京中企华资产评估有限责任公司河北分公司'];
const AUDITORS = ['中审众环会计师事务所河北分所', '立信会计师事务所河北分所', '河北正和会计师事务所有限公司', '大华会计师事务所石家庄分所'];
const APPROVERS = ['河北省人民政府国有资产监督管理委员会', '所属集团公司', '市人民政府国有资产监督管理委员会', '市财政局'];
const BUSINESS = ['技术开发、技术咨询、技术服务', '普通货物道路运输、仓储服务', '建筑材料销售', '新能源技术推广服务', '食品生产与销售', '农产品初加工及销售', '机械设备制造与维修', '软件开发与信息系统集成'];

function equityTarget(p: ProjectSeed): string {
  const m = /持有的(.+?)(\d+)%股权/.exec(p.assets_name);
  return m?.[1] ?? p.assets_name;
}

/** The announcement facts of a demo listing (no auction yet: the demo plans auctions after the seed). */
export function announcementLotOf(p: ProjectSeed, d: DetailSeed): AnnouncementLot {
  return {
    kind: p.state === STATES.preDisclosure ? 'preDisclosure' : 'listing',
    assetsName: p.assets_name,
    projectCode: p.project_code,
    typeCode: p.type_code ?? 0,
    region: `${p.province || '河北省'}${p.city ?? ''}${p.county ?? ''}`,
    priceType: p.price_type,
    startPriceFen: p.start_price_fen,
    priceUnit: p.price_unit ?? '',
    priceOther: p.price_other ?? '',
    depositFen: p.deposit_fen,
    enrolmentStartAt: p.announcement_start_at,
    enrolmentEndAt: p.announcement_end_at,
    depositEndAt: null,
    transferorName: d.transferorName,
    orgName: p.org_name,
    auction: null,
  };
}

function sectionTexts(p: ProjectSeed, d: DetailSeed, rng: Rng): Record<DisclosureSectionKey, string> {
  const end = formatChinaTime(p.announcement_end_at, 'YYYY-MM-DD HH:mm');
  const deposit = money(p.deposit_fen / 100);
  const stateOwned = p.project_nature === 1;
  const judicial = p.type_code === 5;
  const leasing = isLeasing(p);
  const capital = p.type_code === 4;
  // The listing announcement from the lot's facts, as the work system writes it (domain/rules/announcement.ts);
  // a demo auction planned later rewrites it with the auction (services/projects/announcement.ts).
  const announcement = announcementHtml(announcementLotOf(p, d));
  // One draw kept where the announcement used to draw its 交易方式, so the other sections' texts stay as they were.
  rng.next();

  const transferorRows: [string, string][] = [
    [judicial ? '委托法院' : capital ? '增资企业' : '转让方名称', d.transferorName],
    ['注册地', `${p.city ?? ''}${p.county ?? ''}`],
    [
      '经济类型',
      judicial
        ? '人民法院'
        : p.association_id === 88
          ? '行政事业单位'
          : stateOwned
            ? rng.pick(['国有独资公司', '国有控股企业'])
            : rng.pick(['有限责任公司（自然人投资或控股）', '股份有限公司（非上市）', '集体所有制企业']),
    ],
  ];
  if (!judicial) {
    transferorRows.push(['内部决策', rng.pick(['已经董事会审议通过', '已经总经理办公会审议通过', '已经股东会审议通过', '已经单位党委会研究同意'])]);
    if (stateOwned) transferorRows.push(['批准单位', rng.pick(APPROVERS)]);
  }
  const transferor = [
    table(transferorRows),
    d.managed
      ? para(`${d.transferorName}已与河北产权交易所签订资产托管协议：挂牌期间标的由交易所资产托管部代为保管、组织看样并答复咨询，成交后由交易所协助办理交割。`)
      : '',
  ].join('');

  const targetParts: string[] = [];
  if (p.type_code === 1) {
    const company = equityTarget(p);
    const revenue = rng.int(800, 90_000) * 10_000;
    const profit = Math.round(revenue * (rng.next() * 0.16 - 0.04));
    const assets = Math.round(revenue * (0.8 + rng.next() * 2));
    const debt = Math.round(assets * (0.2 + rng.next() * 0.5));
    targetParts.push(
      heading('标的企业基本情况'),
      table([
        ['企业名称', company],
        ['成立日期', `${rng.int(1998, 2020)}年${rng.int(1, 12)}月`],
        ['注册资本', money(rng.int(500, 20_000) * 10_000)],
        ['经营范围', `${rng.pick(BUSINESS)}；${rng.pick(BUSINESS)}（依法须经批准的项目，经相关部门批准后方可开展经营活动）`],
        ['职工人数', `${rng.int(12, 860)}人`],
      ]),
      heading(`主要财务指标（${rng.pick(AUDITORS)}审计，上一年度）`),
      table([
        ['营业收入', money(revenue)],
        ['利润总额', money(profit)],
        ['资产总计', money(assets)],
        ['负债总计', money(debt)],
        ['所有者权益', money(assets - debt)],
      ]),
    );
  } else if (capital) {
    targetParts.push(
      heading('增资方案'),
      table([
        ['拟募集资金', priceText(p)],
        ['拟新增注册资本', money(rng.int(1000, 30_000) * 10_000)],
        ['拟征集投资方数量', `${rng.int(1, 3)}家`],
        ['募集资金用途', rng.pick(['补充流动资金及偿还银行借款', '新建生产线及技术改造', '研发中心建设与市场拓展'])],
        ['增资后原股东持股比例', `不低于${rng.pick([51, 60, 67])}%`],
      ]),
    );
  } else if (leasing) {
    targetParts.push(
      heading('标的概况'),
      table([
        ['标的名称', p.assets_name],
        ['坐落位置', `${p.city ?? ''}${p.county ?? ''}`],
        ['规划用途', rng.pick(['商业', '办公', '仓储', '工业', '综合'])],
        ['租赁期限', `${rng.int(2, 8)}年（含装修免租期${rng.int(1, 3)}个月）`],
        ['租金支付', rng.pick(['按年支付，先付后用', '按半年支付，先付后用', '按季度支付，先付后用'])],
        ['标的现状', rng.pick(['空置，具备使用条件', '原租户已腾退，具备使用条件', '需承租方自行装修'])],
      ]),
    );
  } else {
    targetParts.push(
      heading('标的概况'),
      table([
        ['标的名称', p.assets_name],
        ['存放/坐落地点', `${p.city ?? ''}${p.county ?? ''}`],
        ['使用状况', rng.pick(['闲置', '停用待处置', '正常使用至交割日', '已报废，部分可修复使用'])],
        ['权属情况', judicial ? '权属清晰，已查封，成交后由法院出具裁定解除查封' : '权属清晰，无抵押、查封等权利限制'],
        ['看样安排', d.managed ? '由交易所资产托管部统一组织，请提前一个工作日预约' : '公告期内工作日预约看样'],
      ]),
    );
  }
  if (d.appraisedYuan !== null) {
    targetParts.push(
      heading('评估情况'),
      table([
        ['评估机构', rng.pick(APPRAISERS)],
        ['评估基准日', `${rng.pick([2025, 2026])}年${rng.pick(['3月31日', '6月30日', '9月30日', '12月31日'])}`],
        [p.type_code === 1 ? '转让标的对应评估值' : '评估值', money(d.appraisedYuan)],
        ['核准/备案', stateOwned && !judicial ? '已完成国有资产评估备案' : '—'],
      ]),
    );
  }
  const target = targetParts.join('');

  const tradeNotice = [
    heading('报名与保证金'),
    list([
      `意向方须于${end}前完成网上报名，并按要求提交报名材料。`,
      `交易保证金${deposit}，须于公告期截止前到达交易所指定账户（以到账时间为准）。`,
      '未成交的意向方所交保证金在交易结束后5个工作日内原路无息退还。',
    ]),
    heading('竞价与成交'),
    list([
      '公告期满产生两个及以上符合条件的意向方的，采取网络竞价方式确定受让方；只产生一个的，以不低于挂牌价格的报价成交。',
      '竞价开始后，竞买人在规定时间内加价报价；报价一经提交，不可撤回。',
      '成交后，受让方须在5个工作日内与转让方签订交易合同，并按合同约定支付交易价款与交易服务费。',
    ]),
  ].join('');

  const buyerAptitude = judicial
    ? list(['具有完全民事行为能力的自然人、法人或其他组织均可参与竞买；法律法规对买受人资格有规定的，从其规定。', '失信被执行人及本案被执行人不得参与竞买。'])
    : list([
        '意向方应为依法设立并有效存续的企业法人、其他经济组织或具有完全民事行为能力的自然人。',
        '意向方应具有良好的财务状况和支付能力，并具有良好的商业信用。',
        capital ? '投资方须认同增资企业的发展战略，并承诺增资后三年内不转让所持股权。' : '本项目不接受联合体受让。',
        '国家法律、行政法规规定的其他条件。',
      ]);

  const riskWarning = [
    para('意向方应在报名前仔细阅读本项目公告及全部披露资料，自行实地查看标的，充分了解标的现状及可能存在的瑕疵。'),
    para('交易所依据转让方提供的资料进行信息披露，不对标的的价值、质量及权属作任何担保；意向方一经报名，即视为已完全了解并接受标的现状及本公告的全部内容。'),
    para(judicial ? '标的物以现状拍卖，可能存在的欠费（物业费、水电费等）及过户所需税费由买受人承担，具体以法院公告为准。' : '交易过程中所涉税费，按国家有关规定由交易双方各自承担。'),
  ].join('');

  return { announcement, transferor, target, tradeNotice, buyerAptitude, riskWarning };
}

export function sectionsFor(p: ProjectSeed, d: DetailSeed): Record<DisclosureSectionKey, string> {
  return sectionTexts(p, d, rngFor(`sections|${p.project_code}`));
}

/* ---------- package children ---------- */

const CHILD_ITEMS: readonly (readonly [string, readonly string[]])[] = [
  ['数控机床', ['数控车床CK6150', '立式加工中心VMC850', '数控铣床XK7132', '卧式镗床T611']],
  ['变压器及配电设备', ['S11-800kVA油浸式变压器', 'KYN28高压开关柜', 'GGD低压配电柜', '箱式变电站']],
  ['办公家具', ['办公桌椅（45套）', '文件柜（60组）', '会议桌（6张）', '沙发茶几（12组）']],
  ['锅炉设备', ['SZL10燃煤蒸汽锅炉', '软化水处理设备', '除尘脱硫设备', '循环水泵机组']],
  ['生产线设备', ['自动包装线', '皮带输送系统', '全自动灌装机', '码垛机器人']],
  ['桥式起重机', ['QD20/5t桥式起重机', 'LD10t电动单梁起重机', 'MH5t门式起重机']],
  ['检测仪器', ['万能材料试验机', '直读光谱仪', '超声波探伤仪', '三坐标测量机']],
  ['报废电子设备', ['台式计算机（120台）', '笔记本电脑（35台）', '打印复印一体机（18台）', '服务器机柜（4组）']],
  ['废旧钢材', ['废旧型钢', '废旧钢板', '废旧管材', '废旧钢筋']],
  ['公务车辆', ['大众帕萨特轿车', '丰田凯美瑞轿车', '别克GL8商务车', '金杯海狮客车', '长城哈弗越野车']],
  ['办公设备', ['台式计算机（40台）', '激光打印机（15台）', '柜式空调（8台）', '办公桌椅（30套）']],
  ['教学设备', ['多媒体教学一体机（24台）', '理化实验台（30张）', '课桌椅（300套）', '投影仪（20台）']],
];

export function isPackage(p: ProjectSeed): boolean {
  return p.project_type === 1 || p.project_type === 2;
}

/**
 * The child assets of a package: one per vehicle of a vehicle batch ('（12辆）'), else 2–4 lots; same window,
 * state, place and seller; the package price split among them.
 */
export function childrenFor(pkg: ProjectSeed): ProjectSeed[] {
  const rng = rngFor(`children|${pkg.project_code}`);
  const items = CHILD_ITEMS.find(([word]) => pkg.assets_name.includes(word))?.[1] ?? ['设备', '物资', '配件', '材料'];
  const vehicles = /（(\d+)辆）/.exec(pkg.assets_name)?.[1];
  const count = vehicles ? Number(vehicles) : Math.min(items.length, rng.int(2, 4));
  const plateLetter = CITIES.find((c) => c.name === pkg.city)?.plate ?? 'A';
  const weights = Array.from({ length: count }, () => rng.int(2, 10));
  const total = weights.reduce((a, b) => a + b, 0);
  const priced = pkg.price_type === 1 && pkg.start_price_fen > 0;
  const children: ProjectSeed[] = [];
  let priceLeft = pkg.start_price_fen;
  let depositLeft = pkg.deposit_fen ?? 0;
  for (let i = 0; i < count; i++) {
    const last = i === count - 1;
    // Whole yuan per child; the last takes the rest so the children add up to the package.
    const price = !priced ? 0 : last ? priceLeft : Math.round((pkg.start_price_fen * weights[i]!) / total / 100) * 100;
    const deposit = last ? depositLeft : Math.round(((pkg.deposit_fen ?? 0) * weights[i]!) / total / 100) * 100;
    priceLeft -= price;
    depositLeft -= deposit;
    const plate = vehicles ? `（冀${plateLetter}·${rng.int(100, 999)}**）` : '';
    const name = `${pkg.org_name}${vehicles ? rng.pick(items) : items[i]}${plate}`;
    const code = `${pkg.project_code}-${String(i + 1).padStart(2, '0')}`;
    children.push({
      ...pkg,
      project_code: code,
      assets_name: name,
      ...searchKeys(name, code),
      project_type: 0,
      start_price_fen: priced ? price : pkg.start_price_fen,
      the_tone_interval: 1,
      the_tone_max_fen: null,
      deposit_fen: deposit,
      view_count: rng.int(5, 300),
    });
  }
  return children;
}

/* ---------- attachments ---------- */

export type AttachmentSeed =
  | { ref: string; fileName: string; kind: 'pdf'; title: string; paragraphs: string[] }
  | { ref: string; fileName: string; kind: 'docx'; title: string; paragraphs: string[] }
  | { ref: string; fileName: string; kind: 'xlsx'; sheet: string; rows: (string | number)[][] }
  | { ref: string; fileName: string; kind: 'jpg'; seed: number };

/** File names keep the project code, not the long asset name (names over ~100 bytes trouble some systems). */
export function attachmentsFor(p: ProjectSeed, index: number, children: readonly ProjectSeed[]): AttachmentSeed[] {
  // Every third listing, and every package, carries files; the others disclose text only.
  if (index % 3 !== 0 && children.length === 0) return [];
  const code = p.project_code;
  const out: AttachmentSeed[] = [
    {
      ref: `PA-${code}-1`,
      kind: 'pdf',
      fileName: `${code}项目公告.pdf`,
      title: `${p.assets_name}公告`,
      paragraphs: [
        `受${p.org_name}委托，河北产权交易所对${p.assets_name}（项目编号：${code}）公开挂牌。`,
        `挂牌价格：${priceText(p)}；交易保证金：${money(p.deposit_fen / 100)}。`,
        `公告期：${formatChinaTime(p.announcement_start_at, 'YYYY-MM-DD')}至${formatChinaTime(p.announcement_end_at, 'YYYY-MM-DD')}。`,
        '意向方须在公告期内登录河北产权交易所网络交易系统报名并交纳交易保证金。详细条件见网站披露信息。',
        '联系地址：河北省石家庄市桥西区中华南大街，河北产权交易所。',
      ],
    },
  ];
  if (p.type_code === 1 || p.type_code === 4) {
    out.push({
      ref: `PA-${code}-2`,
      kind: 'docx',
      fileName: `${code}意向受让申请书.docx`,
      title: p.type_code === 4 ? '投资申请书' : '意向受让申请书',
      paragraphs: [
        '河北产权交易所：',
        `本方自愿申请参与${p.assets_name}（项目编号：${code}），承诺所提交材料真实、准确、完整，并接受交易规则的约束。`,
        '申请方名称：____________________',
        '统一社会信用代码（身份证号码）：____________________',
        '联系人：__________  联系电话：__________',
        '',
        '申请方（盖章/签字）：',
        '日期：      年    月    日',
      ],
    });
  }
  if (children.length) {
    out.push({
      ref: `PA-${code}-3`,
      kind: 'xlsx',
      fileName: `${code}资产清单.xlsx`,
      sheet: '资产清单',
      rows: [['序号', '资产名称', '挂牌价格（元）', '存放地点'], ...children.map((c, i) => [i + 1, c.assets_name, c.start_price_fen / 100, `${c.city ?? ''}${c.county ?? ''}`])],
    });
  }
  if (p.type_code === 2 || p.type_code === 6 || p.type_code === 3) {
    out.push({ ref: `PA-${code}-4`, kind: 'jpg', fileName: `${code}现场照片.jpg`, seed: keyHash(code) });
  }
  return out;
}
