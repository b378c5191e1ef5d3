import '@/styles/hall.css';
import { memo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Tabs, Tag } from 'antd';
import { useSearchProjects } from '@/api/resources/search-projects';
import { QueryState } from '@/components/QueryState';
import { Price } from '@/components/Price';
import { ProjectLink } from '@/components/ProjectLink';
import { HALL_UPCOMING_SIZE } from '#domain/rules/constants';
import { listingStatusLabel } from '#domain/rules/listing';
import { useLiveList, useLiveListState, useLiveRemaining, useLiveRow, type LiveListStore, type LiveUpcomingRow } from '@/live';
import { LiveListGate } from '@/live/LiveListGate';
import { LiveBiddingTable } from './LiveBiddingTable';
import { LotPrice } from '@/components/LotPrice';

type UpcomingStore = LiveListStore<LiveUpcomingRow>;

function StartsIn({ store, id }: { store: UpcomingStore; id: number }) {
  return <td>{useLiveRemaining(store, id)}</td>;
}

const UpcomingRow = memo(function UpcomingRow({ store, id }: { store: UpcomingStore; id: number }) {
  const slice = useLiveRow(store, id);
  if (!slice) return null;
  const { row } = slice;
  return (
    <tr>
      <td className="listing-table__name">
        <ProjectLink project={row} title={row.assetsName}>
          {row.assetsName}
        </ProjectLink>
      </td>
      <td className="listing-table__price">
        <Price text={row.startPriceText} tooltip={row.startPriceTooltip} />
      </td>
      <td className="tabular">{row.startTimeText}</td>
      <StartsIn store={store} id={id} />
    </tr>
  );
});

function UpcomingRows({ store }: { store: UpcomingStore }) {
  const { ids } = useLiveListState(store);
  return (
    <table className="listing-table listing-table--upcoming">
      <thead>
        <tr>
          <th scope="col">项目名称</th>
          <th scope="col">起拍价</th>
          <th scope="col">开始时间</th>
          <th scope="col">距开始</th>
        </tr>
      </thead>
      <tbody>
        {ids.map((id) => (
          <UpcomingRow key={id} store={store} id={id} />
        ))}
      </tbody>
    </table>
  );
}

/** 即将竞价: the scheduled activities (upcoming-bid, 8), with a live countdown to their start. */
function UpcomingBidding() {
  const [retry, setRetry] = useState(0);
  const store = useLiveList('upcoming', { current: 1, size: HALL_UPCOMING_SIZE, retry: retry || undefined });
  return (
    <LiveListGate store={store} empty="暂无即将竞价的项目" onRetry={() => setRetry((n) => n + 1)}>
      <UpcomingRows store={store} />
    </LiveListGate>
  );
}

/** 正在报名: listings whose enrolment is open. */
function EnrollingRows() {
  const listings = useSearchProjects({ state: '正在报名', size: HALL_UPCOMING_SIZE, current: 1 });
  return (
    <QueryState query={listings} isEmpty={(page) => page.records.length === 0} emptyHint="暂无正在报名的项目">
      {(page) => (
        <table className="listing-table">
          <thead>
            <tr>
              <th scope="col">项目名称</th>
              <th scope="col">挂牌价格</th>
              <th scope="col">报名截止</th>
              <th scope="col">状态</th>
            </tr>
          </thead>
          <tbody>
            {page.records.map((asset) => (
              <tr key={asset.id}>
                <td className="listing-table__name">
                  <ProjectLink project={{ assetsId: asset.id, projectType: asset.projectType }} title={asset.assetsName}>
                    {asset.assetsName}
                  </ProjectLink>
                </td>
                <td className="listing-table__price">
                  <LotPrice asset={asset} />
                </td>
                <td className="tabular">{asset.announcementEndTime.slice(0, 10)}</td>
                <td>
                  <Tag>{listingStatusLabel(asset.state)}</Tag>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueryState>
  );
}

/** Project hall (spec section 2): the live bidding table, then upcoming bidding and open enrolment. */
export function ProjectHall() {
  return (
    <section className="home-panel home-hall" aria-labelledby="home-hall-title">
      <div className="home-panel__head">
        <h2 id="home-hall-title" className="home-panel__title">
          项目大厅
        </h2>
        <Link className="home-panel__title-more" to="/hall">
          竞价大厅 &gt;
        </Link>
      </div>
      <div className="home-hall__stack">
        <LiveBiddingTable />
        <Tabs
          className="home-hall__tabs"
          items={[
            { key: 'upcoming', label: '即将竞价', children: <UpcomingBidding /> },
            { key: 'enrolling', label: '正在报名', children: <EnrollingRows /> },
          ]}
        />
      </div>
    </section>
  );
}
