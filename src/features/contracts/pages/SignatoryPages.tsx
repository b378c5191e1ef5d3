import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Input, Popconfirm, Table, Tag } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ContractDetail, ContractParty, SignatoryCandidate } from '#domain/contract/tradeContract';
import { addSignatory, findSignatory, removeSignatory, useContractUpdated } from '../api/contracts';
import { ContractShell } from '../components/ContractShell';
import { cardColumns, TABLE_CARDS } from '@/components/phoneCards';
import type { ContractSearch } from '../search';
import '@/styles/contracts.css';

function PartyTable({ c }: { c: ContractDetail }) {
  const { message } = App.useApp();
  const updated = useContractUpdated();
  const remove = useMutation({
    mutationFn: (partyId: number) => removeSignatory(c.id, partyId),
    onSuccess: async (next) => {
      void message.success('已移除签署方');
      await updated(next);
    },
  });
  const editable = c.canEdit;
  return (
    <Table<ContractParty>
      className={TABLE_CARDS}
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={c.parties}
      columns={cardColumns<ContractParty>([
        { title: '签署顺序', dataIndex: 'signOrder', width: 90, align: 'center' },
        { title: '身份', dataIndex: 'roleText' },
        {
          title: '名称',
          dataIndex: 'name',
          card: 'title',
          render: (name: string, p) => (
            <>
              {name}
              {p.isMe && <Tag style={{ marginLeft: 8 }}>我</Tag>}
              {!p.assigned && <Tag color="orange">待交易机构指定账户</Tag>}
            </>
          ),
        },
        { title: '类型', dataIndex: 'kind', render: (k: ContractParty['kind']) => (k === 'org' ? '机构（电子印章）' : '个人（手写签名）') },
        { title: '确认', key: 'confirmed', render: (_, p) => (p.confirmed ? <Tag color="green">已确认</Tag> : <Tag>未确认</Tag>) },
        { title: '签署', key: 'signed', render: (_, p) => (p.signed ? <Tag color="blue">已签署 {p.signTime}</Tag> : <Tag>未签署</Tag>) },
        ...(editable
          ? [
              {
                title: '操作',
                key: 'op',
                card: 'actions' as const,
                render: (_: unknown, p: ContractParty) =>
                  p.role === 'added' ? (
                    <Popconfirm title={`移除签署方 ${p.name}？`} onConfirm={() => remove.mutate(p.id)} okText="移除" cancelText="取消">
                      <a>移除</a>
                    </Popconfirm>
                  ) : null,
              },
            ]
          : []),
      ])}
    />
  );
}

/** /signatoryList: the parties in signing order, who confirmed and who signed; add one while drafting. */
export function SignatoryListPage() {
  const { id } = useSearch({ strict: false }) as ContractSearch;
  return (
    <ContractShell id={id} title="签署方" here="/signatoryList">
      {(c) => (
        <Card
          size="small"
          className="contract-card"
          title="签署方（按签署顺序）"
          extra={
            c.canEdit ? (
              <Button type="primary" size="small" href={`#/addSignatory?id=${c.id}`}>
                添加签署方
              </Button>
            ) : undefined
          }
        >
          <PartyTable c={c} />
          <p className="contract-note" style={{ marginTop: 12 }}>
            各方按顺序签署：转让方、受让方，然后是添加的签署方；各方签署后，由交易机构最后加盖鉴证章。添加的签署方须已完成实名认证。
          </p>
        </Card>
      )}
    </ContractShell>
  );
}

function AddForm({ c }: { c: ContractDetail }) {
  const [keyword, setKeyword] = useState('');
  const [result, setResult] = useState<SignatoryCandidate | null | undefined>(undefined);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const updated = useContractUpdated();
  const find = useMutation({ mutationFn: (k: string) => findSignatory(c.id, k), onSuccess: setResult });
  const add = useMutation({
    mutationFn: (userId: number) => addSignatory(c.id, userId),
    onSuccess: async (next) => {
      void message.success('已添加签署方');
      await updated(next);
      void navigate({ href: `/signatoryList?id=${c.id}` });
    },
  });
  if (!c.canEdit) return <p className="contract-note">合同当前为「{c.stateText}」，{c.myRole === 'added' ? '其他签署方不能添加签署方。' : '不能添加签署方。'}</p>;
  return (
    <>
      <p className="contract-note">输入对方的登录名或注册手机号查找。只有完成实名认证的个人或机构可以成为签署方；为保护隐私，查找结果脱敏显示。</p>
      <Input.Search
        aria-label="登录名或手机号"
        placeholder="登录名或手机号"
        enterButton="查找"
        maxLength={50}
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
          setResult(undefined);
        }}
        loading={find.isPending}
        onSearch={(v) => {
          if (!v.trim()) return void message.warning('请输入登录名或手机号');
          find.mutate(v.trim());
        }}
        style={{ maxWidth: 420 }}
      />
      {result === null && <Alert style={{ marginTop: 16 }} type="info" showIcon title="未找到已实名认证的用户，请核对登录名或手机号" />}
      {result && (
        <Card size="small" style={{ marginTop: 16, maxWidth: 520 }}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="名称">{result.name}</Descriptions.Item>
            <Descriptions.Item label="账户">{result.account}</Descriptions.Item>
            <Descriptions.Item label="类型">{result.kind === 'org' ? '已认证机构' : '已认证个人'}</Descriptions.Item>
          </Descriptions>
          <Button type="primary" loading={add.isPending} onClick={() => add.mutate(result.userId)}>
            添加为签署方
          </Button>
        </Card>
      )}
    </>
  );
}

/** /addSignatory: find a verified person or organisation by login name or phone (masked) and add it. */
export function AddSignatoryPage() {
  const { id } = useSearch({ strict: false }) as ContractSearch;
  return (
    <ContractShell id={id} title="添加签署方" here="/addSignatory">
      {(c) => (
        <Card size="small" className="contract-card" title="查找签署方">
          <AddForm c={c} />
        </Card>
      )}
    </ContractShell>
  );
}
