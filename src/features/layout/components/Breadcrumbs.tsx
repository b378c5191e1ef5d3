import { breadcrumbsOf, HOME_CRUMB } from '@/routes/meta';

/**
 * The route title split at '>' (spec section 2), after a link home. A list of its own, not antd's
 * Breadcrumb: that one draws a drop-down per item, and brought antd's menu (about 45 kB of script) into
 * every page's first load.
 */
export function Breadcrumbs({ title }: { title: string | undefined }) {
  const crumbs = breadcrumbsOf(title);
  return (
    <nav className="site-breadcrumbs" aria-label="当前位置">
      <span className="site-breadcrumbs__label">当前位置：</span>
      <ol className="site-breadcrumbs__trail">
        <li>
          <a href="#/index">{HOME_CRUMB}</a>
        </li>
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb}`} aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
            {crumb}
          </li>
        ))}
      </ol>
    </nav>
  );
}
