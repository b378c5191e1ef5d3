import { useEffect, useState } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { connectHttp } from './httpEffects';
import type { AppRouter } from './router';
import { theme } from './theme';

dayjs.locale('zh-cn');

/** Runs inside antd's App so message and modal carry the theme. */
function Shell({ router }: { router: AppRouter }) {
  const { message, modal } = AntdApp.useApp();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    connectHttp(router, { message, modal });
    setReady(true);
  }, [router, message, modal]);
  return ready ? <RouterProvider router={router} /> : null;
}

/** The providers every page runs in; tests render this too, with their own router and query client. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntdApp>
        <QueryClientProvider client={queryClient}>
          <Shell router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
