import { Button, Result, Skeleton } from 'antd';
import { useNavigate } from '@tanstack/react-router';
import { useRealNameStatus } from '../api/get-real-name-status';
import { AccountPanel } from '../components/AccountPanel';
import { verifyPathOf } from '../status';
import '@/styles/auth.css';

/** /membershipReason: why the reviewer rejected the verification, and 重新认证. */
export function MembershipReasonPage() {
  const status = useRealNameStatus();
  const navigate = useNavigate();

  let content;
  if (status.isPending) {
    content = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (status.isError) {
    content = (
      <Result
        status="warning"
        title={status.error.message || '认证信息加载失败'}
        extra={<Button onClick={() => void status.refetch()}>重试</Button>}
      />
    );
  } else if (status.data.state !== 'rejected') {
    content = (
      <Result
        status="info"
        title="暂无认证未通过记录"
        extra={
          <Button type="primary" onClick={() => void navigate({ to: '/realNamePersonInfo' })}>
            查看认证信息
          </Button>
        }
      />
    );
  } else {
    content = (
      <Result
        status="error"
        title="实名认证未通过"
        subTitle={status.data.reviewedAt ? `审核时间：${status.data.reviewedAt}` : undefined}
        extra={
          <Button type="primary" onClick={() => void navigate({ to: verifyPathOf(status.data.userType) })}>
            重新认证
          </Button>
        }
      >
        <div className="reason-box">
          <h3>未通过原因</h3>
          <p data-testid="rejection-reason">{status.data.reason || '审核人员未填写原因，请联系客服人员。'}</p>
        </div>
      </Result>
    );
  }

  return <AccountPanel title="认证未通过原因">{content}</AccountPanel>;
}
