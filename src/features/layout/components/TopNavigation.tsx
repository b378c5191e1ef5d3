import { useState } from 'react';
import { Button, Drawer, Skeleton } from 'antd';
import { DownOutlined, MenuOutlined } from '@ant-design/icons';
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
          // The second level is a list under the entry, opened by CSS on hover and on keyboard focus inside it
          // (src/styles/global.css): antd's Dropdown brought its menu component (about 45 kB of script)
          // into every page's first load for this list of links.
          return (
            <li key={entry.id} className={`site-nav__item site-nav__item--parent${active}`}>
              <a {...navLinkProps(entry)}>
                {entry.navigationName} <DownOutlined className="site-nav__caret" />
              </a>
              <ul className="site-nav__submenu" aria-label={entry.navigationName}>
                {entry.children.map((child) => (
                  <li key={child.id}>
                    <a {...navLinkProps(child)}>{child.navigationName}</a>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The menu on a phone: a 导航 button in the header's logo row opening a drawer with every entry and its
 * second level written out (the bar of ten items does not fit 390 px; src/styles/global.css shows one or
 * the other by width). A choice closes the drawer.
 */
export function PhoneNavigation() {
  const { data, isError } = useNavigation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const entries = isError || !data ? [] : data;
  const close = () => setOpen(false);
  return (
    <>
      <Button className="site-nav-toggle" icon={<MenuOutlined />} aria-label="打开导航菜单" aria-expanded={open} onClick={() => setOpen(true)}>
        导航
      </Button>
      <Drawer title="导航" placement="right" size={300} open={open} onClose={close} className="site-nav-drawer">
        <nav aria-label="主导航（手机）">
          <ul className="site-nav-drawer__list">
            <li>
              <a href="#/index" onClick={close} aria-current={pathname === '/index' ? 'page' : undefined}>
                首页
              </a>
            </li>
            {entries
              .filter((entry) => entry.navigationUrl.split('?')[0] !== '/index')
              .map((entry) => (
                <li key={entry.id}>
                  <a {...navLinkProps(entry)} onClick={close} aria-current={isActive(entry, pathname) ? 'page' : undefined}>
                    {entry.navigationName}
                  </a>
                  {entry.children.length > 0 && (
                    <ul className="site-nav-drawer__children">
                      {entry.children.map((child) => (
                        <li key={child.id}>
                          <a {...navLinkProps(child)} onClick={close}>
                            {child.navigationName}
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
          </ul>
        </nav>
      </Drawer>
    </>
  );
}
