import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import { configureHttp } from '@/api/client';
import { NOT_LOGGED_IN_MESSAGE, type Effect } from '@/api/errorCatalogue';
import { session } from '@/lib/session';
import type { AppRouter } from './router';

/** Connects the HTTP client's catalogue effects to antd feedback, the session and the router. */
export function connectHttp(router: AppRouter, ui: { message: MessageInstance; modal: ModalApi }): void {
  const currentHref = () => router.state.location.href;
  const toLogin = (redirect?: string) =>
    void router.navigate({ to: '/login', search: redirect ? { redirect } : {}, replace: true });

  const runEffect = (effect: Effect) => {
    switch (effect.kind) {
      case 'none':
        return;
      case 'warning':
        void ui.message.warning(effect.text);
        return;
      case 'error':
        void ui.message.error(effect.text);
        return;
      case 'loginPrompt':
        ui.modal.confirm({
          title: NOT_LOGGED_IN_MESSAGE,
          content: '登录后才能使用该功能，是否现在登录？',
          okText: '去登录',
          cancelText: '取消',
          onOk: () => toLogin(currentHref()),
        });
        return;
      case 'logoutToLogin':
        session.clear();
        toLogin(currentHref());
        return;
      case 'clearSession':
        session.clear();
        return;
      case 'clearAllToLogin':
        session.clearAll();
        toLogin();
        return;
      case 'goIndex':
        void router.navigate({ to: '/index', replace: true });
        return;
    }
  };

  configureHttp({
    getAccessToken: session.accessToken,
    pageRequiresAuth: () => router.state.matches.some((match) => match.staticData.requiresAuth),
    runEffect,
  });
}
