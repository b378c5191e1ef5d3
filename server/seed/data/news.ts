/** Demo news articles. `daysAgo` places them relative to the seed's `now`; `ref` is the stable key. */
export interface NewsSeed {
  ref: string;
  plate: string;
  title: string;
  summary: string;
  source: string;
  daysAgo: number;
  outerLinkUrl?: string;
}

const SELF = '河北产权交易所';

export const NEWS: readonly NewsSeed[] = [
  // 交易所动态
  { ref: 'XW-0001', plate: 'jysdt', daysAgo: 1, source: SELF, title: '河北产权交易所召开年度业务工作推进会', summary: '会议总结了前一阶段各类产权交易业务开展情况，部署下一阶段重点工作，强调以数字化交易平台建设提升服务能力和交易效率。' },
  { ref: 'XW-0002', plate: 'jysdt', daysAgo: 4, source: SELF, title: '我所成功组织某省属国有企业股权转让项目，溢价率达38.6%', summary: '该项目经过20个工作日公开挂牌，共征集到3家意向受让方，经网络竞价最终以高出转让底价38.6%的价格成交，实现国有资产保值增值。' },
  { ref: 'XW-0003', plate: 'jysdt', daysAgo: 9, source: SELF, title: '河北产权交易所网络竞价系统完成升级改造', summary: '升级后的系统支持多次报价、一次报价、动态报价等多种竞价方式，竞价大厅实时展示报价动态，服务器时间统一校准，竞价过程全程留痕可追溯。' },
  { ref: 'XW-0004', plate: 'jysdt', daysAgo: 15, source: SELF, title: '我所与多个设区市国资委签署国有资产进场交易合作协议', summary: '双方将在企业国有产权转让、增资扩股、资产处置等方面深化合作，推动市县两级国有资产交易全部进场、公开规范运行。' },
  { ref: 'XW-0005', plate: 'jysdt', daysAgo: 22, source: SELF, title: '我所举办企业国有资产交易业务培训班', summary: '来自全省各地国有企业、行政事业单位的120余名业务人员参加培训，内容涵盖国有资产交易监管政策、进场交易流程和常见问题解答。' },
  { ref: 'XW-0006', plate: 'jysdt', daysAgo: 30, source: SELF, title: '河北产权交易所前三季度交易额同比增长21.4%', summary: '前三季度我所共完成各类交易项目1862宗，成交金额同比增长21.4%，其中实物资产处置项目平均增值率达到18.7%。' },
  { ref: 'XW-0007', plate: 'jysdt', daysAgo: 41, source: SELF, title: '我所组织开展“服务实体经济”走访调研活动', summary: '调研组先后走访唐山、沧州、廊坊等地十余家企业，了解企业在产权流转、融资和资产盘活方面的实际需求，现场解答政策问题。' },
  { ref: 'XW-0008', plate: 'jysdt', daysAgo: 53, source: SELF, title: '唐山某国有企业闲置设备通过我所公开处置，成交价高出评估值27%', summary: '该批设备包括数控机床、桥式起重机等共计146台（套），经公开挂牌和网络竞价，最终成交价高出评估值27%，有效盘活了企业存量资产。' },
  { ref: 'XW-0009', plate: 'jysdt', daysAgo: 67, source: SELF, title: '我所行政事业单位资产公开处置业务覆盖全省11个设区市', summary: '截至目前，全省11个设区市的行政事业单位均已通过我所平台公开处置公务车辆、办公设备和房产租赁等资产，处置流程全程线上办理。' },
  { ref: 'XW-0010', plate: 'jysdt', daysAgo: 84, source: SELF, title: '河北产权交易所召开会员单位座谈会', summary: '座谈会通报了会员管理办法修订情况，听取了会员单位对交易服务、信息披露和竞价系统的意见建议。' },
  { ref: 'XW-0011', plate: 'jysdt', daysAgo: 101, source: SELF, title: '我所顺利完成某市公务用车批量处置项目', summary: '本次共处置公务用车58辆，全部通过网络竞价方式成交，总成交金额较评估值增值32.5%，竞价过程公开透明。' },
  // 行业资讯
  { ref: 'XW-0012', plate: 'hyzx', daysAgo: 3, source: '国务院国资委网站', title: '国务院国资委：持续推动企业国有资产交易规范运行', summary: '国务院国资委有关负责人表示，将进一步完善企业国有资产交易监管制度，推动交易信息公开透明，防止国有资产流失。', outerLinkUrl: 'https://www.sasac.gov.cn/' },
  { ref: 'XW-0013', plate: 'hyzx', daysAgo: 12, source: '河北日报', title: '京津冀产权市场协同发展论坛在雄安新区举行', summary: '论坛围绕京津冀产权市场信息互通、项目共享和服务协同展开交流，三地产权交易机构共同发布协同发展倡议。' },
  { ref: 'XW-0014', plate: 'hyzx', daysAgo: 26, source: '经济日报', title: '全国产权交易机构交易规模持续增长', summary: '统计显示，全国产权交易机构各类交易规模稳步增长，企业国有产权转让、增资扩股和资产转让业务保持活跃。' },
  { ref: 'XW-0015', plate: 'hyzx', daysAgo: 38, source: '中国产权', title: '产权市场助力国有企业盘活存量资产', summary: '各地产权交易机构通过公开挂牌、网络竞价等方式，帮助国有企业处置闲置资产、回笼资金，推动资源向优势领域集中。' },
  { ref: 'XW-0016', plate: 'hyzx', daysAgo: 57, source: '中国政府采购报', title: '多地探索行政事业单位资产公开处置新模式', summary: '多地将行政事业单位资产处置纳入产权交易平台统一进场交易，实现处置信息公开、竞价过程透明、结果可查询。' },
  { ref: 'XW-0017', plate: 'hyzx', daysAgo: 79, source: '中国产权', title: '数据资产进场交易的实践与探索', summary: '随着数据要素市场建设加快，部分产权交易机构开始探索数据资产登记、评估和挂牌交易，为数据资产流通提供规范渠道。' },
  { ref: 'XW-0018', plate: 'hyzx', daysAgo: 96, source: '河北日报', title: '产权市场服务民营企业融资的新路径', summary: '通过增资扩股、股权融资等方式，产权市场为民营企业引入战略投资者搭建平台，助力企业转型升级。' },
  // 结果公示
  { ref: 'XW-0019', plate: 'jggs', daysAgo: 2, source: SELF, title: '保定市某事业单位报废公务车辆一批交易结果公示', summary: '该项目于网络竞价中成交，现将交易结果予以公示，公示期为5个工作日。' },
  { ref: 'XW-0020', plate: 'jggs', daysAgo: 6, source: SELF, title: '唐山市某国有企业闲置厂房租赁项目交易结果公示', summary: '该项目挂牌期满共征集到2家意向承租方，经网络竞价确定承租方，现将结果予以公示。' },
  { ref: 'XW-0021', plate: 'jggs', daysAgo: 13, source: SELF, title: '沧州市某国有企业废旧物资处置项目交易结果公示', summary: '该项目标的为废旧钢材约420吨，经网络竞价成交，成交价格高于挂牌底价15.2%。' },
  { ref: 'XW-0022', plate: 'jggs', daysAgo: 27, source: SELF, title: '邯郸市某国有企业持有的邯郸冀南物流有限公司20%股权转让项目交易结果公示', summary: '该项目挂牌期满仅征集到1家符合条件的意向受让方，以协议方式按挂牌价格成交，现予公示。' },
  { ref: 'XW-0023', plate: 'jggs', daysAgo: 44, source: SELF, title: '廊坊市某国有企业临街商铺招租项目交易结果公示', summary: '该商铺建筑面积218.6平方米，租期5年，经网络竞价确定承租方，首年租金较挂牌价增值23%。' },
  // 通知公告
  { ref: 'XW-0024', plate: 'tzgg', daysAgo: 5, source: SELF, title: '关于节假日期间交易业务安排的通知', summary: '节假日期间我所暂停现场业务受理，网络竞价系统正常运行，已发布项目的挂牌期按工作日顺延。' },
  { ref: 'XW-0025', plate: 'tzgg', daysAgo: 18, source: SELF, title: '关于启用新版网络竞价系统的公告', summary: '新版网络竞价系统已完成测试并正式启用，请各意向受让方提前登录系统完成实名认证并熟悉竞价操作。' },
  { ref: 'XW-0026', plate: 'tzgg', daysAgo: 35, source: SELF, title: '关于进一步规范交易保证金收退管理的通知', summary: '交易保证金须由意向受让方本人（本单位）账户转入指定结算账户，未成交方的保证金将在结果公示结束后3个工作日内原路退还。' },
  { ref: 'XW-0027', plate: 'tzgg', daysAgo: 62, source: SELF, title: '关于开展会员单位年度考核工作的通知', summary: '考核内容包括业务规范、服务质量和诚信记录等方面，请各会员单位于规定时间内提交年度工作总结。' },
  { ref: 'XW-0028', plate: 'tzgg', daysAgo: 120, source: SELF, title: '关于调整部分交易服务收费标准的公告', summary: '根据有关规定，我所对部分交易服务收费标准进行调整，调整后的标准自公告发布之日起执行。' },
  // 法律法规
  { ref: 'XW-0029', plate: 'flfg', daysAgo: 45, source: '国务院国资委网站', title: '企业国有资产交易监督管理办法（国务院国资委 财政部令第32号）', summary: '为规范企业国有资产交易行为，加强企业国有资产交易监督管理，防止国有资产流失，制定本办法。', outerLinkUrl: 'https://www.sasac.gov.cn/' },
  { ref: 'XW-0030', plate: 'flfg', daysAgo: 70, source: '中国人大网', title: '中华人民共和国企业国有资产法', summary: '为了维护国家基本经济制度，巩固和发展国有经济，加强对国有资产的保护，发挥国有经济在国民经济中的主导作用，制定本法。' },
  { ref: 'XW-0031', plate: 'flfg', daysAgo: 88, source: '中国政府网', title: '行政事业性国有资产管理条例', summary: '为了加强行政事业性国有资产管理与监督，健全资产管理体制，推进资产节约集约使用，制定本条例。' },
  { ref: 'XW-0032', plate: 'flfg', daysAgo: 140, source: '河北省国资委', title: '关于进一步加强全省企业国有资产交易监督管理工作的通知', summary: '要求各级国资监管机构和国有企业严格执行进场交易制度，规范信息披露，强化交易全过程监督。' },
  // 交易规则
  { ref: 'XW-0033', plate: 'jygz', daysAgo: 50, source: SELF, title: '河北产权交易所网络竞价实施细则', summary: '本细则规定了网络竞价的方式、报价规则、延时规则和异常情况处理，适用于通过我所网络竞价系统组织的各类交易项目。' },
  { ref: 'XW-0034', plate: 'jygz', daysAgo: 110, source: SELF, title: '河北产权交易所企业国有产权转让操作规则', summary: '本规则明确了企业国有产权转让的受理、信息披露、意向受让方登记、组织交易和结算等各环节的操作要求。' },
  { ref: 'XW-0035', plate: 'jygz', daysAgo: 150, source: SELF, title: '河北产权交易所交易保证金管理办法', summary: '本办法规范交易保证金的收取、管理、转付和退还，保障交易各方合法权益。' },
  // 党建工作
  { ref: 'XW-0036', plate: 'djgz', daysAgo: 8, source: SELF, title: '我所党委开展主题党日活动', summary: '全体党员重温入党誓词，集中学习党的创新理论，并围绕提升交易服务质量开展专题研讨。' },
  { ref: 'XW-0037', plate: 'djgz', daysAgo: 33, source: SELF, title: '我所召开党风廉政建设工作会议', summary: '会议传达学习上级有关会议精神，签订党风廉政建设责任书，对交易业务关键环节的廉政风险防控作出部署。' },
  { ref: 'XW-0038', plate: 'djgz', daysAgo: 75, source: SELF, title: '我所党支部赴西柏坡开展革命传统教育', summary: '党员干部参观西柏坡纪念馆和中共中央旧址，深刻感悟“两个务必”的时代内涵。' },
  // 媒体聚焦
  { ref: 'XW-0039', plate: 'mtjj', daysAgo: 20, source: '长城网', title: '河北产权交易所：让国有资产在阳光下交易', summary: '通过全流程线上交易、网络竞价和信息公开，河北产权交易所推动国有资产交易更加公开、公平、公正。' },
  { ref: 'XW-0040', plate: 'mtjj', daysAgo: 58, source: '河北新闻网', title: '网络竞价让公务车处置价格“水涨船高”', summary: '记者从河北产权交易所了解到，公务车辆通过网络竞价处置，平均成交价高出评估价三成以上。' },
];
