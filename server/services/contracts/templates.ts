/**
 * Contract templates per lot type (guide after-the-hammer.md step 4): a title and fixed clauses whose
 * placeholders are filled from the deal at drafting, plus the open fields (OPEN_FIELDS) the parties may
 * change. The clauses are computed from the stored facts, so a contract reads the same whatever later
 * happens to the lot or the template's wording of other contracts' facts.
 */
import { OPEN_FIELDS, type ContractClause, type OpenFieldKey } from '#domain/contract/tradeContract';

/** The values filled from the deal (stored with the contract as JSON). */
export interface ContractFacts {
  contractCode: string;
  dealCode: string;
  projectCode: string;
  assetsName: string;
  typeName: string;
  transferor: string;
  buyer: string;
  bidCode: string;
  priceFen: number;
  priceText: string;
  priceUpper: string;
  feeText: string;
  dealDate: string;
  paidDate: string;
  draftDate: string;
}

export type TemplateKey = 'equity' | 'asset' | 'lease';

interface Template {
  title: string;
  subject: string;
  clauses: (f: ContractFacts) => ContractClause[];
  defaults: Record<OpenFieldKey, string>;
}

const common = (f: ContractFacts, subject: string): ContractClause[] => [
  {
    heading: '第一条 交易标的',
    text: `${subject}：「${f.assetsName}」（项目编号 ${f.projectCode}），经河北产权市场公开挂牌，于 ${f.dealDate} 通过网络竞价确定乙方为受让方（竞买号 ${f.bidCode}，成交编号 ${f.dealCode}）。`,
  },
  {
    heading: '第二条 交易价款',
    text: `本合同项下交易价款为人民币 ${f.priceText}（大写：${f.priceUpper}）。乙方已于 ${f.paidDate} 通过交易机构结算账户付清全部价款，乙方交纳的保证金已按规则转为价款；乙方另行承担交易服务费 ${f.feeText}。`,
  },
];

const tail = (): ContractClause[] => [
  {
    heading: '违约责任',
    text: '任何一方违反本合同约定的，应向守约方承担违约责任，赔偿守约方因此遭受的损失。因不可抗力不能履行的，按法律规定处理。',
  },
  {
    heading: '争议解决',
    text: '因本合同引起的争议，双方应协商解决；协商不成的，可向交易机构申请调解，或依法向标的所在地人民法院提起诉讼。',
  },
  {
    heading: '合同生效',
    text: '本合同经各签署方以数字证书签署、并经河北产权交易所加盖鉴证章后生效。电子签署与手写签字、盖章具有同等法律效力。',
  },
];

export const TEMPLATES: Record<TemplateKey, Template> = {
  equity: {
    title: '产权交易合同',
    subject: '转让标的',
    clauses: (f) => [
      ...common(f, '甲方持有的转让标的'),
      { heading: '第三条 产权交割', text: '甲方应在本合同生效后配合乙方办理标的企业的股权变更登记手续；自产权交易凭证出具之日起，乙方依其受让的股权享有股东权利、承担股东义务。' },
      { heading: '第四条 职工安置与债权债务', text: '标的企业的职工劳动关系、债权债务由标的企业继续享有和承担，转让公告另有披露的从其披露。' },
      ...tail(),
    ],
    defaults: {
      handover: '<p>甲方应于本合同生效之日起 10 个工作日内，将标的企业的印章、证照、账簿及全部档案资料移交乙方。</p>',
      payment: '<p>无。</p>',
      other: '<p>无。</p>',
    },
  },
  asset: {
    title: '实物资产交易合同',
    subject: '转让标的',
    clauses: (f) => [
      ...common(f, '甲方所有的实物资产'),
      { heading: '第三条 资产交付', text: '甲方按资产现状向乙方交付标的，乙方已在竞价前充分了解标的现状及瑕疵，甲方不承担交付后的瑕疵担保责任，转让公告另有约定的除外。' },
      { heading: '第四条 风险转移', text: '标的毁损、灭失的风险自交付之日起由乙方承担；办理权属变更登记所需税费按国家规定由双方各自承担。' },
      ...tail(),
    ],
    defaults: {
      handover: '<p>交割地点为标的所在地。乙方应于交易机构出具资产交接通知书之日起 15 日内自行提取标的，逾期产生的保管费用由乙方承担。</p>',
      payment: '<p>无。</p>',
      other: '<p>无。</p>',
    },
  },
  lease: {
    title: '资产租赁合同',
    subject: '租赁标的',
    clauses: (f) => [
      ...common(f, '甲方出租的租赁标的'),
      { heading: '第三条 租赁用途', text: '乙方应按转让公告披露的用途使用租赁标的，未经甲方书面同意不得转租、改变用途或进行结构改造。' },
      { heading: '第四条 维修与返还', text: '租赁期内标的的日常维修由乙方负责，主体结构的维修由甲方负责；租赁期满，乙方应按交付时的状态返还标的（正常损耗除外）。' },
      ...tail(),
    ],
    defaults: {
      handover: '<p>甲方应于本合同生效之日起 7 日内将租赁标的交付乙方，双方现场签署交接清单。</p>',
      payment: '<p>租金按成交价款一次性付清，租赁期内不再另行收取。</p>',
      other: '<p>无。</p>',
    },
  },
};

/** The template of a lot type (project.type_code: 1 产权转让, 3/6 租赁, else 实物资产). */
export function templateOf(typeCode: number | null): TemplateKey {
  if (typeCode === 1 || typeCode === 4) return 'equity';
  if (typeCode === 3 || typeCode === 6) return 'lease';
  return 'asset';
}

export function templateKey(text: string): TemplateKey {
  return text === 'equity' || text === 'lease' ? text : 'asset';
}

/** The clauses as read: the fixed ones, then the open fields (as plain headings with their HTML). */
export function fixedClauses(key: TemplateKey, facts: ContractFacts): ContractClause[] {
  return TEMPLATES[key].clauses(facts);
}

export const openFieldHeadings = OPEN_FIELDS.map((f) => f.label);
