import { CategoryEntries } from './components/CategoryEntries';
import { ListingTabs } from './components/ListingTabs';
import { NewsPanel } from './components/NewsPanel';
import { NoticePanel } from './components/NoticePanel';

/**
 * Home page frame. The full block list of the spec (carousels, key recommendations, live bidding table,
 * partners…) belongs to the home-page and live-hall issues; this page shows the server's real listings,
 * notices and news.
 */
export function HomePage() {
  return (
    <div className="home">
      <section className="home-hero" aria-label="交易所简介">
        <div className="home-hero__text">
          <h1>阳光交易 · 公开透明 · 规范高效</h1>
          <p>河北省产权、国有资产、行政事业资产与司法拍卖的公开交易平台</p>
        </div>
        <CategoryEntries />
      </section>
      <div className="home-row">
        <ListingTabs />
        <NoticePanel />
      </div>
      <NewsPanel />
    </div>
  );
}
