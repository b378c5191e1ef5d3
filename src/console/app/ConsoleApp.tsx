/** The providers every console page runs in: antd (zh_CN, the console theme), TanStack Query, the live worker and the Router. Tests render this too. */
import { useEffect, useState } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { LiveProvider, type LiveClient } from '@/live';
import { connectConsoleHttp } from './httpEffects';
import type { ConsoleRouter } from './router';
import { consoleTheme } from './theme';
import '../console.css';

dayjs.locale('zh-cn');

function Shell({ router, queryClient }: { router: ConsoleRouter; queryClient: QueryClient }) {
  const { message } = AntdApp.useApp();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    connectConsoleHttp(router, queryClient, message);
    setReady(true);
  }, [router, queryClient, message]);
  return ready ? <RouterProvider router={router} /> : null;
}

/**
 * `live`: the portal's live worker (竞价监控 streams the hall's rows from it, as the public hall does).
 * Messages open below the header and a drawer's title bar (56 px each), so a result never covers the
 * drawer's 关闭 or the member's name.
 */
export function ConsoleApp({ router, queryClient, live }: { router: ConsoleRouter; queryClient: QueryClient; live: LiveClient }) {
  return (
    <ConfigProvider locale={zhCN} theme={consoleTheme}>
      <AntdApp message={{ maxCount: 3, top: 64 }}>
        <QueryClientProvider client={queryClient}>
          <LiveProvider client={live}>
            <Shell router={router} queryClient={queryClient} />
          </LiveProvider>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
