/**
 * The portal's one HTTP client, configured for the console: the staff token, and the catalogue's effects
 * in console terms — a 401 ends the session and opens the console's login page (coming back afterwards),
 * a 403 says 无操作权限 and refreshes who the member is (his roles may have changed), messages through antd.
 * The 428 password request is the HTTP wrapper's (api/http.ts), not an effect.
 */
import type { MessageInstance } from 'antd/es/message/interface';
import type { QueryClient } from '@tanstack/react-query';
import { configureHttp } from '@/api/client';
import type { Effect } from '@/api/errorCatalogue';
import { meQueryOptions } from '../api/me';
import { onSessionEnded } from '../api/http';
import { staffSession } from '../session/staffSession';
import type { ConsoleRouter } from './router';

export const SESSION_ENDED_MESSAGE = '登录已失效，请重新登录';

export function connectConsoleHttp(router: ConsoleRouter, queryClient: QueryClient, message: MessageInstance): void {
  const onLoginPage = () => router.state.matches.some((match) => match.routeId === '/login');
  const toLogin = () => {
    const hadSession = staffSession.token() !== null;
    staffSession.clear();
    if (onLoginPage()) return;
    if (hadSession) void message.warning(SESSION_ENDED_MESSAGE);
    // Off the signed-in pages first, then forget their data (emptied under them, they would ask again).
    void router.navigate({ to: '/login', search: { redirect: router.state.location.href }, replace: true }).then(() => queryClient.clear());
  };
  onSessionEnded(toLogin);

  const runEffect = (effect: Effect) => {
    switch (effect.kind) {
      case 'none':
        return;
      case 'warning':
        void message.warning(effect.text);
        return;
      case 'error':
        void message.error(effect.text);
        return;
      case 'loginPrompt':
      case 'logoutToLogin':
      case 'clearAllToLogin':
        toLogin();
        return;
      case 'clearSession':
        staffSession.clear();
        return;
      case 'goIndex':
        void message.error('无操作权限');
        void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
        return;
    }
  };

  configureHttp({
    getAccessToken: staffSession.token,
    pageRequiresAuth: () => !onLoginPage(),
    runEffect,
  });
}
