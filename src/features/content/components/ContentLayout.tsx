import type { ReactNode } from 'react';

export interface SideItem {
  key: string;
  label: string;
  href: string;
  active: boolean;
}

/** A column page: the column's menu on the left, the content on the right. */
export function ContentLayout({ title, items, children, aside }: { title: string; items: SideItem[]; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="content-layout">
      <aside className="content-side" aria-label={`${title}栏目`}>
        <h2 className="content-side__title">{title}</h2>
        {items.length > 0 && (
        <ul className="content-side__menu">
          {items.map((item) => (
            <li key={item.key}>
              <a href={item.href} className={item.active ? 'is-active' : undefined} aria-current={item.active ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        )}
        {aside}
      </aside>
      <section className="content-main">{children}</section>
    </div>
  );
}

export function ContentTitle({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  return (
    <div className="content-main__head">
      <h1 className="content-title">{children}</h1>
      {extra}
    </div>
  );
}
