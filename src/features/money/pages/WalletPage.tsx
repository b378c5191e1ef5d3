import { Button, Card, Col, Row, Space, Statistic, Table } from 'antd';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import type { WalletEntry } from '#domain/contract/ledger';
import { useWalletEntries } from '../api/get-wallet-entries';
import { useWalletSummary } from '../api/get-wallet-summary';
import { Change } from '../components/Yuan';
import { Money } from '@/components/Money';
import { cardColumns, cardScroll, TABLE_CARDS } from '@/components/phoneCards';
import '@/styles/money.css';

/** A balance by the one money rule (万元 from 10000 yuan, the exact yuan on hover). */
const balance = (value: number | string) => <Money yuan={Number(value)} />;

/**
 * The ledger's columns, on /wallet/index and /wallet/detail. On a desktop the table scrolls sideways at the
 * width of its columns (ENTRY_TABLE_SCROLL) instead of squeezing the amounts and the memo to nothing; on a
 * phone each entry is a card (TABLE_CARDS): its type on top, the time, the changes and the memo a line each.
 */
export const ENTRY_TABLE_SCROLL = cardScroll(780);
export const ENTRY_COLUMNS = cardColumns<WalletEntry>([
  { title: '时间', dataIndex: 'time', key: 'time', width: 170 },
  { title: '类型', dataIndex: 'kindText', key: 'kind', width: 140, card: 'title', render: (text: string, e: WalletEntry) => <a href={`#/wallet/detail?id=${e.id}`}>{text}</a> },
  { title: '可用余额变动', dataIndex: 'availableChange', key: 'available', align: 'right' as const, render: (v: number) => <Change value={v} /> },
  { title: '冻结金额变动', dataIndex: 'frozenChange', key: 'frozen', align: 'right' as const, render: (v: number) => <Change value={v} /> },
  { title: '说明', dataIndex: 'memo', key: 'memo', ellipsis: true },
]);

/** /wallet/index: 我的钱包 — balances, the way to top up and withdraw, the latest entries. */
export function WalletPage() {
  const summary = useWalletSummary();
  const latest = useWalletEntries({ current: 1, size: 5 });
  return (
    <UserCentreFrame title="我的钱包">
      <QueryState query={summary} isEmpty={() => false}>
        {(s) => (
          <Row gutter={16} className="wallet__balances">
            <Col span={8}>
              <Card>
                <Statistic title="可用余额" value={s.available} formatter={balance} data-testid="wallet-available" />
              </Card>
            </Col>
            <Col span={8}>
              <Card>
                <Statistic title="冻结金额" value={s.frozen} formatter={balance} data-testid="wallet-frozen" />
                <div className="wallet__hint">已缴纳、尚未退还或转为价款的保证金</div>
              </Card>
            </Col>
            <Col span={8}>
              <Card>
                <Statistic title="提现中" value={s.withdrawing} formatter={balance} />
                <div className="wallet__hint">{s.card ? `提现至 ${s.card.bankName} ${s.card.cardNo}` : <a href="#/accountFunds">尚未绑定银行卡，去绑定</a>}</div>
              </Card>
            </Col>
          </Row>
        )}
      </QueryState>
      <Space style={{ margin: '16px 0' }}>
        <a href="#/wallet/handle?action=topUp">
          <Button type="primary">充值</Button>
        </a>
        <a href="#/wallet/handle?action=withdraw">
          <Button>提现</Button>
        </a>
        <a href="#/wallet/detail">
          <Button type="link">查看全部明细</Button>
        </a>
      </Space>
      <h2 className="wallet__sub">最近账务</h2>
      <QueryState query={latest} isEmpty={(p) => p.total === 0} emptyHint="暂无账务记录">
        {(page) => <Table<WalletEntry> className={TABLE_CARDS} size="small" rowKey="id" pagination={false} dataSource={page.records} columns={ENTRY_COLUMNS} scroll={ENTRY_TABLE_SCROLL} />}
      </QueryState>
    </UserCentreFrame>
  );
}
