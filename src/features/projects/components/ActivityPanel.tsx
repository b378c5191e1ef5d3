import { Tag } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { AddToCalendar, type CalendarLot } from '@/components/AddToCalendar';
import { BidRecordLinks } from '@/components/BidRecordLinks';
import { EnrolHint } from '@/components/EnrolHint';
import { StandingTag } from '@/components/Standing';
import { chinaTimeToEpoch, minuteText } from '#domain/rules/chinaTime';
import { bidderStanding, mySteps } from '#domain/rules/desk';
import { type MyLot } from '#domain/contract/desk';
import { BIDDING_MODE_NAMES } from '#domain/rules/hall';
import { type BiddingMode } from '#domain/contract/hall';
import type { ProjectDetail } from '#domain/contract/projects';
import { STATUS_COLOURS } from '../display';

/** The panel's element id: the head's 查看结果 scrolls to it. */
export const ACTIVITY_PANEL_ID = 'lot-activity';

/**
 * The lot's auction on its page: its state (the one lot state), when bidding opens and ends, the user's own
 * steps (已报名 / 已交保证金 / 竞买号) and standing, and the way in — 进入竞价室 for a qualified user, for
 * anyone else how to qualify with the enrolment deadline.
 */
export function ActivityPanel({ detail, mine }: { detail: ProjectDetail; mine: MyLot | undefined }) {
  const { lot } = detail;
  const activity = detail.activity!;
  const steps = mySteps(mine);
  const qualified = mine?.bidCode != null;
  const standing =
    qualified && mine
      ? bidderStanding({
          enrolled: true,
          bidCode: mine.bidCode,
          myBidCount: mine.myBidCount,
          mode: activity.mode,
          status: activity.status,
          outcome: lot.status === 'dealDone' ? 'sold' : lot.status === 'failed' ? 'failed' : null,
          leaderBidCode: mine.leaderBidCode,
        })
      : null;
  const room = `#/quoteHall?activityId=${activity.activityId}`;
  const startTime = chinaTimeToEpoch(activity.startTime);
  const endTime = chinaTimeToEpoch(activity.endTime);
  const calendar: CalendarLot | null =
    activity.status !== 'ended' && startTime !== null && endTime !== null
      ? { activityId: activity.activityId, title: detail.assetsName, startTime, endTime, assetsId: detail.id, projectType: detail.projectType }
      : null;
  return (
    <section className="activity-panel" id={ACTIVITY_PANEL_ID} aria-label="网络竞价" data-testid="activity-panel">
      <div className="activity-panel__main">
        <div className="activity-panel__head">
          <ThunderboltOutlined /> 网络竞价
          <Tag color={STATUS_COLOURS[lot.label]} data-testid="activity-state">
            {lot.label}
          </Tag>
          <span className="activity-panel__mode">{BIDDING_MODE_NAMES[activity.mode as BiddingMode] ?? activity.mode}</span>
        </div>
        <p className="activity-panel__times tabular" data-testid="activity-times">
          {activity.status === 'scheduled' ? (
            <>
              竞价将于 <strong>{minuteText(activity.startTime)}</strong> 开始，{minuteText(activity.endTime)} 结束
            </>
          ) : (
            <>
              竞价时间：{minuteText(activity.startTime)} 至 {minuteText(activity.endTime)}
            </>
          )}{' '}
          {calendar && <AddToCalendar lot={calendar} />}
        </p>
        {steps.length > 0 && (
          <p className="activity-panel__mine" data-testid="my-steps">
            我的参与：
            {steps.map((step) => (
              <span key={step} className="activity-panel__step">
                {step}
              </span>
            ))}
            {standing && standing !== 'enrolled' && <StandingTag standing={standing} />}
          </p>
        )}
        {!qualified && activity.status !== 'ended' && !mine?.enrolment && <EnrolHint assetsId={detail.id} projectType={detail.projectType} showAction={false} />}
        {activity.status === 'ended' && <BidRecordLinks activityId={activity.activityId} />}
      </div>
      {qualified ? (
        <a className="activity-panel__link" href={room} data-testid="enter-room">
          {activity.status === 'ended' ? '查看竞价结果' : '进入竞价室'}
        </a>
      ) : mine?.enrolment ? (
        <a className="activity-panel__link activity-panel__link--plain" href={`#/enrollDetail?id=${mine.enrolment.id}`}>
          查看报名进度
        </a>
      ) : (
        <a className="activity-panel__link activity-panel__link--plain" href="#/hall">
          竞价大厅
        </a>
      )}
    </section>
  );
}
