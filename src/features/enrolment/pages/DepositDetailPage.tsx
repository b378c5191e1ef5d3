import { Button, Descriptions, Space, Table, Tag } from 'antd';
import { Result } from '@/components/Result';
import { useSearch } from '@tanstack/react-router';
import { QueryState, WayBackActions } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { cardColumns, TABLE_CARDS } from '@/components/phoneCards';
import { ProjectLink } from '@/components/ProjectLink';
import { type DepositDetail, type DepositProof } from '#domain/contract/enrolment';
import { Money } from '@/components/Money';
import { useDepositDetail } from '../api/get-deposit-detail';

const METHOD_TEXT = { '': '—', online: '在线支付', transfer: '线下转账', wallet: '钱包余额' } as const;
const PROOF_TEXT: Record<DepositProof['status'], string> = { submitted: '待确认', confirmed: '已确认', rejected: '未通过' };

function Actions({ d }: { d: DepositDetail }) {
  if (d.status !== 'pending' && d.status !== 'paying') return null;
  return (
    <Space style={{ marginTop: 16 }}>
      <a href={`#/cashierDesk?depositId=${d.id}`}>
        <Button type="primary">在线支付</Button>
      </a>
      <a href={`#/depositAddPayInfo?depositId=${d.id}`}>
        <Button>线下转账上传凭证</Button>
      </a>
    </Space>
  );
}

/** /depositDetail?id=: 保证金详情 — amount, status, the online order and the transfer proofs. */
const MY_DEPOSIT = { href: '#/myDeposit', label: '返回我的保证金' };

export function DepositDetailPage() {
  const { id = null } = useSearch({ from: '/_auth/depositDetail' });
  const query = useDepositDetail(id);
  return (
    <UserCentreFrame title="保证金详情" extra={<a href="#/myDeposit">返回我的保证金</a>}>
      {id === null ? (
        <Result status="warning" title="缺少保证金编号" extra={<WayBackActions back={MY_DEPOSIT} />} />
      ) : (
        <QueryState query={query} isEmpty={() => false} back={MY_DEPOSIT}>
          {(d) => (
            <>
              <Descriptions bordered size="small" column={2}>
                <Descriptions.Item label="保证金编号">{d.depositCode}</Descriptions.Item>
                <Descriptions.Item label="状态">
                  <Tag color={d.status === 'confirmed' || d.status === 'kept' || d.status === 'converted' ? 'green' : d.status === 'released' ? 'default' : d.status === 'forfeited' ? 'red' : 'orange'}>{d.statusText}</Tag>
                </Descriptions.Item>
                <Descriptions.Item label="项目名称" span={2}>
                  <ProjectLink project={{ assetsId: d.assetsId, projectType: null }}>{d.assetsName}</ProjectLink>
                </Descriptions.Item>
                <Descriptions.Item label="项目编号">{d.projectCode}</Descriptions.Item>
                <Descriptions.Item label="金额">
                  <Money yuan={d.amount} />
                </Descriptions.Item>
                <Descriptions.Item label="缴纳方式">{METHOD_TEXT[d.method]}</Descriptions.Item>
                <Descriptions.Item label="到账时间">{d.confirmTime ?? '—'}</Descriptions.Item>
                <Descriptions.Item label={d.status === 'kept' || d.status === 'converted' ? '转为价款时间' : d.status === 'forfeited' ? '没收时间' : '退还时间'}>{d.settleTime ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="关联报名">
                  <a href={`#/enrollDetail?id=${d.enrolmentId}`}>查看报名</a>
                </Descriptions.Item>
                {d.order && (
                  <Descriptions.Item label="在线支付订单" span={2}>
                    {d.order.orderNo}（{d.order.gatewayName}，{d.order.status === 'paid' ? `已支付 ${d.order.paidTime ?? ''}` : '待支付'}）
                  </Descriptions.Item>
                )}
              </Descriptions>
              <Actions d={d} />
              {d.proofs.length > 0 && (
                <>
                  <div className="uc-section-title">付款凭证</div>
                  <Table<DepositProof>
                    className={TABLE_CARDS}
                    size="small"
                    rowKey="id"
                    pagination={false}
                    dataSource={d.proofs}
                    columns={cardColumns<DepositProof>([
                      { title: '付款人', dataIndex: 'payerName', card: 'title' },
                      { title: '付款账号', dataIndex: 'payerAccount' },
                      { title: '付款银行', dataIndex: 'bankName' },
                      { title: '金额', dataIndex: 'amount', render: (v: number) => <Money yuan={v} /> },
                      { title: '付款时间', dataIndex: 'paidTime' },
                      { title: '状态', dataIndex: 'status', render: (v: DepositProof['status'], p) => (v === 'rejected' ? `${PROOF_TEXT[v]}：${p.rejectReason}` : PROOF_TEXT[v]) },
                    ])}
                  />
                </>
              )}
            </>
          )}
        </QueryState>
      )}
    </UserCentreFrame>
  );
}
