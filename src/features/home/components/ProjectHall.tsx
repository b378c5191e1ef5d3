import { Link } from '@tanstack/react-router';
import { Button, Tabs, Tag } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { QueryState } from '@/components/QueryState';
import { Price } from '@/components/Price';
import { BIDDING_TABLE_HEIGHT_PX, HALL_UPCOMING_SIZE } from '@/domain/constants';
import { listingPriceDisplay, listingStatusLabel } from '@/domain/listing';
import { useListings } from '../api/get-listings';
import { assetHref } from '../links';

/** The hall's tabs: listings whose enrolment has closed (bidding next) and those still enrolling. */
const HALL_TABS = [
  { key: 'upcoming', label: '即将竞价', state: '报名已截止', dateLabel: '报名截止' },
  { key: 'enrolling', label: '正在报名', state: '正在报名', dateLabel: '报名截止' },
] as const;

function HallRows({ state }: { state: string }) {
  const listings = useListings({ state, size: HALL_UPCOMING_SIZE });
  return (
    <QueryState query={listings} isEmpty={(page) => page.records.length === 0} emptyHint="暂无即将竞价的项目">
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
                  <a href={assetHref(asset)} title={asset.assetsName}>
                    {asset.assetsName}
                  </a>
                </td>
                <td className="listing-table__price">
                  <Price {...listingPriceDisplay(asset)} />
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

/**
 * The place of the live bidding table (spec section 2: project name, organiser, remaining time, current
 * price, premium rate; 380 px, auto-scrolling, linking to /hall). Its rows are live data from the
 * bidding hall's worker streams, which the live-hall issue builds; until then this slot says so
 * instead of showing made-up rows.
 */
export function LiveBiddingSlot() {
  return (
    <aside className="live-slot" style={{ height: BIDDING_TABLE_HEIGHT_PX }} aria-labelledby="live-slot-title" data-testid="live-bidding-slot">
      <h3 id="live-slot-title" className="live-slot__title">
        <ThunderboltOutlined /> 正在竞价
      </h3>
      <p className="live-slot__text">正在竞价的标的、剩余时间、当前价和溢价率将在此实时显示。</p>
      <p className="live-slot__hint">实时竞价数据由竞价大厅提供，竞价大厅上线后自动接入。</p>
      <Button type="primary" href="#/hall">
        进入竞价大厅
      </Button>
    </aside>
  );
}

/** Project hall (spec section 2): bidding (the live slot) and upcoming bidding. */
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
      <div className="home-hall__body">
        <Tabs
          className="home-hall__tabs"
          items={HALL_TABS.map((tab) => ({ key: tab.key, label: tab.label, children: <HallRows state={tab.state} /> }))}
        />
        <LiveBiddingSlot />
      </div>
    </section>
  );
}
