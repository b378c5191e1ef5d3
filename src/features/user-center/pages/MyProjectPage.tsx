import { Button, Pagination, Table, Tabs, Tag } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { ProjectLink } from '@/components/ProjectLink';
import { type EnrolmentSummary, type QualifiedRoom } from '#domain/contract/enrolment';
import type { MyLot } from '#domain/contract/desk';
import { DeadlineCountdown } from '@/components/DeadlineCountdown';
import { Money } from '@/components/Money';
import { cardColumns, cardScroll, TABLE_CARDS } from '@/components/phoneCards';
import { StandingTag } from '@/components/Standing';
import { bidderStanding } from '#domain/rules/desk';
import { LISTING_STATUS_LABELS } from '#domain/rules/listing';
import { lotStage } from '#domain/rules/lotState';
import { lotNextStep } from '#domain/rules/nextStep';
import { useMyLots } from '@/api/resources/get-my-lots';
import { useMyEnrolments } from '../api/get-my-enrolments';
import { useMyRooms } from '../api/get-my-rooms';

const PAGE_SIZE = 10;
const ROOM_COLOUR: Record<QualifiedRoom['status'], string> = { live: 'red', suspended: 'orange', scheduled: 'blue', ended: 'default' };

/** A room's state in the one name table of every page (the lot state's labels): 即将竞价, 竞价中, 已中止, 已成交, 流拍, 已终结, 已结束. */
const roomStateText = (room: QualifiedRoom): string => LISTING_STATUS_LABELS[lotStage(null, room)];

/**
 * An enrolment's next step with its countdown, from the one lot state the desk carries (the same rule as
 * the lot's page: 缴纳保证金 before the enrolment closes, then 距竞价开始, 距竞价结束 …).
 */
function NextStep({ lot }: { lot: MyLot | undefined }) {
  if (!lot) return <>—</>;
  const next = lotNextStep(lot.listing.lot, lot.listing.announcementEndTime, lot, Date.now());
  return (
    <span data-testid="enrolment-next-step">
      {next.label}
      {next.countdown && (
        <span className="uc-next-step__left">
          {next.countdown.label} <DeadlineCountdown deadline={next.countdown.deadline} over={next.countdown.label === '距报名截止' ? '报名已截止' : next.countdown.label === '距竞价开始' ? '竞价已开始' : '竞价已结束'} />
        </span>
      )}
    </span>
  );
}

function Enrolments({ current }: { current: number }) {
  const navigate = useNavigate();
  const query = useMyEnrolments(current, PAGE_SIZE);
  const { byAssets } = useMyLots();
  return (
    <QueryState query={query} isEmpty={(p) => p.total === 0} emptyHint="去交易中心报名感兴趣的项目吧">
      {(page) => (
        <>
          <Table<EnrolmentSummary>
            className={TABLE_CARDS}
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={page.records}
            // The columns' widths add up to the desktop's 950 px: in a narrower window the table scrolls sideways
            // with the project's name pinned at the left (without a width of its own it was squeezed to nothing);
            // on a phone each enrolment is a card (phone.css .table-cards).
            scroll={cardScroll(940)}
            columns={cardColumns<EnrolmentSummary>([
              { title: '项目名称', dataIndex: 'assetsName', width: 130, fixed: 'left', ellipsis: true, card: 'title', render: (v: string, r) => <ProjectLink project={{ assetsId: r.assetsId, projectType: null }}>{v}</ProjectLink> },
              { title: '报名时间', dataIndex: 'submitTime', width: 160 },
              { title: '保证金', dataIndex: 'depositAmount', width: 140, render: (v: number) => <Money yuan={v} /> },
              { title: '状态', dataIndex: 'statusText', width: 130, render: (v: string, r) => <Tag color={r.status === 'qualified' ? 'green' : r.status === 'rejected' ? 'red' : 'orange'}>{v}</Tag> },
              { title: '竞买号', dataIndex: 'bidCode', width: 90, render: (v: string | null) => v ?? '—' },
              { title: '下一步', key: 'next', width: 200, render: (_, r) => <NextStep lot={byAssets.get(r.assetsId)} /> },
              { title: '操作', key: 'op', width: 90, card: 'actions', render: (_, r) => <a href={`#/enrollDetail?id=${r.id}`}>查看详情</a> },
            ])}
          />
          {page.total > PAGE_SIZE && (
            <Pagination style={{ marginTop: 16 }} current={current} pageSize={PAGE_SIZE} total={page.total} showSizeChanger={false} onChange={(p) => void navigate({ href: `/myProject?current=${p}` })} />
          )}
        </>
      )}
    </QueryState>
  );
}

function Rooms() {
  const query = useMyRooms();
  return (
    <QueryState query={query} isEmpty={(rooms) => rooms.length === 0} emptyHint="报名并缴纳保证金后即可进入竞价室">
      {(rooms) => (
        <div aria-label="竞价室列表">
          {rooms.map((room) => (
            <div className="uc-room" key={room.activityId}>
              <div>
                <div className="uc-room__name">
                  <Tag color={ROOM_COLOUR[room.status]}>{roomStateText(room)}</Tag>
                  {room.assetsName}
                </div>
                <div className="uc-room__meta">
                  {room.startTime} 至 {room.endTime} · {room.status === 'ended' && room.outcome === 'sold' ? '成交价' : '当前价'} <Money yuan={room.currentPrice} />
                  {room.status !== 'ended' && (
                    <span className="uc-room__left" data-testid="room-time-left">
                      {' · '}
                      {room.status === 'live' ? '距竞价结束' : '距竞价开始'} <DeadlineCountdown deadline={room.status === 'live' ? room.endTime : room.startTime} over={room.status === 'live' ? '竞价已结束' : '竞价已开始'} />
                    </span>
                  )}
                </div>
              </div>
              <div className="uc-room__code">
                竞买号 <b>{room.bidCode}</b>
                <StandingTag standing={bidderStanding({ enrolled: true, bidCode: room.bidCode, myBidCount: room.myBidCount, mode: room.mode, status: room.status, outcome: room.outcome, leaderBidCode: room.leaderBidCode })!} />
              </div>
              <a href={`#/quoteHall?activityId=${room.activityId}`}>
                <Button type={room.status === 'live' || room.status === 'suspended' ? 'primary' : 'default'}>{room.status === 'ended' ? '查看结果' : '进入竞价室'}</Button>
              </a>
            </div>
          ))}
        </div>
      )}
    </QueryState>
  );
}

/** /myProject: 我的项目 — my enrolments; list=2 opens the bidding-room list (my qualified activities). */
export function MyProjectPage() {
  const { list, current = 1 } = useSearch({ from: '/_auth/myProject' });
  const navigate = useNavigate();
  const tab = list === 2 ? 'rooms' : 'enrolments';
  return (
    <UserCentreFrame title={tab === 'rooms' ? '我的竞价室' : '我的项目'} extra={tab === 'rooms' ? <a href="#/myWatch">在竞价看板中同时关注全部</a> : undefined}>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate({ href: key === 'rooms' ? '/myProject?list=2' : '/myProject' })}
        items={[
          { key: 'enrolments', label: '我的报名', children: tab === 'enrolments' ? <Enrolments current={current} /> : null },
          { key: 'rooms', label: '竞价室', children: tab === 'rooms' ? <Rooms /> : null },
        ]}
      />
    </UserCentreFrame>
  );
}
