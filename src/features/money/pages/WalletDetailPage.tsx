import { Descriptions, Pagination, Radio, Select, Space, Table } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { LEDGER_ENTRY_KINDS, type WalletEntry } from '#domain/contract/ledger';
import { LEDGER_ENTRY_TEXT } from '#domain/rules/ledger';
import { useWalletEntries } from '../api/get-wallet-entries';
import { useWalletEntry } from '../api/get-wallet-entry';
import { Change } from '../components/Yuan';
import { TABLE_CARDS } from '@/components/phoneCards';
import { ENTRY_COLUMNS, ENTRY_TABLE_SCROLL } from './WalletPage';
import '@/styles/money.css';

const PAGE_SIZE = 10;

/** Where an entry came from, as a link the user can follow. */
function refLink(ref: string) {
  const [kind, id] = ref.split(':');
  if (kind === 'deposit') return <a href={`#/depositDetail?id=${id}`}>查看保证金</a>;
  if (kind === 'payment_order') return <span className="tabular">支付订单 {id}</span>;
  if (kind === 'withdrawal') return <span className="tabular">提现单 {id}</span>;
  return '—';
}

function EntryDetail({ id }: { id: number }) {
  const entry = useWalletEntry(id);
  return (
    <UserCentreFrame title="账务明细" extra={<a href="#/wallet/detail">返回明细</a>}>
      <QueryState query={entry} isEmpty={() => false} back={{ href: '#/wallet/detail', label: '返回钱包明细' }}>
        {(e) => (
          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label="类型">{e.kindText}</Descriptions.Item>
            <Descriptions.Item label="时间">{e.time}</Descriptions.Item>
            <Descriptions.Item label="可用余额变动">
              <Change value={e.availableChange} />
            </Descriptions.Item>
            <Descriptions.Item label="冻结金额变动">
              <Change value={e.frozenChange} />
            </Descriptions.Item>
            <Descriptions.Item label="说明">{e.memo || '—'}</Descriptions.Item>
            <Descriptions.Item label="关联业务">{refLink(e.ref)}</Descriptions.Item>
          </Descriptions>
        )}
      </QueryState>
    </UserCentreFrame>
  );
}

/** /wallet/detail: every entry of the wallet, page by page, filtered by type and direction; ?id= one entry. */
export function WalletDetailPage() {
  const search = useSearch({ from: '/_auth/wallet/detail' });
  const navigate = useNavigate();
  const current = search.current ?? 1;
  const entries = useWalletEntries({ current, size: PAGE_SIZE, kind: search.kind, direction: search.direction });
  if (search.id) return <EntryDetail id={search.id} />;
  const go = (next: Partial<typeof search>) => void navigate({ to: '/wallet/detail', search: { ...search, current: undefined, ...next } });
  return (
    <UserCentreFrame title="钱包明细" extra={<a href="#/wallet/index">返回我的钱包</a>}>
      <Space className="wallet__filters" wrap>
        <Radio.Group
          optionType="button"
          value={search.direction ?? ''}
          onChange={(e) => go({ direction: (e.target.value || undefined) as 'in' | 'out' | undefined })}
          options={[
            { label: '全部', value: '' },
            { label: '收入', value: 'in' },
            { label: '支出', value: 'out' },
          ]}
        />
        <Select
          aria-label="类型"
          style={{ width: 180 }}
          allowClear
          placeholder="全部类型"
          value={search.kind}
          onChange={(kind) => go({ kind })}
          options={LEDGER_ENTRY_KINDS.map((k) => ({ value: k, label: LEDGER_ENTRY_TEXT[k] }))}
        />
      </Space>
      <QueryState query={entries} isEmpty={(p) => p.total === 0} emptyHint="没有符合条件的账务记录">
        {(page) => (
          <>
            <Table<WalletEntry> className={TABLE_CARDS} size="small" rowKey="id" pagination={false} dataSource={page.records} columns={ENTRY_COLUMNS} scroll={ENTRY_TABLE_SCROLL} />
            <Pagination
              className="wallet__pager"
              current={page.current}
              pageSize={PAGE_SIZE}
              total={page.total}
              showSizeChanger={false}
              showTotal={(total) => `共 ${total} 条`}
              onChange={(next) => void navigate({ to: '/wallet/detail', search: { ...search, current: next } })}
            />
          </>
        )}
      </QueryState>
    </UserCentreFrame>
  );
}
