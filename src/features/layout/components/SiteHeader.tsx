import { Button, Input } from 'antd';
import { Link, useNavigate } from '@tanstack/react-router';
import { session, useSession } from '@/lib/session';
import { logout } from '@/api/resources/logout';
import { SEARCH_PLACEHOLDER, SITE_INFO } from '../siteInfo';
import { ElderToggle } from './ElderToggle';
import { MessageBell } from './MessageBell';
import { SiteLogo } from './SiteLogo';
import { PhoneNavigation, TopNavigation } from './TopNavigation';

function TopBar() {
  const { user, isLoggedIn } = useSession();
  const token = isLoggedIn ? session.accessToken() : null;
  const navigate = useNavigate();
  const onLogout = async () => {
    await logout();
    await navigate({ to: '/login', search: {} });
  };

  return (
    <div className="site-topbar">
      <div className="site-topbar__inner">
        <span className="site-topbar__welcome">您好，欢迎来到{SITE_INFO.name}！</span>
        <ElderToggle />
        <span className="site-topbar__user" data-testid="header-user">
          {isLoggedIn ? (
            <>
              {token && <MessageBell token={token} />}
              <span className="site-topbar__name">{user?.name || user?.loginName}</span>
              <Button type="link" size="small" onClick={onLogout}>
                退出
              </Button>
            </>
          ) : (
            <>
              <Link to="/login" search={{}}>
                登录
              </Link>
              <span className="site-topbar__divider">|</span>
              <Link to="/register">注册</Link>
            </>
          )}
        </span>
        <span className="site-topbar__links">
          {SITE_INFO.backOffice.map((link) => (
            <a key={link.label} href={link.url} target="_blank" rel="noopener noreferrer">
              {link.label}
            </a>
          ))}
        </span>
      </div>
    </div>
  );
}

function HeaderSearch() {
  const navigate = useNavigate();
  return (
    <Input.Search
      className="site-header__search"
      placeholder={SEARCH_PLACEHOLDER}
      enterButton="搜索"
      size="large"
      maxLength={50}
      aria-label="项目搜索"
      onSearch={(value) => {
        const q = value.trim();
        void navigate({ to: '/project', search: q ? { q } : {} });
      }}
    />
  );
}

/** Full header: top bar, logo and search, and the server's navigation menu. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <TopBar />
      <div className="site-header__main">
        <SiteLogo />
        <PhoneNavigation />
        <HeaderSearch />
      </div>
      <TopNavigation />
    </header>
  );
}

/** Simple variant (login, registration, recovery): the logo and the page's title. */
export function SimpleHeader({ title }: { title: string }) {
  return (
    <header className="site-header site-header--simple">
      <TopBar />
      <div className="site-header__main">
        <SiteLogo />
        <h1 className="site-header__page-title">{title}</h1>
      </div>
    </header>
  );
}
