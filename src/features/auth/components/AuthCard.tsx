import type { ReactNode } from 'react';

/** The frame of the login, registration and recovery forms under the simple header. */
export function AuthCard({ title, extra, children, wide = false }: { title: string; extra?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className="auth-page">
      <section className={wide ? 'auth-card auth-card--wide' : 'auth-card'} aria-label={title}>
        <header className="auth-card__head">
          <h2 className="auth-card__title">{title}</h2>
          {extra && <div className="auth-card__extra">{extra}</div>}
        </header>
        {children}
      </section>
    </div>
  );
}
