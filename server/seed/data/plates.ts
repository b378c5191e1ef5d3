/**
 * News plates in insertion order. On a fresh database the ids follow this order, which makes
 * 结果公示 plate 4 as the spec's home page expects ("result notices (plate 4)").
 */
export interface PlateSeed {
  code: string;
  name: string;
  parent?: string;
}

export const PLATES: readonly PlateSeed[] = [
  { code: 'xwzx', name: '新闻中心' },
  { code: 'jysdt', name: '交易所动态', parent: 'xwzx' },
  { code: 'hyzx', name: '行业资讯', parent: 'xwzx' },
  { code: 'jggs', name: '结果公示', parent: 'xwzx' },
  { code: 'tzgg', name: '通知公告', parent: 'xwzx' },
  { code: 'zcfg', name: '政策法规' },
  { code: 'flfg', name: '法律法规', parent: 'zcfg' },
  { code: 'jygz', name: '交易规则', parent: 'zcfg' },
  { code: 'djgz', name: '党建工作' },
  { code: 'mtjj', name: '媒体聚焦', parent: 'xwzx' },
];
