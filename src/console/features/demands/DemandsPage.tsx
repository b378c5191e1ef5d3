/**
 * 投资需求 (竞价): what investors look for (type, region, price range, keywords) and the lots matched so
 * far. 答复 sends the exchange's answer, which the user reads on his demand.
 */
import { Descriptions, Table, Tag } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { DEMAND_STATUS_TEXT } from '#domain/contract/userFiles';
import { DetailSection, QueueWorkbench, type QueueActionDef } from '../../components/queue/QueueWorkbench';
import { DEMANDS, type DemandItem, type DemandQueueDetail } from './api';

const ACTIONS: QueueActionDef<DemandQueueDetail>[] = [{ label: '答复', path: DEMANDS.answerPath, states: ['open'], input: 'answer', primary: true, done: '已答复，用户将看到答复' }];

function Detail({ d }: { d: DemandQueueDetail }) {
  const m = d.demand;
  return (
    <>
      <DetailSection title="需求">
        <Descriptions
          size="small"
          column={2}
          bordered
          items={[
            { key: 'code', label: '需求编号', children: <span className="console-mono">{d.demandCode}</span> },
            { key: 'type', label: '资产类型', children: d.typeText || '不限' },
            { key: 'region', label: '地区', children: d.region || '不限' },
            { key: 'price', label: '价格区间', children: d.priceText },
            { key: 'keywords', label: '关键词', span: 2, children: m.keywords.length ? m.keywords.map((k) => <Tag key={k}>{k}</Tag>) : '—' },
            { key: 'note', label: '说明', span: 2, children: <div className="queue-text">{m.note || '—'}</div> },
            ...(m.answer ? [{ key: 'answer', label: '答复', span: 2, children: <div className="queue-text">{m.answer}</div> }] : []),
          ]}
        />
      </DetailSection>
      <DetailSection title={`匹配的项目（${m.matches.length}）`}>
        <Table
          size="small"
          rowKey="assetsId"
          pagination={false}
          dataSource={m.matches}
          locale={{ emptyText: '暂无匹配的项目' }}
          columns={[
            { title: '项目', dataIndex: 'assetsName', render: (name: string, row) => (<><div>{name}</div><span className="console-mono console-muted">{row.projectCode}</span></>) },
            { title: '地区', dataIndex: 'region', width: 120 },
            { title: '起始价（元）', dataIndex: 'startPrice', width: 140, align: 'right', render: (p: number | null) => <span className="tabular">{p === null ? '—' : p.toLocaleString('zh-CN')}</span> },
            { title: '匹配时间', dataIndex: 'matchTime', width: 170, render: (t: string) => <span className="tabular">{t}</span> },
          ]}
        />
      </DetailSection>
    </>
  );
}

export function DemandsPage() {
  const search = useSearch({ from: '/staff/demands' });
  const navigate = useNavigate({ from: '/demands' });
  return (
    <QueueWorkbench<DemandItem, DemandQueueDetail>
      queue={DEMANDS.queue}
      title="投资需求"
      stateLabels={DEMAND_STATUS_TEXT}
      search={search}
      onSearch={(next) => void navigate({ search: next })}
      listPath={DEMANDS.listPath}
      detailPath={DEMANDS.detailPath}
      whatColumns={[
        { title: '需求', dataIndex: 'summary', render: (summary: string, item) => summary || `${item.typeText} · ${item.region}` },
        { title: '价格区间', dataIndex: 'priceText', width: 200 },
      ]}
      itemTitle={(item) => `投资需求 · ${item.demandCode}`}
      renderDetail={(d) => <Detail d={d} />}
      actions={ACTIONS}
      emptyText="没有符合条件的投资需求"
    />
  );
}
