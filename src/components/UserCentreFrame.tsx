import type { ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { WayBackContext, type WayBack } from '@/components/QueryState';
import '@/styles/enrolment.css';

/** The user centre's menu (spec section 2 auth routes): the pages built so far and the account pages. */
const MENU: { href: string; label: string; also?: string[] }[] = [
  { href: '/usercenterIndex', label: '用户中心首页' },
  { href: '/myProject', label: '我的项目' },
  { href: '/myProject?list=2', label: '竞价室' },
  { href: '/myWatch', label: '竞价看板' },
  { href: '/myDeposit', label: '我的保证金' },
  { href: '/projectSettlement', label: '项目结算' },
  { href: '/wallet/index', label: '我的钱包' },
  { href: '/accountFunds', label: '资金账户' },
  { href: '/myInvoice', label: '我的发票' },
  { href: '/myContract', label: '我的合同', also: ['/usercenter/contract/sign', '/edit', '/confirm', '/signatoryList', '/addSignatory', '/onlineEdit'] },
  { href: '/myMessage', label: '我的消息' },
  { href: '/myCollect', label: '我的收藏' },
  { href: '/myFiles', label: '我的文件', also: ['/usercenter/files/children', '/usercenter/files/list'] },
  { href: '/shensuRecord', label: '申诉记录' },
  { href: '/myService', label: '我的服务', also: ['/myServiceDetail', '/demandDetail'] },
  // The verification's own page: its state, what was sent, the reason of a refusal, and 去认证 while none was sent.
  { href: '/realNamePersonInfo', label: '实名认证', also: ['/realNamePerson', '/realNameOrg', '/membershipReason'] },
  { href: '/accountSafe', label: '账户安全' },
];

/** A user-centre page that cannot show what was asked for leads back to the user centre, not the home page. */
const USER_CENTRE_WAY_BACK: WayBack = { href: '#/usercenterIndex', label: '返回用户中心' };

/** The frame of a user-centre page: the menu on the left, the page's title and content on the right. */
export function UserCentreFrame({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const href = useRouterState({ select: (s) => s.location.href });
  const pathname = href.split('?')[0];
  const current = MENU.filter(
    (m) => href === m.href || href.startsWith(`${m.href}?`) || (m.href === '/myProject' && href === '/myProject?list=1') || (m.also ?? []).includes(pathname ?? ''),
  )
    .map((m) => m.href)
    .pop();
  return (
    <div className="uc">
      <nav className="uc__menu" aria-label="用户中心菜单">
        <div className="uc__menu-title">用户中心</div>
        {MENU.map((m) => (
          <a key={m.href} href={`#${m.href}`} className={m.href === current ? 'uc__menu-item uc__menu-item--active' : 'uc__menu-item'} aria-current={m.href === current ? 'page' : undefined}>
            {m.label}
          </a>
        ))}
      </nav>
      <section className="uc__main" aria-label={title}>
        <header className="uc__head">
          <h1>{title}</h1>
          {extra}
        </header>
        <WayBackContext.Provider value={USER_CENTRE_WAY_BACK}>{children}</WayBackContext.Provider>
      </section>
    </div>
  );
}
