import { Button } from 'antd';
import { Result } from '@/components/Result';
import { useNavigate } from '@tanstack/react-router';
import type { VerificationStatus } from '#domain/contract/auth';
import { useRealNameStatus } from '../api/get-real-name-status';
import { QueryState } from '@/components/QueryState';
import { AccountPanel } from '../components/AccountPanel';
import { verifyPathOf } from '../status';
import '@/styles/auth.css';

/** /membershipReason: why the reviewer rejected the verification, and 重新认证. */
export function MembershipReasonPage() {
  const status = useRealNameStatus();
  const navigate = useNavigate();

  const render = (data: VerificationStatus) => {
    if (data.state !== 'rejected') {
      return (
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
      return (
        <Result
          status="error"
          title="实名认证未通过"
          subTitle={data.reviewedAt ? `审核时间：${data.reviewedAt}` : undefined}
          extra={
            <Button type="primary" onClick={() => void navigate({ to: verifyPathOf(data.userType) })}>
              重新认证
            </Button>
          }
        >
          <div className="reason-box">
            <h3>未通过原因</h3>
            <p data-testid="rejection-reason">{data.reason || '审核人员未填写原因，请联系客服人员。'}</p>
          </div>
        </Result>
      );
    }
  };

  return (
    <AccountPanel title="认证未通过原因">
      <QueryState query={status} isEmpty={() => false} rows={4}>
        {render}
      </QueryState>
    </AccountPanel>
  );
}
