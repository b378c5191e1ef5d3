import { Pagination, Table, Tag } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { type DepositSummary } from '#domain/contract/enrolment';
import { Money } from '@/components/Money';
import { cardColumns, cardScroll, TABLE_CARDS } from '@/components/phoneCards';
import { useMyDeposits } from '../api/get-my-deposits';

const PAGE_SIZE = 10;
const COLOR: Record<DepositSummary['status'], string> = { pending: 'orange', paying: 'orange', proofSubmitted: 'gold', confirmed: 'green', released: 'default', kept: 'blue', converted: 'blue', forfeited: 'red' };

/** /myDeposit: 我的保证金 — every deposit with its status (paid, released, kept toward the price). */
export function MyDepositPage() {
  const { current = 1 } = useSearch({ from: '/_auth/myDeposit' });
  const navigate = useNavigate();
  const query = useMyDeposits(current, PAGE_SIZE);
  return (
    <UserCentreFrame title="我的保证金">
      <QueryState query={query} isEmpty={(p) => p.total === 0} emptyHint="报名审核通过后可在此缴纳保证金">
        {(page) => (
          <>
            <Table<DepositSummary>
              className={TABLE_CARDS}
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={page.records}
              // On a narrow desktop window the table scrolls sideways with the project's name pinned (as 我的项目's);
              // on a phone each deposit is a card (phone.css .table-cards).
              scroll={cardScroll(720)}
              columns={cardColumns<DepositSummary>([
                { title: '项目名称', dataIndex: 'assetsName', width: 150, fixed: 'left', ellipsis: true, card: 'title' },
                { title: '金额', dataIndex: 'amount', width: 150, render: (v: number) => <Money yuan={v} /> },
                { title: '状态', dataIndex: 'statusText', width: 110, render: (v: string, r) => <Tag color={COLOR[r.status]}>{v}</Tag> },
                { title: '到账时间', dataIndex: 'confirmTime', width: 160, render: (v: string | null) => v ?? '—' },
                {
                  title: '操作',
                  key: 'op',
                  width: 150,
                  card: 'actions',
                  render: (_, r) => (
                    <>
                      <a href={`#/depositDetail?id=${r.id}`}>详情</a>
                      {(r.status === 'pending' || r.status === 'paying') && (
                        <a href={`#/cashierDesk?depositId=${r.id}`} style={{ marginLeft: 12 }}>
                          去支付
                        </a>
                      )}
                    </>
                  ),
                },
              ])}
            />
            {page.total > PAGE_SIZE && (
              <Pagination style={{ marginTop: 16 }} current={current} pageSize={PAGE_SIZE} total={page.total} showSizeChanger={false} onChange={(p) => void navigate({ href: `/myDeposit?current=${p}` })} />
            )}
          </>
        )}
      </QueryState>
    </UserCentreFrame>
  );
}
