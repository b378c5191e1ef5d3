import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useMatches } from '@tanstack/react-router';
import { applyViewport, isPhoneScreen } from '@/lib/viewport';
import { documentTitleOf } from '@/routes/meta';
import { Breadcrumbs } from './Breadcrumbs';
import { DemoNotice } from './DemoNotice';
import { DeskAlerts } from './DeskAlerts';
import { FloatingPanel } from './FloatingPanel';
import { LotReminders } from './LotReminders';
import { SiteFooter } from './SiteFooter';
import { SimpleHeader, SiteHeader } from './SiteHeader';

/** The page frame: the 演示环境 notice (demo installs), header (full or simple), breadcrumbs, the page, footer and floating panel. */
export function RootLayout() {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const title = leaf?.staticData.title;
  const simple = Boolean(leaf?.staticData.simpleHeader);
  const onHomePage = leaf?.fullPath === '/index';
  // Every page lays out at a phone's width; on a tablet only the live pages do, the rest is the desktop layout, scaled.
  const fluid = Boolean(leaf?.staticData.fluid) || isPhoneScreen();
  useLayoutEffect(() => {
    applyViewport(fluid);
  }, [fluid]);

  useEffect(() => {
    document.title = documentTitleOf(title);
  }, [title]);

  return (
    <div className="site">
      <DemoNotice />
      {simple ? <SimpleHeader title={title ?? ''} /> : <SiteHeader />}
      <main className="site-main">
        {!onHomePage && !simple && title && <Breadcrumbs title={title} />}
        <Outlet />
      </main>
      <SiteFooter />
      <FloatingPanel onHomePage={onHomePage} />
      <DeskAlerts />
      <LotReminders />
    </div>
  );
}
