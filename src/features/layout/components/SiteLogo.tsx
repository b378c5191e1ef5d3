import { Link } from '@tanstack/react-router';
import { SITE_INFO } from '../siteInfo';

/** The exchange's mark, drawn inline so the portal needs no image from elsewhere; it links the home page. */
export function SiteLogo() {
  return (
    <Link to="/index" className="site-logo">
      <svg className="site-logo__mark" viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="24" r="23" fill="#b71c1c" />
        <path d="M12 30 L24 12 L36 30 Z" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
        <rect x="14" y="32" width="20" height="4" rx="1" fill="#ffd54f" />
      </svg>
      <span className="site-logo__text">
        <span className="site-logo__name">{SITE_INFO.name}</span>
        <span className="site-logo__english">{SITE_INFO.englishName}</span>
      </span>
      {/* The link's name is what it shows (a screen reader hears the same words a sighted user reads), then where it goes. */}
      <span className="visually-hidden">首页</span>
    </Link>
  );
}
