/**
 * The top navigation menu. `plate` entries point at a news plate; its id is filled in at seed time
 * (ids are the database's, codes are stable).
 */
export interface NavSeed {
  code: string;
  name: string;
  url?: string;
  /** News plate code: url becomes `${base}?plateId=<id>`. */
  plate?: { base: string; code: string };
  inStation?: 0 | 1;
  openPage?: 0 | 1;
  menuFlag?: 0 | 1;
  children?: NavSeed[];
}

export const NAVIGATION: readonly NavSeed[] = [
  { code: 'index', name: '首页', url: '/index' },
  { code: 'hall', name: '竞价大厅', url: '/hall' },
  {
    code: 'project',
    name: '交易中心',
    url: '/project',
    children: [
      { code: 'project.equity', name: '产权转让', url: '/project?typeCode=1' },
      { code: 'project.physical', name: '实物资产', url: '/project?typeCode=2' },
      { code: 'project.capital', name: '增资扩股', url: '/project?typeCode=4' },
      { code: 'project.leasing', name: '资产租赁', url: '/project?typeCode=3' },
      { code: 'project.house', name: '房屋租赁', url: '/project?typeCode=6' },
      { code: 'project.admin', name: '行政事业资产', url: '/project?associationId=88' },
      // Not opened yet: kept in the table, hidden from the menu.
      { code: 'project.tech', name: '技术产权', url: '/doing', menuFlag: 0 },
      {
        code: 'project.ggzy',
        name: '全国公共资源交易平台',
        url: 'https://www.ggzy.gov.cn/',
        inStation: 0,
        openPage: 1,
      },
    ],
  },
  { code: 'gyzc', name: '国有资产', url: '/gyzcProject' },
  { code: 'sf', name: '司法拍卖', url: '/sfProject' },
  {
    code: 'xwzx',
    name: '新闻中心',
    url: '/xwzx',
    children: [
      { code: 'xwzx.jysdt', name: '交易所动态', plate: { base: '/xwzx', code: 'jysdt' } },
      { code: 'xwzx.hyzx', name: '行业资讯', plate: { base: '/xwzx', code: 'hyzx' } },
      { code: 'xwzx.tzgg', name: '通知公告', plate: { base: '/xwzx', code: 'tzgg' } },
      { code: 'xwzx.jggs', name: '结果公示', plate: { base: '/xwzx', code: 'jggs' } },
      { code: 'xwzx.mtjj', name: '媒体聚焦', plate: { base: '/xwzx', code: 'mtjj' } },
    ],
  },
  {
    code: 'zcfg',
    name: '政策法规',
    url: '/zcfg',
    children: [
      { code: 'zcfg.flfg', name: '法律法规', plate: { base: '/zcfg', code: 'flfg' } },
      { code: 'zcfg.jygz', name: '交易规则', plate: { base: '/zcfg', code: 'jygz' } },
      {
        code: 'zcfg.sasac',
        name: '国务院国资委',
        url: 'https://www.sasac.gov.cn/',
        inStation: 0,
        openPage: 1,
      },
    ],
  },
  {
    code: 'jyfw',
    name: '交易服务',
    url: '/jyfw',
    children: [
      { code: 'jyfw.xzzx', name: '下载中心', url: '/xzzx' },
      { code: 'jyfw.help', name: '帮助中心', url: '/helpCenter' },
    ],
  },
  { code: 'djgz', name: '党建工作', url: '/djgz' },
  { code: 'xxgk', name: '信息公开', url: '/xxgk', menuFlag: 0 },
  { code: 'gywm', name: '关于我们', url: '/gywm' },
];
