import { Alert, Button, Descriptions, Space, Steps } from 'antd';
import { Result } from '@/components/Result';
import { useSearch } from '@tanstack/react-router';
import { QueryState, WayBackActions } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { ProjectLink } from '@/components/ProjectLink';
import { DEPOSIT_STATUS_TEXT, acceptedTermsText, enrolmentStep } from '#domain/rules/enrolment';
import { ENROLMENT_COMMITMENTS, type EnrolmentDetail } from '#domain/contract/enrolment';
import { Money } from '@/components/Money';
import { useEnrolmentDetail } from '../api/get-enrolment-detail';

const STEPS = ['提交报名', '资格审核', '缴纳保证金', '保证金确认', '取得竞买资格'];

/** What the user can do next at this status. */
function NextStep({ e }: { e: EnrolmentDetail }) {
  if (e.status === 'rejected') return <Alert type="error" showIcon title="报名审核未通过" description={`原因：${e.rejectReason}`} />;
  if (e.status === 'submitted' || e.status === 'reviewing') return <Alert type="info" showIcon title="报名已提交，交易机构正在审核，审核结果将通过站内消息通知您。" />;
  if (e.status === 'depositPending' && e.depositId) {
    const proofPending = e.depositStatus === 'proofSubmitted';
    return (
      <Alert
        type="warning"
        showIcon
        title={
          proofPending ? (
            '付款凭证已提交，等待交易机构确认到账'
          ) : (
            <>
              审核已通过，请缴纳交易保证金 <Money yuan={e.depositAmount} exact />
            </>
          )
        }
        action={
          proofPending ? undefined : (
            <Space>
              <a href={`#/cashierDesk?depositId=${e.depositId}`}>
                <Button type="primary">在线支付</Button>
              </a>
              <a href={`#/depositAddPayInfo?depositId=${e.depositId}`}>
                <Button>线下转账上传凭证</Button>
              </a>
            </Space>
          )
        }
      />
    );
  }
  if (e.status === 'depositConfirmed') return <Alert type="success" showIcon title="保证金已确认，竞价活动发布后将自动取得竞买资格并分配竞买号。" />;
  return (
    <Result
      status="success"
      title={`已取得竞买资格，竞买号 ${e.bidCode ?? ''}`}
      extra={
        e.activityId ? (
          <a href={`#/quoteHall?activityId=${e.activityId}`}>
            <Button type="primary">进入竞价室</Button>
          </a>
        ) : undefined
      }
    />
  );
}

/** /enrollDetail?id=: 报名详情 — the steps, what to do next, and the submitted facts. */
const MY_PROJECT = { href: '#/myProject', label: '返回我的项目' };

export function EnrollDetailPage() {
  const { id = null } = useSearch({ from: '/_auth/enrollDetail' });
  const query = useEnrolmentDetail(id);
  return (
    <UserCentreFrame title="报名详情" extra={<a href="#/myProject">返回我的项目</a>}>
      {id === null ? (
        <Result status="warning" title="缺少报名编号" extra={<WayBackActions back={MY_PROJECT} />} />
      ) : (
        <QueryState query={query} isEmpty={() => false} back={MY_PROJECT}>
          {(e) => {
            const step = enrolmentStep(e.status);
            return (
              <>
                <Steps
                  size="small"
                  current={step.current}
                  status={step.failed ? 'error' : e.status === 'qualified' ? 'finish' : 'process'}
                  items={STEPS.map((title) => ({ title }))}
                  style={{ marginBottom: 20 }}
                />
                <NextStep e={e} />
                <Descriptions bordered size="small" column={2} style={{ marginTop: 20 }}>
                  <Descriptions.Item label="报名编号">{e.enrolCode}</Descriptions.Item>
                  <Descriptions.Item label="报名状态">{e.statusText}</Descriptions.Item>
                  <Descriptions.Item label="项目名称" span={2}>
                    <ProjectLink project={{ assetsId: e.assetsId, projectType: null }}>{e.assetsName}</ProjectLink>
                  </Descriptions.Item>
                  <Descriptions.Item label="项目编号">{e.projectCode}</Descriptions.Item>
                  <Descriptions.Item label="报名方式">{e.kind === 'package' ? '资产包报名' : '单项报名'}</Descriptions.Item>
                  <Descriptions.Item label="竞买人">{e.bidderName}</Descriptions.Item>
                  <Descriptions.Item label="证件号码">{e.idMasked || '—'}</Descriptions.Item>
                  <Descriptions.Item label="联系人">{e.contactName}</Descriptions.Item>
                  <Descriptions.Item label="联系电话">{e.contactPhone}</Descriptions.Item>
                  <Descriptions.Item label="交易保证金"><Money yuan={e.depositAmount} /></Descriptions.Item>
                  <Descriptions.Item label="保证金状态">
                    {e.depositId && e.depositStatus ? <a href={`#/depositDetail?id=${e.depositId}`}>{DEPOSIT_STATUS_TEXT[e.depositStatus]}</a> : '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label="竞买号">{e.bidCode ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="提交时间">{e.submitTime}</Descriptions.Item>
                  <Descriptions.Item label="资质附件" span={2}>
                    {e.attachments.length === 0 ? '—' : e.attachments.map((a) => a.name).join('、')}
                  </Descriptions.Item>
                  <Descriptions.Item label="已确认承诺" span={2}>
                    {ENROLMENT_COMMITMENTS.filter((c) => e.commitments.includes(c.key)).length} / {ENROLMENT_COMMITMENTS.length} 项
                  </Descriptions.Item>
                  <Descriptions.Item label="竞买须知" span={2}>
                    <span style={{ wordBreak: 'break-all' }}>{e.acceptedTerms ? acceptedTermsText(e.acceptedTerms) : '—'}</span>
                  </Descriptions.Item>
                </Descriptions>
              </>
            );
          }}
        </QueryState>
      )}
    </UserCentreFrame>
  );
}
