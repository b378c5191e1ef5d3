/**
 * 合同: the exchange's contracts by state. Signed ones wait for the exchange's 鉴证章 (盖章 after a
 * confirmation); a draft whose transferor has no signing account yet gets one (指定转让方账户: a verified
 * organisation or person by login name); 为已付款成交起草合同 drafts the contracts of paid deals that have none.
 */
import { useState } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Popconfirm, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { StaffContract } from '#domain/contract/staffLots';
import { CONTRACT_STATES, type ContractState } from '#domain/contract/tradeContract';
import { CONTRACT_STATE_TEXT } from '#domain/rules/tradeContract';
import { QueryArea } from '../../layout/RouteStates';
import { useAssignTransferor, useContracts, useDraftMissing, useSeal } from './api';

/** The list opens on the contracts waiting for the exchange: signed ones. */
const STATE_ORDER: ContractState[] = ['signed', ...CONTRACT_STATES.filter((s) => s !== 'signed')];
const STATE_COLOUR: Record<ContractState, string> = { drafting: 'default', confirming: 'blue', signing: 'geekblue', signed: 'orange', sealed: 'green' };

function AssignDialog({ contract, onClose }: { contract: StaffContract | null; onClose: () => void }) {
  const { message } = App.useApp();
  const assign = useAssignTransferor();
  const [form] = Form.useForm<{ loginName: string }>();
  const submit = async () => {
    const { loginName } = await form.validateFields();
    try {
      await assign.mutateAsync({ id: contract!.id, loginName: loginName.trim() });
      void message.success(`已指定转让方账户：${loginName.trim()}`);
      onClose();
    } catch {
      // the client showed the server's text
    }
  };
  return (
    <Modal open={contract !== null} title="指定转让方账户" okText="指定" cancelText="取消" confirmLoading={assign.isPending} onOk={() => void submit().catch(() => undefined)} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph>
        {contract?.contractCode}（{contract?.assetsName}）：转让方须以已实名认证的账户确认并签署合同。指定后该账户将收到消息。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="loginName" label="转让方登录名" rules={[{ required: true, whitespace: true, message: '请填写转让方登录名' }]}>
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ContractsPage() {
  const { message } = App.useApp();
  const [state, setState] = useState<ContractState>('signed');
  const query = useContracts(state);
  const seal = useSeal();
  const draftMissing = useDraftMissing();
  const [assigning, setAssigning] = useState<StaffContract | null>(null);
  const stamp = async (contract: StaffContract) => {
    try {
      const done = await seal.mutateAsync(contract.id);
      void message.success(`已盖章：${done.contractCode}`);
    } catch {
      // the client showed the server's text
    }
  };
  const draft = async () => {
    try {
      const { drafted } = await draftMissing.mutateAsync();
      void message.success(drafted > 0 ? `已起草 ${drafted} 份合同` : '没有需要起草合同的已付款成交');
    } catch {
      // the client showed the server's text
    }
  };
  return (
    <div className="console-page">
      <div className="console-page__head">
        <h1 className="console-title">合同</h1>
        <Space>
          <Popconfirm title="为已付款但尚无合同的成交依模板起草合同？" okText="起草" cancelText="取消" onConfirm={() => draft()}>
            <Button loading={draftMissing.isPending}>为已付款成交起草合同</Button>
          </Popconfirm>
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
            刷新
          </Button>
        </Space>
      </div>
      <Typography.Paragraph type="secondary">各方签署后由交易机构加盖鉴证章；起草中的合同须有转让方的签署账户，各方方可确认。</Typography.Paragraph>
      <Segmented<ContractState>
        className="console-filters"
        aria-label="合同状态"
        value={state}
        onChange={setState}
        options={STATE_ORDER.map((s) => ({ value: s, label: s === 'signed' ? '待盖章' : CONTRACT_STATE_TEXT[s] }))}
      />
      <QueryArea query={query}>
        {(contracts) => (
          <Table<StaffContract>
            rowKey="id"
            dataSource={contracts}
            pagination={false}
            locale={{ emptyText: state === 'signed' ? '没有待盖章的合同' : `没有${CONTRACT_STATE_TEXT[state]}的合同` }}
            columns={[
              { title: '合同编号', dataIndex: 'contractCode', render: (t: string) => <span className="console-mono">{t}</span> },
              { title: '项目', dataIndex: 'assetsName' },
              { title: '签约方', dataIndex: 'parties' },
              { title: '状态', render: (_, c) => <Tag color={STATE_COLOUR[c.state]}>{c.stateText}</Tag> },
              { title: '更新', dataIndex: 'updateTime', render: (t: string) => <span className="tabular">{t}</span> },
              {
                title: '操作',
                render: (_, c) =>
                  c.state === 'signed' ? (
                    <Popconfirm title={`为合同 ${c.contractCode} 加盖鉴证章？`} okText="盖章" cancelText="取消" onConfirm={() => stamp(c)}>
                      <Button type="primary" size="small" aria-label={`盖章 ${c.contractCode}`}>
                        盖章
                      </Button>
                    </Popconfirm>
                  ) : c.state === 'drafting' && !c.transferorAssigned ? (
                    <Button size="small" aria-label={`指定转让方账户 ${c.contractCode}`} onClick={() => setAssigning(c)}>
                      指定转让方账户
                    </Button>
                  ) : null,
              },
            ]}
          />
        )}
      </QueryArea>
      <AssignDialog contract={assigning} onClose={() => setAssigning(null)} />
    </div>
  );
}
