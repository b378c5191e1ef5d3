import { App, Button } from 'antd';
import { useNavigate } from '@tanstack/react-router';
import { isPackageProject, listingStatusOf } from '#domain/rules/listing';
import { type ListingStatus } from '#domain/contract/listing';
import { useSession } from '@/lib/session';

/** The spec's prompt for an anonymous action (section 6: 请先登录 → /login). */
export const LOGIN_PROMPT = { title: '温馨提示', content: '请先登录', okText: '去登录', cancelText: '取消' } as const;

const CLOSED_TEXT: Record<Exclude<ListingStatus, 'enrolling'>, string> = {
  preDisclosure: '报名未开始',
  enrolmentClosed: '报名已截止',
  ended: '项目已结束',
  dealDone: '项目已成交',
  failed: '项目已结束',
  upcoming: '报名已截止',
  bidding: '报名已截止',
  suspended: '报名已截止',
  terminated: '项目已终结',
  unknown: '暂不可报名',
};

/**
 * 报名参与: a logged-in user goes to the enrolment form (packages to /bidEnrollPkg); an anonymous one is
 * asked to log in first and comes back to the form after it. Only an enrolling project takes enrolments:
 * `listingState` is the listing's own state text (the server's enrolment check reads the same).
 */
export function EnrolButton({ assetsId, projectType, listingState }: { assetsId: number; projectType: number; listingState: string }) {
  const { isLoggedIn } = useSession();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const status = listingStatusOf(listingState);
  if (status !== 'enrolling') {
    return (
      <Button size="large" disabled className="enrol-button">
        {CLOSED_TEXT[status]}
      </Button>
    );
  }
  const target = `${isPackageProject(projectType) ? '/bidEnrollPkg' : '/bidEnrollNormal'}?assetsId=${assetsId}`;
  const enrol = () => {
    if (isLoggedIn) {
      void navigate({ href: target });
      return;
    }
    modal.confirm({ ...LOGIN_PROMPT, onOk: () => navigate({ to: '/login', search: { redirect: target } }) });
  };
  return (
    <Button size="large" type="primary" className="enrol-button" onClick={enrol}>
      报名参与
    </Button>
  );
}
