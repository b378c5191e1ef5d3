import { App, Pagination, Segmented, Space, Table, Tag } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { Money } from '@/components/Money';
import { cardColumns, cardScroll, TABLE_CARDS } from '@/components/phoneCards';
import { CONTRACT_STATES, type ContractState, type ContractSummary } from '#domain/contract/tradeContract';
import { CONTRACT_STATE_TEXT, PARTY_ROLE_TEXT } from '#domain/rules/tradeContract';
import { useContracts } from '../api/contracts';
import { STATE_COLOR } from '../components/ContractShell';
import { downloadContractPdf } from '../components/PdfPreview';
import type { ContractListSearch } from '../search';
import '@/styles/contracts.css';

const PAGE_SIZE = 10;

/** What the viewer can do with a contract in its state. */
function Actions({ c }: { c: ContractSummary }) {
  const { message } = App.useApp();
  const pdfName = `${c.title}-${c.contractCode}.pdf`;
  return (
    <Space size={4} wrap>
      <a href={`#/confirm?id=${c.id}`}>{c.canConfirm ? '确认' : '查看'}</a>
      {c.canEdit && <a href={`#/edit?id=${c.id}`}>编辑</a>}
      {c.canEdit && <a href={`#/onlineEdit?id=${c.id}`}>在线编辑</a>}
      <a href={`#/signatoryList?id=${c.id}`}>签署方</a>
      {c.canSign && (
        <a href={`#/usercenter/contract/sign?id=${c.id}`} className="contract-action--primary">
          签署
        </a>
      )}
      {c.canDownload && (
        <a
          onClick={() => {
            downloadContractPdf(c.id, pdfName).catch((e: Error) => void message.error(e.message || '下载失败'));
          }}
        >
          下载
        </a>
      )}
    </Space>
  );
}

/** /myContract: 我的合同 — the contracts the user is a party of, by state, with the actions of each state. */
export function MyContractPage() {
  const { current = 1, state } = useSearch({ strict: false }) as ContractListSearch;
  const navigate = useNavigate();
  const query = useContracts(current, PAGE_SIZE, state);
  const go = (params: { current?: number; state?: ContractState | undefined }) => {
    const text = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== 1).map(([k, v]) => [k, String(v)])).toString();
    void navigate({ href: `/myContract${text ? `?${text}` : ''}` });
  };
  return (
    <UserCentreFrame title="我的合同">
      <div className="contract-filter">
        <Segmented<string>
          aria-label="按状态筛选"
          value={state ?? 'all'}
          onChange={(v) => go({ state: v === 'all' ? undefined : (v as ContractState) })}
          options={[{ label: '全部', value: 'all' }, ...CONTRACT_STATES.map((s) => ({ label: CONTRACT_STATE_TEXT[s], value: s }))]}
        />
      </div>
      <QueryState query={query} isEmpty={(p) => p.records.length === 0} emptyHint="成交价款付清后，交易机构将依模板起草合同">
        {(p) => (
          <>
            <Table<ContractSummary>
              className={TABLE_CARDS}
              rowKey="id"
              size="middle"
              pagination={false}
              dataSource={p.records}
              // On a phone each contract is a card, its actions a row of buttons at the foot (phone.css .table-cards).
              scroll={cardScroll(980)}
              columns={cardColumns<ContractSummary>([
                {
                  title: '合同',
                  key: 'title',
                  width: 170,
                  card: 'title',
                  render: (_, c) => (
                    <div>
                      <a href={`#/confirm?id=${c.id}`}>{c.title}</a>
                      <div className="contract-sub">{c.contractCode}</div>
                    </div>
                  ),
                },
                { title: '项目名称', dataIndex: 'assetsName', ellipsis: true },
                { title: '成交价', dataIndex: 'price', align: 'right', width: 150, render: (v: number) => <span className="contract-nowrap"><Money yuan={v} /></span> },
                { title: '我的身份', dataIndex: 'myRole', width: 120, render: (r: ContractSummary['myRole']) => PARTY_ROLE_TEXT[r] },
                { title: '状态', dataIndex: 'state', width: 90, render: (s: ContractState, c) => <Tag color={STATE_COLOR[s]}>{c.stateText}</Tag> },
                { title: '更新时间', dataIndex: 'updateTime', width: 110, render: (t: string) => <span className="contract-sub">{t}</span> },
                { title: '操作', key: 'actions', width: 150, card: 'actions', render: (_, c) => <Actions c={c} /> },
              ])}
            />
            {p.total > PAGE_SIZE && (
              <Pagination style={{ marginTop: 16, textAlign: 'right' }} current={current} pageSize={PAGE_SIZE} total={p.total} showSizeChanger={false} onChange={(n) => go({ current: n, state })} />
            )}
          </>
        )}
      </QueryState>
    </UserCentreFrame>
  );
}
