import type { ReactNode } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { Result } from '@/components/Result';
import { Link, useNavigate } from '@tanstack/react-router';
import { useUserDetail } from '@/api/resources/get-user-detail';
import type { UserType } from '#domain/contract/auth';
import { useRealNameStatus } from '../api/get-real-name-status';

const KINDS = {
  1: { label: '个人', page: '/realNamePerson', done: '您已完成实名认证', pending: '实名认证审核中' },
  2: { label: '机构', page: '/realNameOrg', done: '您已完成机构实名认证', pending: '机构实名认证审核中' },
} as const;

/**
 * What a real-name page shows before its form: loading, the error with a retry, the other kind's page
 * for the other user type, the state when already submitted or approved, and the last rejection's
 * reason above the form.
 */
export function RealNameGate({ userType, children }: { userType: UserType; children: ReactNode }) {
  const status = useRealNameStatus();
  const user = useUserDetail();
  const navigate = useNavigate();
  const kind = KINDS[userType];

  if (status.isPending || user.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  // Only a status never loaded is an error page: a failed background refetch keeps the form (and what was typed).
  if (status.data === undefined) {
    return (
      <Result
        status="warning"
        title={status.error?.message || '认证状态加载失败'}
        extra={<Button onClick={() => void status.refetch()}>重试</Button>}
      />
    );
  }
  const actual = user.data?.userType;
  if (actual !== undefined && actual !== userType) {
    const other = KINDS[actual];
    return (
      <Result
        status="info"
        title={`您是${other.label}用户，请进行${other.label}实名认证`}
        extra={
          <Button type="primary" onClick={() => void navigate({ to: other.page })}>
            去{other.label}实名认证
          </Button>
        }
      />
    );
  }
  const { state, submittedAt, reason } = status.data;
  if (state === 'pending' || state === 'approved') {
    return (
      <Result
        status={state === 'approved' ? 'success' : 'info'}
        title={state === 'approved' ? kind.done : kind.pending}
        subTitle={state === 'pending' ? `提交时间：${submittedAt || '--'}，请耐心等待审核。` : undefined}
        extra={
          <Button type="primary" onClick={() => void navigate({ to: '/realNamePersonInfo' })}>
            查看认证信息
          </Button>
        }
      />
    );
  }
  return (
    <>
      {state === 'rejected' && (
        <Alert
          className="account-panel__notice"
          type="error"
          showIcon
          title="上次认证未通过，请核对信息后重新提交"
          description={
            <>
              原因：{reason || '--'} <Link to="/membershipReason">查看详情</Link>
            </>
          }
        />
      )}
      {children}
    </>
  );
}
