import { Breadcrumb } from 'antd';
import { breadcrumbsOf, HOME_CRUMB } from '@/routes/meta';

/** The route title split at '>' (spec section 2), after a link home. */
export function Breadcrumbs({ title }: { title: string | undefined }) {
  const crumbs = breadcrumbsOf(title);
  return (
    <nav className="site-breadcrumbs" aria-label="当前位置">
      <span className="site-breadcrumbs__label">当前位置：</span>
      <Breadcrumb
        separator=">"
        items={[{ title: <a href="#/index">{HOME_CRUMB}</a> }, ...crumbs.map((crumb) => ({ title: crumb }))]}
      />
    </nav>
  );
}
