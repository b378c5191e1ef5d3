import { useEffect, useState } from 'react';
import { App, Popover } from 'antd';
import {
  ClockCircleOutlined,
  CustomerServiceOutlined,
  HeartOutlined,
  PhoneOutlined,
  ThunderboltOutlined,
  UpOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { FLOAT_PANEL_SCROLL_THRESHOLD_PX } from '#domain/rules/constants';
import { session } from '@/lib/session';
import { SITE_INFO } from '../siteInfo';
import { DepartmentPhones, ServiceHours } from './ContactInfo';

export const LOGIN_PROMPT = { title: '溫馨提示', content: '请先登录', okText: '去登录', cancelText: '取消' } as const;

/** The shortcuts that need a login, with the page each returns to after it. */
const PROTECTED_SHORTCUTS = [
  { key: 'usercenter', label: '用户中心', icon: <UserOutlined />, target: '/usercenterIndex' },
  { key: 'quote', label: '竞价室', icon: <ThunderboltOutlined />, target: '/myProject?list=2' },
  { key: 'collect', label: '我的收藏', icon: <HeartOutlined />, target: '/myCollect' },
] as const;

/** Entries that only show information, in a popover. */
const INFO_ENTRIES = [
  {
    key: 'contact',
    label: '联系我们',
    icon: <CustomerServiceOutlined />,
    content: (
      <>
        <DepartmentPhones />
        <p>邮箱：{SITE_INFO.email}</p>
      </>
    ),
  },
  { key: 'hours', label: '工作时间', icon: <ClockCircleOutlined />, content: <ServiceHours /> },
  {
    key: 'supervision',
    label: '监督电话',
    icon: <PhoneOutlined />,
    content: (
      <>
        <p>
          监督电话：<span className="tabular">{SITE_INFO.supervisionPhone}</span>
        </p>
        <p>
          投诉电话：<span className="tabular">{SITE_INFO.complaintPhone}</span>
        </p>
      </>
    ),
  },
] as const;

function useScrolledPast(px: number, enabled: boolean): boolean {
  // Read at the next frame, not while React draws the page: scrollY forces a layout of the whole page, which
  // in the middle of the first render made it one long task (bench:mobile); at the frame the layout is due anyway.
  const [past, setPast] = useState(!enabled);
  useEffect(() => {
    if (!enabled) {
      setPast(true);
      return;
    }
    const onScroll = () => setPast(window.scrollY > px);
    const firstCheck = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(firstCheck);
      window.removeEventListener('scroll', onScroll);
    };
  }, [px, enabled]);
  return past;
}

/**
 * The right-hand floating panel (spec section 2). On the home page it appears after 300 px of scroll;
 * elsewhere it is always there.
 */
export function FloatingPanel({ onHomePage }: { onHomePage: boolean }) {
  const visible = useScrolledPast(FLOAT_PANEL_SCROLL_THRESHOLD_PX, onHomePage);
  const { modal } = App.useApp();
  const navigate = useNavigate();

  const open = (target: string) => {
    if (session.isLoggedIn()) {
      void navigate({ href: target });
      return;
    }
    modal.confirm({
      ...LOGIN_PROMPT,
      onOk: () => navigate({ to: '/login', search: { redirect: target } }),
    });
  };

  return (
    <aside className={`float-panel${visible ? '' : ' float-panel--hidden'}`} aria-label="快捷入口" aria-hidden={!visible} inert={!visible}>
      <ul>
        {PROTECTED_SHORTCUTS.map((item) => (
          <li key={item.key}>
            <button type="button" aria-label={item.label} title={item.label} onClick={() => open(item.target)}>
              {item.icon}
              <span>{item.label}</span>
            </button>
          </li>
        ))}
        {INFO_ENTRIES.map((item) => (
          <li key={item.key}>
            <Popover placement="left" title={item.label} content={<div className="float-panel__popover">{item.content}</div>}>
              <button type="button" aria-label={item.label}>
                {item.icon}
                <span>{item.label}</span>
              </button>
            </Popover>
          </li>
        ))}
        <li>
          <button
            type="button"
            aria-label="返回顶部"
            title="返回顶部"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            <UpOutlined />
            <span>返回顶部</span>
          </button>
        </li>
      </ul>
    </aside>
  );
}
