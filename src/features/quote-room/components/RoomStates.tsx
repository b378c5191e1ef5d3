import { Alert, Button, Result as IllustratedResult } from 'antd';
import { Result } from '@/components/Result';
import { projectHref, type ProjectRef } from '#domain/rules/listing';

/** The room's own path, for the login redirect. */
export const roomHref = (activityId: number) => `/quoteHall?activityId=${activityId}`;
export const loginHref = (activityId: number) => `#/login?redirect=${encodeURIComponent(roomHref(activityId))}`;

/** No such activity (404, or no activityId in the URL). */
export function RoomNotFound({ detail }: { detail?: string }) {
  return (
    <IllustratedResult
      status="404"
      title="竞价活动不存在"
      subTitle={detail ?? '该竞价活动不存在或已被撤销，请从竞价大厅重新进入。'}
      extra={
        <Button type="primary" href="#/hall">
          返回竞价大厅
        </Button>
      }
    />
  );
}

/** The bidding data could not be loaded (network or server failure): the server's msg and a retry. */
export function RoomLoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title="竞价信息加载失败"
      subTitle={text}
      extra={
        <Button type="primary" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}

/** Logged in but without a bid code for this activity: enrol first. */
export function NotQualifiedNotice({ project }: { project: ProjectRef }) {
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="room-not-qualified"
      title="您尚未取得本场竞价的竞买资格"
      description="报名审核通过并交纳保证金后，系统将为您分配竞买号，方可出价。您仍可查看本场竞价的实时报价。"
      action={
        <Button type="primary" href={projectHref(project)}>
          报名参与
        </Button>
      }
    />
  );
}

/** Logged out (another tab, or the server answered 401 to a bid). */
export function LoginNeededNotice({ activityId, expired }: { activityId: number; expired: boolean }) {
  return (
    <Alert
      type="info"
      showIcon
      data-testid="room-login-needed"
      title={expired ? '登录已失效，请重新登录后出价' : '请先登录后出价'}
      action={
        <Button type="primary" href={loginHref(activityId)}>
          去登录
        </Button>
      }
    />
  );
}
