import { Skeleton } from 'antd';
import { useEnrolCheck } from '@/api/resources/get-enrol-check';
import { minuteText } from '#domain/rules/chinaTime';
import { projectHref } from '#domain/rules/listing';

/** What a visitor or a bidder without a bid code needs to know to bid in a lot: the steps and the deadline. */
export const QUALIFY_STEPS = '报名并交纳保证金，审核通过并取得竞买号后即可进入竞价室出价。';

/**
 * How to take part in a lot (the hall's 如何参与, a project page's bidding panel): the user's own position
 * (not logged in, not verified, enrolled, closed …) with the enrolment deadline, from the enrolment check.
 */
export function EnrolHint({ assetsId, projectType, showAction = true }: { assetsId: number; projectType: number | null; showAction?: boolean }) {
  const check = useEnrolCheck(assetsId);
  if (check.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (check.isError) return <p className="enrol-hint">{QUALIFY_STEPS}</p>;
  const c = check.data;
  const deadline = c.enrolEndTime ? minuteText(c.enrolEndTime) : null;
  const project = projectHref({ assetsId, projectType });
  let text: string;
  let action: { href: string; label: string } | null = { href: project, label: '查看项目并报名' };
  switch (c.reason) {
    case null:
      text = `${deadline ? `请于 ${deadline} 前` : ''}${QUALIFY_STEPS}`;
      break;
    case 'notLoggedIn':
      text = `请先登录。${deadline ? `报名截止 ${deadline}；` : ''}${QUALIFY_STEPS}`;
      action = { href: `#/login?redirect=${encodeURIComponent(project.slice(1))}`, label: '登录' };
      break;
    case 'notVerified':
      text = `${c.message}。${deadline ? `报名截止 ${deadline}。` : ''}`;
      action = { href: '#/realNamePerson', label: '去实名认证' };
      break;
    case 'alreadyEnrolled':
      text = '您已报名本项目：保证金到账并取得竞买号后即可进入竞价室。';
      action = c.enrolmentId === null ? null : { href: `#/enrollDetail?id=${c.enrolmentId}`, label: '查看报名进度' };
      break;
    case 'closed':
      text = `本项目报名已于 ${deadline ?? '--'} 截止，只有已取得竞买号的竞买人可以出价。`;
      action = { href: project, label: '查看项目' };
      break;
    default:
      text = `${c.message}。${QUALIFY_STEPS}`;
  }
  return (
    <div className="enrol-hint" data-testid="enrol-hint">
      <p>{text}</p>
      {showAction && action && <a href={action.href}>{action.label}</a>}
    </div>
  );
}
