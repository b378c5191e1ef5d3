import '@/styles/portal-content.css';
import { AdBanners } from './components/AdBanners';
import { BannerCarousel } from './components/BannerCarousel';
import { CategoryEntries } from './components/CategoryEntries';
import { HotInvestments } from './components/HotInvestments';
import { JudicialTable } from './components/JudicialTable';
import { KeyProjects } from './components/KeyProjects';
import { ListingTabs } from './components/ListingTabs';
import { NewsBlock } from './components/NewsBlock';
import { NewsCarousel } from './components/NewsCarousel';
import { NoticePanel } from './components/NoticePanel';
import { PartnerScroller } from './components/PartnerScroller';
import { PolicyColumn } from './components/PolicyColumn';
import { ProjectHall } from './components/ProjectHall';
import { SiteNotices } from './components/SiteNotices';
import { TopNews } from './components/TopNews';

/**
 * The home page (spec section 2), one coherent variant of the two readings:
 * banner (30 s) · picture news (3 s, ≤ 6) with top news (4) and site notices · category grid ·
 * trade listings (20 per tab) beside result/transaction notices and hot investments · ad banners ·
 * key recommendations (wide strip) · project hall with the live-bidding slot · judicial auctions beside
 * policies · the news block (modules by sourceType, 12 per tab) · partner logos.
 */
export function HomePage() {
  return (
    <div className="home">
      {/* The page's one h1 (the banner is pictures; every block below has its h2). */}
      <h1 className="visually-hidden">河北产权交易所首页</h1>
      <BannerCarousel />
      <div className="home-top">
        <NewsCarousel />
        <TopNews />
        <SiteNotices />
      </div>
      <CategoryEntries />
      <div className="home-row">
        <ListingTabs />
        <div className="home-column">
          <NoticePanel />
          <HotInvestments />
        </div>
      </div>
      <AdBanners />
      <KeyProjects />
      <ProjectHall />
      <div className="home-row">
        <JudicialTable />
        <PolicyColumn />
      </div>
      <NewsBlock />
      <PartnerScroller />
    </div>
  );
}
