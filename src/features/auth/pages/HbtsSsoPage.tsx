import { useEffect, useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import { Result } from '@/components/Result';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { loginWith } from '../login';
import { safeRedirect } from '../redirect';
import '@/styles/auth.css';

export const SSO_MISSING_TICKET = '统一身份认证票据不完整，请从统一身份认证平台重新进入';

type SsoState = { phase: 'working' } | { phase: 'failed'; message: string };

/**
 * /hbtsSso: the province's unified identity platform sends the user here with a ticket (userguid,
 * loginid, dognum, token); it is exchanged once (grant third_ticket) and then the login completes as
 * for a password login. Failures are shown on the page, with a way to the normal login.
 */
export function HbtsSsoPage() {
  const search = useSearch({ from: '/hbtsSso' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const complete = Boolean(search.userguid && search.loginid && search.dognum && search.token);
  const [state, setState] = useState<SsoState>(
    complete ? { phase: 'working' } : { phase: 'failed', message: SSO_MISSING_TICKET },
  );

  useEffect(() => {
    // A ticket is single use: exchange it once, even when React runs effects twice in development.
    if (started.current || !complete) return;
    started.current = true;
    const { userguid = '', loginid = '', dognum = '', token = '', redirect } = search;
    loginWith({ grant_type: 'third_ticket', scope: 'all', userguid, loginid, dognum, token }, queryClient).then(
      () => navigate({ href: safeRedirect(redirect), replace: true }),
      (error: unknown) =>
        setState({ phase: 'failed', message: error instanceof Error && error.message ? error.message : '统一身份认证登录失败' }),
    );
  }, [complete, navigate, queryClient, search]);

  return (
    <div className="auth-page">
      <section className="auth-card auth-card--result" aria-label="统一身份认证登录">
        {state.phase === 'working' ? (
          <div className="auth-card__working">
            <Spin size="large" />
            <p>正在通过统一身份认证平台登录，请稍候…</p>
          </div>
        ) : (
          <Result
            status="error"
            title="统一身份认证登录失败"
            subTitle={<span role="alert">{state.message}</span>}
            extra={
              <Button type="primary" onClick={() => void navigate({ to: '/login', search: {} })}>
                使用账号密码登录
              </Button>
            }
          />
        )}
      </section>
    </div>
  );
}
