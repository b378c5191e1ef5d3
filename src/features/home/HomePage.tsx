import '@/styles/portal-content.css';
import { WhenNear } from '@/components/WhenNear';
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
      {/* Below a phone's first screen (the heights are a phone's, measured at 390 px). */}
      <WhenNear height={200}>
        <CategoryEntries />
      </WhenNear>
      <WhenNear height={1900}>
        <div className="home-row">
          <ListingTabs />
          <div className="home-column">
            <NoticePanel />
            <HotInvestments />
          </div>
        </div>
      </WhenNear>
      <WhenNear height={140}>
        <AdBanners />
      </WhenNear>
      <WhenNear height={280}>
        <KeyProjects />
      </WhenNear>
      <WhenNear height={880}>
        <ProjectHall />
      </WhenNear>
      <WhenNear height={720}>
        <div className="home-row">
          <JudicialTable />
          <PolicyColumn />
        </div>
      </WhenNear>
      <WhenNear height={610}>
        <NewsBlock />
      </WhenNear>
      <WhenNear height={130}>
        <PartnerScroller />
      </WhenNear>
    </div>
  );
}
