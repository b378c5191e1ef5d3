import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

/** The frame of an account page: its title, a way back to the account overview, the content. */
export function AccountPanel({ title, back = true, children }: { title: string; back?: boolean; children: ReactNode }) {
  return (
    <section className="account-panel" aria-label={title}>
      <header className="account-panel__head">
        <h2>{title}</h2>
        {back && <Link to="/accountSafe">返回账户安全</Link>}
      </header>
      {children}
    </section>
  );
}
