/**
 * The rest of the demo content: downloadable files, ads, partners, page modules, site notices,
 * recruitment, content columns (service, activity and special pages) and position titles.
 */
import { PALETTES } from './files.ts';

const P = PALETTES;

/* ---------- downloadable files ---------- */

export type FileSeed =
  | { ref: string; fileName: string; kind: 'pdf'; title: string; paragraphs: readonly string[] }
  | { ref: string; fileName: string; kind: 'docx'; title: string; paragraphs: readonly string[] }
  | { ref: string; fileName: string; kind: 'xlsx'; sheet: string; rows: readonly (readonly (string | number)[])[] };

const FILL = '____________________';

export const FILES: readonly FileSeed[] = [
  {
    ref: 'DL-0001', kind: 'docx', fileName: '意向受让申请书（企业国有产权转让）.docx',
    title: '意向受让申请书',
    paragraphs: [
      '河北产权交易所：',
      '本方自愿申请受让下列产权转让项目，并承诺所提交材料真实、准确、完整，接受交易规则的约束。',
      `项目名称：${FILL}`, `项目编号：${FILL}`, `意向受让方名称：${FILL}`, `统一社会信用代码（身份证号码）：${FILL}`,
      `联系人：${FILL}  联系电话：${FILL}`, '', '意向受让方（盖章/签字）：', '日期：      年    月    日',
    ],
  },
  {
    ref: 'DL-0002', kind: 'docx', fileName: '竞买申请书（实物资产）.docx',
    title: '竞买申请书',
    paragraphs: [
      '河北产权交易所：',
      '本人（本单位）已认真阅读项目公告及竞买须知，自愿参加下列标的的网络竞价，并按规定交纳交易保证金。',
      `标的名称：${FILL}`, `竞买人：${FILL}`, `证件号码：${FILL}`, `联系电话：${FILL}`, '', '竞买人（签字/盖章）：', '日期：      年    月    日',
    ],
  },
  {
    ref: 'DL-0003', kind: 'docx', fileName: '授权委托书.docx',
    title: '授权委托书',
    paragraphs: [
      `委托人：${FILL}`, `受托人：${FILL}  身份证号码：${FILL}`,
      '现委托上述受托人代表委托人办理项目报名、资料提交、网络竞价及签署相关文件等事宜，受托人在委托权限内所签署的文件和所作的报价，委托人均予承认。',
      '委托期限：自签署之日起至项目交易结束之日止。', '', '委托人（签字/盖章）：', '日期：      年    月    日',
    ],
  },
  {
    ref: 'DL-0004', kind: 'xlsx', fileName: '交易保证金退还申请表.xlsx', sheet: '退还申请',
    rows: [
      ['交易保证金退还申请表'],
      ['项目编号', '项目名称', '竞买人名称', '保证金金额（元）', '退款账户名', '退款账号', '开户行'],
      ['', '', '', '', '', '', ''],
      ['说明：保证金原路退还，退款账户须与交款账户一致。'],
    ],
  },
  {
    ref: 'DL-0005', kind: 'pdf', fileName: '河北产权交易所网络竞价实施细则.pdf',
    title: '河北产权交易所网络竞价实施细则',
    paragraphs: [
      '第一条 为规范网络竞价活动，维护交易各方合法权益，根据有关法律法规和本所交易规则，制定本细则。',
      '第二条 本细则适用于通过本所网络竞价系统组织的企业国有产权转让、实物资产转让、资产租赁及其他交易项目。',
      '第三条 网络竞价采用多次报价、一次报价等方式，具体方式以项目公告为准。',
      '第四条 竞买人应在报名截止前完成实名认证、报名和保证金交纳，经资格确认后取得竞价资格。',
      '第五条 竞价以本所服务器时间为准。自由竞价结束前的延时周期内有有效报价的，竞价时间自动延长一个延时周期。',
      '第六条 报价须为起始价加上加价幅度的整数倍；报价一经提交不得撤回。',
      '第七条 竞价结束后，系统按价格优先原则确定最高报价者为成交人，并在本所网站公示交易结果。',
      '第八条 因不可抗力或系统故障导致竞价无法正常进行的，本所可中止或终止竞价，并及时公告。',
      '第九条 本细则由本所负责解释，自发布之日起施行。',
    ],
  },
  {
    ref: 'DL-0006', kind: 'pdf', fileName: '河北产权交易所交易保证金管理办法.pdf',
    title: '河北产权交易所交易保证金管理办法',
    paragraphs: [
      '第一条 为规范交易保证金的收取、管理、转付和退还，保障交易各方合法权益，制定本办法。',
      '第二条 交易保证金由意向受让方（竞买人）本人或本单位账户转入本所指定结算账户，不接受现金和第三方代付。',
      '第三条 未成交竞买人的保证金在交易结果公示期满后3个工作日内原路退还。',
      '第四条 成交人的保证金按交易合同约定转为交易价款或履约保证金。',
      '第五条 竞买人存在违规行为的，保证金按项目公告约定处理。',
      '第六条 本办法自发布之日起施行。',
    ],
  },
  {
    ref: 'DL-0007', kind: 'pdf', fileName: '网络竞价系统操作手册（竞买人版）.pdf',
    title: '网络竞价系统操作手册（竞买人版）',
    paragraphs: [
      '一、系统登录：在本所门户网站点击“登录”，使用注册手机号和密码登录，或使用短信验证码登录。',
      '二、实名认证：进入用户中心完成个人或机构实名认证，认证通过后方可报名。',
      '三、项目报名：在项目详情页点击“我要报名”，填写报名信息并上传资格证明材料。',
      '四、交纳保证金：通过专属结算账号转账或在收银台在线支付，到账后系统自动确认。',
      '五、参加竞价：竞价开始后进入竞价室，按加价幅度报价，关注倒计时和延时提示。',
      '六、成交确认：竞价结束后查看竞价结果，成交人按公告要求签订合同并支付价款。',
    ],
  },
  {
    ref: 'DL-0008', kind: 'xlsx', fileName: '交易服务收费标准.xlsx', sheet: '收费标准',
    rows: [
      ['成交金额区间', '费率', '说明'],
      ['100万元以下（含）', '1.5%', '交易双方分别承担'],
      ['100万元至1000万元（含）', '1.0%', '差额累进计收'],
      ['1000万元至5000万元（含）', '0.5%', '差额累进计收'],
      ['5000万元以上', '0.2%', '差额累进计收'],
    ],
  },
  {
    ref: 'DL-0009', kind: 'pdf', fileName: 'CA数字证书办理指南.pdf',
    title: 'CA数字证书办理指南',
    paragraphs: [
      '一、适用对象：参加需使用数字证书签章的项目的机构竞买人。',
      '二、办理渠道：通过本所合作的CA机构在线申请，或到本所服务大厅现场办理。',
      '三、所需材料：营业执照副本、法定代表人身份证明、经办人身份证件及授权委托书。',
      '四、办理时限：材料齐全的，一般在2个工作日内办结。',
    ],
  },
  {
    ref: 'DL-0010', kind: 'xlsx', fileName: '上月成交项目清单.xlsx', sheet: '成交项目',
    rows: [
      ['序号', '项目类别', '成交宗数', '成交金额（万元）', '平均增值率'],
      [1, '企业国有产权转让', 14, 38650.5, '16.2%'],
      [2, '实物资产转让', 97, 5236.8, '21.4%'],
      [3, '房屋租赁', 38, 1268.3, '11.9%'],
      [4, '司法拍卖', 7, 2986, '8.3%'],
    ],
  },
];

export interface DownloadSeed {
  ref: string;
  file: string;
  title: string;
  category: '交易文书' | '制度文件' | '操作指南';
  daysAgo: number;
}

export const DOWNLOAD_CATEGORIES = ['交易文书', '制度文件', '操作指南'] as const;

export const DOWNLOADS: readonly DownloadSeed[] = [
  { ref: 'XZ-0001', file: 'DL-0001', title: '意向受让申请书（企业国有产权转让）', category: '交易文书', daysAgo: 30 },
  { ref: 'XZ-0002', file: 'DL-0002', title: '竞买申请书（实物资产）', category: '交易文书', daysAgo: 31 },
  { ref: 'XZ-0003', file: 'DL-0003', title: '授权委托书', category: '交易文书', daysAgo: 32 },
  { ref: 'XZ-0004', file: 'DL-0004', title: '交易保证金退还申请表', category: '交易文书', daysAgo: 33 },
  { ref: 'XZ-0005', file: 'DL-0005', title: '河北产权交易所网络竞价实施细则', category: '制度文件', daysAgo: 50 },
  { ref: 'XZ-0006', file: 'DL-0006', title: '河北产权交易所交易保证金管理办法', category: '制度文件', daysAgo: 150 },
  { ref: 'XZ-0007', file: 'DL-0008', title: '交易服务收费标准', category: '制度文件', daysAgo: 90 },
  { ref: 'XZ-0008', file: 'DL-0007', title: '网络竞价系统操作手册（竞买人版）', category: '操作指南', daysAgo: 40 },
  { ref: 'XZ-0009', file: 'DL-0009', title: 'CA数字证书办理指南', category: '操作指南', daysAgo: 75 },
];

/* ---------- ads ---------- */

export interface AdSeed {
  ref: string;
  code: 'banner' | 'home-ad';
  title: string;
  subtitle: string;
  tag?: string;
  url: string;
  palette: (typeof P)[number];
}

export const ADS: readonly AdSeed[] = [
  { ref: 'AD-BANNER-1', code: 'banner', tag: '国有资产交易', title: '阳光交易 · 公开透明 · 规范高效', subtitle: '企业国有产权、实物资产、增资扩股一站式进场交易', url: '/gyzcProject', palette: P[0]! },
  { ref: 'AD-BANNER-2', code: 'banner', tag: '系统升级', title: '网络竞价系统全新升级', subtitle: '服务器时间统一校准 · 报价全程留痕 · 结果实时公示', url: '/hall', palette: P[1]! },
  { ref: 'AD-BANNER-3', code: 'banner', tag: '行政事业资产', title: '行政事业单位资产公开处置', subtitle: '公务用车、办公设备、房产租赁 全省统一平台公开处置', url: '/project?associationId=88', palette: P[2]! },
  { ref: 'AD-HOME-1', code: 'home-ad', title: '司法拍卖 · 阳光处置', subtitle: '法院委托 · 网络竞价 · 全程公开', url: '/sfProject', palette: P[5]! },
  { ref: 'AD-HOME-2', code: 'home-ad', title: '京津冀产权市场项目推介', subtitle: '优质股权与资产项目集中发布', url: '/hd2', palette: P[3]! },
];

/** Key recommendations: how many, and the ad position code (spec: strip of 8). */
export const KEY_PROJECT_CODE = 'zdtj';
export const KEY_PROJECT_COUNT = 8;

/* ---------- partners ---------- */

export const PARTNERS: readonly { ref: string; name: string; short: string; url: string }[] = [
  { ref: 'PT-01', name: '河北省国资委', short: '国', url: 'http://hbsa.hebei.gov.cn/' },
  { ref: 'PT-02', name: '河北省财政厅', short: '财', url: 'http://czt.hebei.gov.cn/' },
  { ref: 'PT-03', name: '河北省高级人民法院', short: '法', url: 'http://www.hebeicourt.gov.cn/' },
  { ref: 'PT-04', name: '中国产权交易协会', short: '协', url: '' },
  { ref: 'PT-05', name: '北京产权交易所', short: '京', url: 'https://www.cbex.com.cn/' },
  { ref: 'PT-06', name: '天津产权交易中心', short: '津', url: 'https://www.tpre.cn/' },
  { ref: 'PT-07', name: '雄安新区产权服务中心', short: '雄', url: '' },
  { ref: 'PT-08', name: '河北银行', short: '冀', url: '' },
  { ref: 'PT-09', name: '工商银行河北省分行', short: '工', url: '' },
  { ref: 'PT-10', name: '建设银行河北省分行', short: '建', url: '' },
  { ref: 'PT-11', name: '河北省资产评估协会', short: '评', url: '' },
  { ref: 'PT-12', name: '河北省律师协会', short: '律', url: '' },
];

/* ---------- page modules ---------- */

export interface ModuleSeed {
  ref: string;
  modulesCode: string;
  name: string;
  sourceType: 1 | 2 | 3;
  /** News plate code; a notice module names its notice plate here (for its More link). */
  plateCode: string;
  noticeType?: number;
  hasMore?: boolean;
}

export const MODULES: readonly ModuleSeed[] = [
  { ref: 'MD-TOP-1', modulesCode: 'home-top', name: '要闻', sourceType: 1, plateCode: 'xwzx' },
  { ref: 'MD-NEWS-1', modulesCode: 'home-news', name: '交易所动态', sourceType: 1, plateCode: 'jysdt' },
  { ref: 'MD-NEWS-2', modulesCode: 'home-news', name: '通知公告', sourceType: 1, plateCode: 'tzgg' },
  { ref: 'MD-NEWS-3', modulesCode: 'home-news', name: '挂牌公告', sourceType: 2, plateCode: 'gpgg', noticeType: 1 },
  { ref: 'MD-NEWS-4', modulesCode: 'home-news', name: '行业资讯', sourceType: 1, plateCode: 'hyzx' },
  { ref: 'MD-NEWS-5', modulesCode: 'home-news', name: '媒体聚焦', sourceType: 1, plateCode: 'mtjj' },
  { ref: 'MD-RIGHT-1', modulesCode: 'home-right', name: '结果公示', sourceType: 1, plateCode: 'jggs' },
  { ref: 'MD-RIGHT-2', modulesCode: 'home-right', name: '成交公告', sourceType: 2, plateCode: 'cjgg', noticeType: 2 },
  { ref: 'MD-POLICY-1', modulesCode: 'home-policy', name: '政策法规', sourceType: 1, plateCode: 'zcfg' },
];

/* ---------- site notices (notice-info) ---------- */

export const NOTICE_INFOS: readonly { ref: string; title: string; category: 1 | 2; top?: boolean; daysAgo: number; body: readonly string[] }[] = [
  { ref: 'NI-01', category: 2, top: true, daysAgo: 1, title: '关于谨防冒充我所工作人员实施诈骗的郑重提示', body: ['近期有不法分子冒充我所工作人员，以“内部渠道”“保证成交”为由收取费用。我所郑重提示：交易保证金只能转入我所公布的结算账户，我所工作人员不会要求转账至个人账户。如有疑问请拨打0311-86012099核实。'] },
  { ref: 'NI-02', category: 1, daysAgo: 3, title: '网络竞价系统例行维护通知', body: ['为提升系统性能，我所将于本周六22:00至次日2:00对网络竞价系统进行例行维护，维护期间暂停报名和保证金确认，已安排的竞价不受影响。'] },
  { ref: 'NI-03', category: 1, daysAgo: 12, title: 'CA数字证书到期更新提示', body: ['部分机构用户的CA数字证书即将到期，请在到期前通过合作CA机构办理更新，以免影响报名和签约。'] },
  { ref: 'NI-04', category: 2, daysAgo: 20, title: '关于启用新版门户网站的公告', body: ['我所新版门户网站已正式上线运行，原有账号和密码继续有效。新版网站优化了项目检索、竞价大厅和用户中心功能。'] },
  { ref: 'NI-05', category: 1, daysAgo: 35, title: '关于规范交易保证金交纳的提示', body: ['请竞买人使用本人（本单位）账户交纳保证金，并在转账附言中注明项目编号。第三方代付的保证金将予以退回。'] },
  { ref: 'NI-06', category: 2, daysAgo: 58, title: '关于调整服务大厅办公时间的公告', body: ['自冬季作息起，服务大厅下午办公时间调整为13:30-17:30。'] },
];

/* ---------- recruitment ---------- */

export const RECRUITS: readonly { ref: string; title: string; department: string; headcount: number; location: string; education: string; daysAgo: number; deadlineDays: number; body: readonly string[] }[] = [
  { ref: 'RC-01', title: '产权交易业务经理', department: '产权交易部', headcount: 2, location: '石家庄', education: '本科及以上', daysAgo: 6, deadlineDays: 24, body: ['## 岗位职责', '- 负责企业国有产权转让、增资扩股项目的受理、审核和信息披露；', '- 组织项目推介和交易活动。', '## 任职要求', '- 经济、金融、法律等相关专业；', '- 3年以上产权交易、投行或律所相关工作经验。'] },
  { ref: 'RC-02', title: '网络竞价系统开发工程师', department: '信息技术部', headcount: 1, location: '石家庄', education: '本科及以上', daysAgo: 10, deadlineDays: 20, body: ['## 岗位职责', '- 负责网络竞价系统和门户网站的开发与维护；', '- 参与系统架构设计和性能优化。', '## 任职要求', '- 计算机相关专业，熟悉 TypeScript、React、Node.js 和关系型数据库；', '- 有高并发交易系统经验者优先。'] },
  { ref: 'RC-03', title: '结算中心会计', department: '结算中心', headcount: 1, location: '唐山', education: '本科及以上', daysAgo: 15, deadlineDays: 15, body: ['## 岗位职责', '- 负责交易保证金和交易价款的收付核算；', '- 编制结算报表。', '## 任职要求', '- 会计、财务管理相关专业，具有初级及以上会计职称。'] },
];

/* ---------- content columns ---------- */

export interface ColumnItemSeed {
  ref: string;
  title: string;
  summary?: string;
  linkUrl?: string;
  body?: readonly string[];
  picture?: { word: string; caption: string; palette: (typeof P)[number]; motif: 'city' | 'hall' | 'meeting' | 'land' };
  daysAgo?: number;
}

export interface ColumnSeed {
  code: string;
  name: string;
  description: string;
  banner?: { title: string; subtitle: string; tag: string; palette: (typeof P)[number] };
  items: readonly ColumnItemSeed[];
}

export const COLUMNS: readonly ColumnSeed[] = [
  {
    code: 'service-center', name: '服务中心', description: '为转让方、投资方和各类市场主体提供全流程交易服务',
    banner: { tag: '服务中心', title: '专业 · 规范 · 高效的交易服务', subtitle: '转让服务 · 投资服务 · 融资、评估、鉴证及培训服务', palette: P[1]! },
    items: [
      { ref: 'CC-SC-1', title: '转让服务', linkUrl: '/transferService', summary: '为国有企业、行政事业单位和其他转让方提供项目受理、信息披露、竞价组织和结算交割服务。', picture: { word: '转让服务', caption: '项目受理 · 信息披露 · 竞价组织', palette: P[0]!, motif: 'hall' } },
      { ref: 'CC-SC-2', title: '投资服务', linkUrl: '/investService', summary: '为意向受让方和投资机构提供项目推介、尽调协助、报名辅导和交易撮合服务。', picture: { word: '投资服务', caption: '项目推介 · 尽调协助 · 交易撮合', palette: P[1]!, motif: 'city' } },
      { ref: 'CC-SC-3', title: '其他服务', linkUrl: '/otherService', summary: '融资服务、评估咨询、交易鉴证和业务培训等延伸服务。', picture: { word: '其他服务', caption: '融资 · 咨询 · 鉴证 · 培训', palette: P[2]!, motif: 'meeting' } },
    ],
  },
  {
    code: 'transfer-service', name: '转让服务', description: '转让方（委托方）服务内容与办理流程',
    items: [
      { ref: 'CC-TS-1', title: '服务对象', body: ['国有及国有控股企业、国有实际控制企业、行政事业单位，以及委托我所公开处置资产的法院、破产管理人和其他市场主体。'] },
      { ref: 'CC-TS-2', title: '服务内容', body: ['- 项目委托受理与材料审核；', '- 交易方案设计与挂牌条件咨询；', '- 信息披露与多渠道项目推介；', '- 意向受让方登记与资格确认；', '- 网络竞价组织与结果公示；', '- 交易价款结算与交易凭证出具。'] },
      { ref: 'CC-TS-3', title: '办理流程', body: ['提交委托 → 材料审核（3个工作日） → 信息披露 → 报名登记 → 组织竞价 → 签约结算 → 出具凭证。'] },
      { ref: 'CC-TS-4', title: '联系方式', body: ['产权交易部：0311-86012018；资产交易部：0311-86012026。'] },
    ],
  },
  {
    code: 'invest-service', name: '投资服务', description: '意向受让方和投资机构服务',
    items: [
      { ref: 'CC-IS-1', title: '投资者登记', body: ['投资者可在网站注册并完成实名认证，登记投资意向（行业、地区、金额区间），我所将定向推送匹配项目。'] },
      { ref: 'CC-IS-2', title: '项目推介', body: ['定期举办项目推介会、京津冀联合推介和线上直播看样，帮助投资者全面了解项目情况。'] },
      { ref: 'CC-IS-3', title: '尽调协助', body: ['协助投资者查阅项目资料、预约现场看样，并协调转让方答复投资者关注的问题。'] },
      { ref: 'CC-IS-4', title: '交易辅导', body: ['提供报名材料准备、保证金交纳和网络竞价操作的一对一辅导。竞价服务部电话：0311-86012035。'] },
    ],
  },
  {
    code: 'other-service', name: '其他服务', description: '融资、咨询、鉴证和培训服务',
    items: [
      { ref: 'CC-OS-1', title: '融资服务', body: ['联合合作银行为受让方提供并购贷款、交易价款融资等金融服务。'] },
      { ref: 'CC-OS-2', title: '评估咨询', body: ['协助转让方对接资产评估、审计和法律服务机构，提供交易方案咨询。'] },
      { ref: 'CC-OS-3', title: '交易鉴证', body: ['对场外完成的符合规定的产权交易，审核后出具交易鉴证文件。'] },
      { ref: 'CC-OS-4', title: '业务培训', body: ['面向国有企业、行政事业单位和会员机构开展国有资产交易政策与实务培训。'] },
    ],
  },
  {
    code: 'hd1', name: '活动专题一', description: '国有资产“阳光处置”宣传月',
    banner: { tag: '专题活动', title: '国有资产“阳光处置”宣传月', subtitle: '让每一宗国有资产在阳光下交易', palette: P[0]! },
    items: [
      { ref: 'CC-HD1-1', title: '活动背景', body: ['为进一步宣传企业国有资产和行政事业单位资产进场交易制度，提高社会公众对公开处置的认知度，我所在全省组织开展“阳光处置”宣传月活动。'] },
      { ref: 'CC-HD1-2', title: '活动内容', body: ['- 政策宣讲进企业、进机关；', '- 典型案例发布；', '- 服务大厅开放日；', '- 网络竞价体验活动。'] },
      { ref: 'CC-HD1-3', title: '参与方式', body: ['关注本所网站和官方公众号，或致电0311-86012050报名参加开放日活动。'] },
    ],
  },
  {
    code: 'hd2', name: '活动专题二', description: '京津冀产权市场项目推介会',
    banner: { tag: '专题活动', title: '京津冀产权市场项目推介会', subtitle: '三地联动 · 项目共享 · 服务协同', palette: P[3]! },
    items: [
      { ref: 'CC-HD2-1', title: '推介会概况', body: ['三地产权交易机构联合举办项目推介会，集中发布企业股权、增资扩股和实物资产项目120余宗。'] },
      { ref: 'CC-HD2-2', title: '重点领域', body: ['新能源、先进制造、现代物流、文化旅游和城市更新。'] },
      { ref: 'CC-HD2-3', title: '报名咨询', body: ['意向投资机构可致电0311-86012018报名参会。'] },
    ],
  },
  {
    code: 'special', name: '专题专栏', description: '专场交易与专项项目',
    items: [
      { ref: 'CC-SP-1', title: '机动车专场', linkUrl: '/specialCar', summary: '公务用车、企业车辆集中网络竞价。', picture: { word: '机动车专场', caption: '公务用车 · 企业车辆', palette: P[1]!, motif: 'city' } },
      { ref: 'CC-SP-2', title: '成品油专场', linkUrl: '/specialOil', summary: '成品油批量竞价交易专场。', picture: { word: '成品油专场', caption: '汽油 · 柴油 批量竞价', palette: P[4]!, motif: 'land' } },
      { ref: 'CC-SP-3', title: '石油化工专场', linkUrl: '/specialPetroleum', summary: '石化、化工企业股权及资产转让。', picture: { word: '石油化工专场', caption: '股权 · 设备 · 物资', palette: P[5]!, motif: 'hall' } },
      { ref: 'CC-SP-4', title: '项目列表', linkUrl: '/specialList', summary: '正在报名的全部项目。', picture: { word: '项目列表', caption: '正在报名的项目', palette: P[0]!, motif: 'city' } },
      { ref: 'CC-SP-5', title: '行政事业资产专项', linkUrl: '/specialHgList', summary: '行政事业单位资产公开处置专项。', picture: { word: '专项项目', caption: '行政事业单位资产', palette: P[2]!, motif: 'meeting' } },
    ],
  },
  {
    code: 'special-car', name: '机动车专场', description: '公务用车及企业车辆集中网络竞价',
    banner: { tag: '专题专栏', title: '机动车专场', subtitle: '车况公开 · 预约看样 · 网络竞价', palette: P[1]! },
    items: [{ ref: 'CC-CAR-1', title: '专场说明', body: ['本专场集中发布公务用车和国有企业车辆处置项目。竞买人可预约现场看样，成交后凭交易凭证办理过户手续。'] }],
  },
  {
    code: 'special-oil', name: '成品油专场', description: '成品油批量竞价交易',
    banner: { tag: '专题专栏', title: '成品油专场', subtitle: '资质审核 · 批量竞价 · 统一结算', palette: P[4]! },
    items: [
      { ref: 'CC-OIL-1', title: '专场说明', body: ['成品油专场面向具有成品油经营资质的企业，按批次组织网络竞价，竞买人须在报名时提交经营许可证明。'] },
      { ref: 'CC-OIL-2', title: '成品油批量竞价交易规则', daysAgo: 15, summary: '竞买资格、保证金、报价方式和提货结算规则。', body: ['- 竞买人须具有成品油批发或零售经营资质；', '- 保证金按每批次挂牌总价的10%交纳；', '- 采用多次报价方式，按批次分别成交；', '- 成交后5个工作日内付清货款并办理提货。'] },
      { ref: 'CC-OIL-3', title: '成品油专场报名须知', daysAgo: 16, summary: '报名材料与资格审核时限。', body: ['报名材料包括营业执照、成品油经营许可证、授权委托书。资格审核在报名截止后1个工作日内完成。'] },
    ],
  },
  {
    code: 'special-petroleum', name: '石油化工专场', description: '石化、化工企业股权及资产',
    banner: { tag: '专题专栏', title: '石油化工专场', subtitle: '股权 · 装置 · 物资 专业推介', palette: P[5]! },
    items: [{ ref: 'CC-PC-1', title: '专场说明', body: ['本专场集中推介化工、新材料等领域企业的股权、增资及资产转让项目，涉及危险化学品的资产须由具备相应资质的受让方受让。'] }],
  },
  {
    code: 'special-list', name: '项目列表', description: '正在报名的项目',
    items: [{ ref: 'CC-SL-1', title: '专栏说明', body: ['以下为当前正在报名的全部项目，按挂牌时间由近及远排列。'] }],
  },
  {
    code: 'special-hg', name: '专项项目列表', description: '行政事业单位资产公开处置专项',
    items: [{ ref: 'CC-SH-1', title: '专项说明', body: ['行政事业单位资产公开处置专项，集中展示全省行政事业单位的公务用车、办公设备和房产处置项目。'] }],
  },
  {
    code: 'help-browser', name: '浏览器设置', description: '推荐浏览器与常见设置',
    items: [
      { ref: 'CC-HB-1', title: '推荐浏览器', body: ['推荐使用最新版 Chrome、Edge 或 360 安全浏览器（极速模式），屏幕分辨率 1280×800 以上。'] },
      { ref: 'CC-HB-2', title: '开启极速模式', body: ['使用360浏览器时，点击地址栏右侧的“闪电”图标，选择“极速模式”。兼容模式下部分功能无法正常使用。'] },
      { ref: 'CC-HB-3', title: '允许弹出窗口', body: ['打开浏览器设置 › 隐私和安全 › 网站设置 › 弹出式窗口和重定向，将本站加入“允许”列表。'] },
      { ref: 'CC-HB-4', title: '清除缓存', body: ['页面显示异常时，按 Ctrl+Shift+Delete 清除缓存的图片和文件后刷新页面。'] },
      { ref: 'CC-HB-5', title: '校准电脑时间', body: ['竞价以服务器时间为准，页面已自动校准；仍建议开启操作系统的“自动设置时间”。'] },
    ],
  },
];

/* ---------- titles by position ---------- */

export const TITLES: readonly { position: string; title: string; subTitle: string; moreUrl: string }[] = [
  { position: 'a1', title: '重点推荐', subTitle: '优质项目 · 精选推荐', moreUrl: '/zhongdianList' },
  { position: 'a2', title: '热门投资', subTitle: '关注度最高的在售项目', moreUrl: '/project' },
];
