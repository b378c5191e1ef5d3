import { useMemo } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { SessionKeepers } from '@/features/auth/components/SessionKeepers';
import { LiveProvider, type LiveClient } from '@/live';
import { isPhoneScreen } from '@/lib/viewport';
import { connectHttp } from './httpEffects';
import type { AppRouter } from './router';
import { useElderMode } from '@/lib/elderMode';
import { elderTheme, theme } from './theme';
import { VersionWatcher } from './VersionWatcher';

dayjs.locale('zh-cn');

// The component styles are prebuilt (main.tsx imports them): antd generates none at run time and only
// registers the theme's tokens as CSS variables. Tests render App without the stylesheet; nothing reads it.
const THEME = { ...theme, zeroRuntime: true };
const ELDER_THEME = { ...elderTheme, zeroRuntime: true };

/** Runs inside antd's App so message and modal carry the theme. */
function Shell({ router }: { router: AppRouter }) {
  const { message, modal } = AntdApp.useApp();
  // Connected while rendering, before the pages below: they ask the server from their own effects, which run
  // before this component's. (An effect and a second render for it made the first page a separate, unsliced
  // render: bench:mobile's blocking time.) Connecting again only replaces the same configuration.
  useMemo(() => connectHttp(router, { message, modal }), [router, message, modal]);
  return (
    <>
      <VersionWatcher />
      {/* Token refresh through the live worker, and the registration-agreement dialog. */}
      <SessionKeepers />
      <RouterProvider router={router} />
    </>
  );
}

/**
 * The providers every page runs in. Tests render this too, with their own router, query client and an
 * in-process live client instead of the worker.
 */
export function App({ router, queryClient, live }: { router: AppRouter; queryClient: QueryClient; live: LiveClient }) {
  const elder = useElderMode();
  return (
    <ConfigProvider locale={zhCN} theme={elder ? ELDER_THEME : THEME}>
      {/* A bidder watching many lots gets reminders and messages in bursts: never more than three toasts at
          once (the oldest goes), stacked beyond two — one on a phone — (they open on hover), at the bottom right where they
          cover neither the header nor, on a phone, the top of the page; the bidding room docks them in
          its own flow instead (components/PortalAlerts.tsx). */}
      <AntdApp notification={{ maxCount: 3, placement: 'bottomRight', stack: { threshold: isPhoneScreen() ? 1 : 2 } }}>
        <QueryClientProvider client={queryClient}>
          <LiveProvider client={live}>
            <Shell router={router} />
          </LiveProvider>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
