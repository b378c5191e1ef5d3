import { Button, Popover } from 'antd';
import { EnrolHint } from '@/components/EnrolHint';
import { StandingTag } from '@/components/Standing';
import { bidderStanding } from '#domain/rules/desk';
import { type MyLot } from '#domain/contract/desk';
import type { LiveBidRow } from '@/live';

/** Lots where this tab has seen the user lead: he has bid there, whatever the desk's count said when it was read. */
const ledHere = new Set<number>();

/**
 * The hall's 我的竞价 cell of one live row: for a qualified user his standing (已报名 / 领先 / 出局, from the
 * row's live leader and his own code) and 进入竞价室 — one click from the hall to the room; for an enrolled
 * user without a code yet, his enrolment's step; for everyone else 如何参与 (the steps and the deadline).
 */
export function MyLotCell({ row, mine }: { row: LiveBidRow; mine: MyLot | undefined }) {
  if (mine?.bidCode) {
    if (row.leaderBidCode !== null && row.leaderBidCode === mine.bidCode) ledHere.add(row.activityId);
    const standing = bidderStanding({
      enrolled: true,
      bidCode: mine.bidCode,
      myBidCount: ledHere.has(row.activityId) ? Math.max(1, mine.myBidCount) : mine.myBidCount,
      mode: mine.listing.lot.mode ?? '',
      status: row.status,
      outcome: null,
      leaderBidCode: row.leaderBidCode,
    });
    return (
      <span className="my-lot-cell">
        {standing && <StandingTag standing={standing} />}
        <a className="my-lot-cell__enter" href={`#/quoteHall?activityId=${row.activityId}`} aria-label={`进入竞价室：${row.assetsName}`}>
          进入竞价室
        </a>
      </span>
    );
  }
  if (mine?.enrolment) {
    return (
      <span className="my-lot-cell">
        <StandingTag standing="enrolled" />
        <a href={`#/enrollDetail?id=${mine.enrolment.id}`} className="my-lot-cell__step">
          {mine.enrolment.statusText}
        </a>
      </span>
    );
  }
  return (
    <Popover trigger="click" title="如何参与竞价" content={<EnrolHint assetsId={row.assetsId} projectType={row.projectType} />} overlayClassName="enrol-hint-popover">
      <Button type="link" size="small" className="my-lot-cell__how" aria-label={`如何参与：${row.assetsName}`}>
        如何参与
      </Button>
    </Popover>
  );
}
