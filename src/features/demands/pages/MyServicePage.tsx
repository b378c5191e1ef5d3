import { Button, Pagination, Table, Tag } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { cardColumns, TABLE_CARDS } from '@/components/phoneCards';
import type { DemandStatus, DemandSummary } from '#domain/contract/userFiles';
import { useDemands } from '../api/demands';

const PAGE_SIZE = 10;
export const DEMAND_COLOR: Record<DemandStatus, string> = { open: 'blue', answered: 'green', closed: 'default' };

/** /myService: 我的服务 — the investment demands the user registered, with their answers and matches. */
export function MyServicePage() {
  const { current = 1 } = useSearch({ strict: false }) as { current?: number };
  const navigate = useNavigate();
  const query = useDemands(current, PAGE_SIZE);
  return (
    <UserCentreFrame
      title="我的服务"
      extra={
        <Button type="primary" onClick={() => void navigate({ href: '/myServiceDetail' })}>
          登记投资需求
        </Button>
      }
    >
      <p style={{ color: '#666', marginTop: 0 }}>登记您想投资的资产类型、地区、价格区间和关键词；有符合条件的项目挂牌时，我们会通过站内消息通知您。</p>
      <QueryState query={query} isEmpty={(p) => p.total === 0} emptyHint="点击“登记投资需求”告诉我们您在找什么">
        {(page) => (
          <>
            <Table<DemandSummary>
              className={TABLE_CARDS}
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={page.records}
              columns={cardColumns<DemandSummary>([
                { title: '需求编号', dataIndex: 'demandCode', width: 150, card: 'title' },
                { title: '资产类型', dataIndex: 'typeText', width: 90 },
                { title: '地区', dataIndex: 'region', width: 130 },
                { title: '价格区间', dataIndex: 'priceText', width: 150 },
                { title: '关键词', dataIndex: 'keywords', render: (v: string[]) => (v.length ? v.map((k) => <Tag key={k}>{k}</Tag>) : '—') },
                { title: '状态', dataIndex: 'statusText', width: 80, render: (v: string, r) => <Tag color={DEMAND_COLOR[r.status]}>{v}</Tag> },
                { title: '匹配项目', dataIndex: 'matchCount', width: 80 },
                {
                  title: '操作',
                  key: 'op',
                  width: 150,
                  card: 'actions',
                  render: (_, r) => (
                    <>
                      <a href={`#/myServiceDetail?id=${r.id}`}>详情</a>
                      <a href={`#/demandDetail?id=${r.id}`} style={{ marginLeft: 12 }}>
                        答复与匹配
                      </a>
                    </>
                  ),
                },
              ])}
            />
            {page.total > PAGE_SIZE && (
              <Pagination style={{ marginTop: 16 }} current={current} pageSize={PAGE_SIZE} total={page.total} showSizeChanger={false} onChange={(p) => void navigate({ href: `/myService?current=${p}` })} />
            )}
          </>
        )}
      </QueryState>
    </UserCentreFrame>
  );
}
