import { Button, Pagination, Table, Tabs, Tag } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { ProjectLink } from '@/components/ProjectLink';
import { type EnrolmentSummary, type QualifiedRoom } from '#domain/contract/enrolment';
import { Money } from '@/components/Money';
import { useMyEnrolments } from '../api/get-my-enrolments';
import { useMyRooms } from '../api/get-my-rooms';

const PAGE_SIZE = 10;
const ROOM_STATUS: Record<QualifiedRoom['status'], { text: string; color: string }> = {
  live: { text: '竞价中', color: 'red' },
  scheduled: { text: '未开始', color: 'blue' },
  ended: { text: '已结束', color: 'default' },
};

function Enrolments({ current }: { current: number }) {
  const navigate = useNavigate();
  const query = useMyEnrolments(current, PAGE_SIZE);
  return (
    <QueryState query={query} isEmpty={(p) => p.total === 0} emptyHint="去交易中心报名感兴趣的项目吧">
      {(page) => (
        <>
          <Table<EnrolmentSummary>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={page.records}
            columns={[
              { title: '项目名称', dataIndex: 'assetsName', ellipsis: true, render: (v: string, r) => <ProjectLink project={{ assetsId: r.assetsId, projectType: null }}>{v}</ProjectLink> },
              { title: '报名时间', dataIndex: 'submitTime', width: 160 },
              { title: '保证金', dataIndex: 'depositAmount', width: 140, render: (v: number) => <Money yuan={v} /> },
              { title: '状态', dataIndex: 'statusText', width: 130, render: (v: string, r) => <Tag color={r.status === 'qualified' ? 'green' : r.status === 'rejected' ? 'red' : 'orange'}>{v}</Tag> },
              { title: '竞买号', dataIndex: 'bidCode', width: 90, render: (v: string | null) => v ?? '—' },
              { title: '操作', key: 'op', width: 90, render: (_, r) => <a href={`#/enrollDetail?id=${r.id}`}>查看详情</a> },
            ]}
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
                  <Tag color={ROOM_STATUS[room.status].color}>{ROOM_STATUS[room.status].text}</Tag>
                  {room.assetsName}
                </div>
                <div className="uc-room__meta">
                  {room.startTime} 至 {room.endTime} · 当前价 <Money yuan={room.currentPrice} />
                </div>
              </div>
              <div className="uc-room__code">
                竞买号 <b>{room.bidCode}</b>
              </div>
              <a href={`#/quoteHall?activityId=${room.activityId}`}>
                <Button type={room.status === 'live' ? 'primary' : 'default'}>{room.status === 'ended' ? '查看结果' : '进入竞价室'}</Button>
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
