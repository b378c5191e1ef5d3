/**
 * Reference data of the account pages: dictionaries, the region tree (Hebei, its cities and counties,
 * from server/reference/places.ts), the industry classification (GB/T 4754-2017 sections with some of their
 * divisions) and the registration agreement.
 */
import type { AgreementNotice, DictEntry, Industry, Region } from '#domain/contract/auth';
import { PROVINCE_CODE } from '#domain/rules/constants';
import { ID_DOCUMENT_TYPES } from '#domain/rules/idCard';
import { CITIES, PROVINCE } from '../../reference/places.ts';

const USER_TYPES = ['个人用户', '机构用户'];
const ORG_TYPES = ['企业法人', '事业单位', '机关法人', '社会团体', '民办非企业单位', '个体工商户', '其他组织'];

const entries = (names: readonly string[], firstKey = 1): DictEntry[] =>
  names.map((name, i) => ({ dictKey: String(i + firstKey), dictValue: name, sort: i + 1 }));

export const DICTIONARIES: Readonly<Record<string, DictEntry[]>> = {
  id_type: ID_DOCUMENT_TYPES.map((t, i) => ({ dictKey: String(t.code), dictValue: t.name, sort: i + 1 })),
  user_type: entries(USER_TYPES),
  org_type: entries(ORG_TYPES),
};

/** The entries of a dictionary code, or undefined for an unknown code. */
export function dictionary(code: string): DictEntry[] | undefined {
  return Object.hasOwn(DICTIONARIES, code) ? DICTIONARIES[code] : undefined;
}

const PROVINCE_PBH = String(PROVINCE_CODE);

/**
 * One level of the region tree. City codes are the real 4-digit GB/T 2260 prefixes of Hebei's cities
 * (1301 石家庄 … 1311 衡水, reference/places.ts); county codes are the city code plus their 2-digit
 * position there — ours, stable, but not the official county codes.
 */
export function regions(pbh: string | undefined): Region[] {
  if (pbh === undefined || pbh === '' || pbh === '0') {
    return [{ code: PROVINCE_PBH, name: PROVINCE, pbh: '0', hasChildren: true }];
  }
  if (pbh === PROVINCE_PBH) {
    return CITIES.map((city) => ({ code: city.code, name: city.name, pbh: PROVINCE_PBH, hasChildren: city.counties.length > 0 }));
  }
  const city = CITIES.find((c) => c.code === pbh);
  if (city === undefined) return [];
  return city.counties.map((name, i) => ({
    code: `${pbh}${String(i + 1).padStart(2, '0')}`,
    name,
    pbh,
    hasChildren: false,
  }));
}

const SECTIONS: readonly [string, string, readonly (readonly [string, string])[]][] = [
  ['A', '农、林、牧、渔业', [['01', '农业'], ['02', '林业'], ['03', '畜牧业'], ['04', '渔业'], ['05', '农、林、牧、渔专业及辅助性活动']]],
  ['B', '采矿业', [['06', '煤炭开采和洗选业'], ['07', '石油和天然气开采业'], ['08', '黑色金属矿采选业'], ['09', '有色金属矿采选业'], ['10', '非金属矿采选业']]],
  ['C', '制造业', [['13', '农副食品加工业'], ['14', '食品制造业'], ['17', '纺织业'], ['26', '化学原料和化学制品制造业'], ['30', '非金属矿物制品业'], ['31', '黑色金属冶炼和压延加工业'], ['34', '通用设备制造业'], ['36', '汽车制造业'], ['38', '电气机械和器材制造业'], ['39', '计算机、通信和其他电子设备制造业']]],
  ['D', '电力、热力、燃气及水生产和供应业', [['44', '电力、热力生产和供应业'], ['45', '燃气生产和供应业'], ['46', '水的生产和供应业']]],
  ['E', '建筑业', [['47', '房屋建筑业'], ['48', '土木工程建筑业'], ['49', '建筑安装业'], ['50', '建筑装饰、装修和其他建筑业']]],
  ['F', '批发和零售业', [['51', '批发业'], ['52', '零售业']]],
  ['G', '交通运输、仓储和邮政业', [['53', '铁路运输业'], ['54', '道路运输业'], ['55', '水上运输业'], ['56', '航空运输业'], ['59', '装卸搬运和仓储业'], ['60', '邮政业']]],
  ['H', '住宿和餐饮业', [['61', '住宿业'], ['62', '餐饮业']]],
  ['I', '信息传输、软件和信息技术服务业', [['63', '电信、广播电视和卫星传输服务'], ['64', '互联网和相关服务'], ['65', '软件和信息技术服务业']]],
  ['J', '金融业', [['66', '货币金融服务'], ['67', '资本市场服务'], ['68', '保险业'], ['69', '其他金融业']]],
  ['K', '房地产业', [['70', '房地产业']]],
  ['L', '租赁和商务服务业', [['71', '租赁业'], ['72', '商务服务业']]],
  ['M', '科学研究和技术服务业', [['73', '研究和试验发展'], ['74', '专业技术服务业'], ['75', '科技推广和应用服务业']]],
  ['N', '水利、环境和公共设施管理业', [['76', '水利管理业'], ['77', '生态保护和环境治理业'], ['78', '公共设施管理业'], ['79', '土地管理业']]],
  ['O', '居民服务、修理和其他服务业', [['80', '居民服务业'], ['81', '机动车、电子产品和日用产品修理业'], ['82', '其他服务业']]],
  ['P', '教育', [['83', '教育']]],
  ['Q', '卫生和社会工作', [['84', '卫生'], ['85', '社会工作']]],
  ['R', '文化、体育和娱乐业', [['86', '新闻和出版业'], ['87', '广播、电视、电影和录音制作业'], ['88', '文化艺术业'], ['89', '体育'], ['90', '娱乐业']]],
  ['S', '公共管理、社会保障和社会组织', [['91', '中国共产党机关'], ['92', '国家机构'], ['93', '人民政协、民主党派'], ['94', '社会保障'], ['95', '群众团体、社会团体和其他成员组织'], ['96', '基层群众自治组织及其他组织']]],
  ['T', '国际组织', [['97', '国际组织']]],
];

export const INDUSTRIES: readonly Industry[] = SECTIONS.map(([code, name, divisions]) => ({
  code,
  name,
  children: divisions.map(([c, n]) => ({ code: c, name: n, children: [] })),
}));

/** The current registration agreement; raising `version` makes every user read and accept it again. */
export const AGREEMENT: AgreementNotice = {
  title: '河北产权交易所网络交易平台用户注册协议',
  version: '2026-01',
  content: [
    '<h3>一、总则</h3>',
    '<p>本协议是用户与河北产权交易所（以下简称“本所”）就网络交易平台（以下简称“平台”）的注册和使用所订立的协议。用户勾选同意并完成注册，即表示已阅读、理解并接受本协议及补充协议的全部内容。</p>',
    '<h3>二、账号注册与实名认证</h3>',
    '<p>用户应提供真实、准确、完整的注册信息，并按平台要求完成个人或机构实名认证。参与竞价等交易活动须以实名认证通过为前提。用户应妥善保管账号和密码，因保管不善造成的损失由用户自行承担。</p>',
    '<h3>三、个人信息保护</h3>',
    '<p>本所依照《中华人民共和国个人信息保护法》收集和使用用户信息，证件号码等敏感个人信息加密存储，仅用于身份核验和交易所必需的用途，未经用户同意不向第三方提供，法律法规另有规定的除外。</p>',
    '<h3>四、交易规则</h3>',
    '<p>用户参与项目报名、缴纳保证金和网络竞价，应遵守本所公布的交易规则和项目公告的约定。竞价结果以平台系统记录为准。</p>',
    '<h3>五、补充协议</h3>',
    '<p>用户同意平台通过短信、站内消息等方式发送与账号安全和交易相关的通知。本协议的修改将在平台公布，修改后用户须重新阅读并确认方可继续使用相关功能。</p>',
  ].join(''),
};
