import { Card, Collapse, Empty, Skeleton, Tag } from 'antd';
import { OPEN_FIELDS, type ContractVersion } from '#domain/contract/tradeContract';
import { useContractVersions } from '../api/contracts';
import { ClauseHtml } from './ClauseHtml';

/** The 版本记录 card that ends every contract page where the draft can change. */
export function VersionHistoryCard({ id }: { id: number }) {
  return (
    <Card size="small" title="版本记录" className="contract-card">
      <VersionHistory id={id} />
    </Card>
  );
}

/** Every save of the open fields: who, when, which clauses changed, and the text as saved. */
function VersionHistory({ id }: { id: number }) {
  const query = useContractVersions(id);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (query.isError || !query.data.length) return <Empty description="暂无版本记录" />;
  return (
    <Collapse
      size="small"
      className="contract-versions"
      items={query.data.map((v: ContractVersion) => ({
        key: v.version,
        label: (
          <span>
            <Tag color={v.version === query.data[0]!.version ? 'blue' : 'default'}>第 {v.version} 版</Tag>
            {v.time} · {v.actor} · 修改：{v.changedText}
          </span>
        ),
        children: OPEN_FIELDS.map((f) => (
          <div key={f.key} className={v.changed.includes(f.key) ? 'contract-version__field contract-version__field--changed' : 'contract-version__field'}>
            <strong>{f.label}</strong>
            <ClauseHtml html={v.openFields[f.key]} />
          </div>
        )),
      }))}
    />
  );
}
