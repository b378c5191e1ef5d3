import { Dropdown, Skeleton } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useLocation } from '@tanstack/react-router';
import type { NavigationEntry } from '#domain/contract/portal';
import { useNavigation } from '../api/get-navigation';
import { navLinkProps } from '../navLink';

function isActive(entry: NavigationEntry, pathname: string): boolean {
  if (entry.inStation !== 1) return false;
  const path = entry.navigationUrl.split('?')[0];
  return path === pathname || entry.children.some((child) => isActive(child, pathname));
}

/** The top menu loaded from the server, with second-level entries in a drop-down. */
export function TopNavigation() {
  const { data, isPending, isError } = useNavigation();
  const { pathname } = useLocation();

  if (isPending) {
    return (
      <nav className="site-nav" aria-label="主导航">
        <div className="site-nav__inner">
          <Skeleton.Input active size="small" style={{ width: 720 }} />
        </div>
      </nav>
    );
  }
  // Without the server's menu the header still offers the home page; the error was already shown.
  const entries = isError ? [] : data;

  return (
    <nav className="site-nav" aria-label="主导航">
      <ul className="site-nav__inner">
        {isError && (
          <li className="site-nav__item">
            <a href="#/index">首页</a>
          </li>
        )}
        {entries.map((entry) => {
          const active = isActive(entry, pathname) ? ' site-nav__item--active' : '';
          if (entry.children.length === 0) {
            return (
              <li key={entry.id} className={`site-nav__item${active}`}>
                <a {...navLinkProps(entry)}>{entry.navigationName}</a>
              </li>
            );
          }
          return (
            <li key={entry.id} className={`site-nav__item${active}`}>
              <Dropdown
                menu={{
                  items: entry.children.map((child) => ({
                    key: child.id,
                    label: <a {...navLinkProps(child)}>{child.navigationName}</a>,
                  })),
                }}
              >
                <a {...navLinkProps(entry)}>
                  {entry.navigationName} <DownOutlined className="site-nav__caret" />
                </a>
              </Dropdown>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
