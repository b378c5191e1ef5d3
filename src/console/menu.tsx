/**
 * The console's menu as one table: item → the permissions that show it → its route. The side menu shows an
 * item when the member holds one of its permissions (StaffMe.permissions, from domain/rules/staff.ts) and
 * the item has a route; the layout refuses a page whose item the member may not see (the server refuses
 * its calls anyway: the console only hides what the server already refuses).
 *
 * Items without `to` are the areas being built elsewhere (their server routes are not there yet): they stay
 * hidden until their feature folder and route exist. To add one: write src/console/features/<area>/ (api.ts,
 * the page, route.tsx), add its route to app/router.ts and set `to` here. `queue` links a dashboard card
 * (STAFF_PATHS.queues) to the item's page.
 */
import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  DashboardOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { RegisteredRouter } from '@tanstack/react-router';
import type { QueueKey } from '#domain/contract/staff';
import { FOUR_EYES_KINDS, type StaffPermission } from '#domain/rules/staff';

/** A console page's path (the registered route tree's: app/router.ts). */
export type ConsolePath = keyof RegisteredRouter['routesByPath'] & string;

export interface MenuItem {
  label: string;
  /** Shown to a member holding any of these; null: to every signed-in member. */
  permissions: readonly StaffPermission[] | null;
  /** The page; absent while the area's feature does not exist yet (then the item is hidden). */
  to?: ConsolePath;
  /** The work queue whose dashboard card opens this page. */
  queue?: QueueKey;
}

export interface MenuGroup {
  label: string;
  icon: ReactNode;
  items: readonly MenuItem[];
}

const FOUR_EYES_PERMISSIONS = [...new Set(Object.values(FOUR_EYES_KINDS).map((kind) => kind.permission))];

export const CONSOLE_MENU: readonly MenuGroup[] = [
  { label: '工作台', icon: <DashboardOutlined />, items: [{ label: '工作台', permissions: null, to: '/' }] },
  {
    label: '审核',
    icon: <SafetyCertificateOutlined />,
    items: [
      { label: '待复核', permissions: FOUR_EYES_PERMISSIONS, to: '/approvals', queue: 'approval' },
      { label: '实名认证', permissions: ['realName.review'], to: '/real-name', queue: 'realName' },
      { label: '报名审核', permissions: ['enrolment.review'], to: '/enrolment', queue: 'enrolment' },
      { label: '保证金凭证', permissions: ['depositProof.review'], to: '/deposit-proofs', queue: 'depositProof' },
      { label: '签章申请', permissions: ['seal.review'], to: '/seals', queue: 'sealApplication' },
      { label: '申诉', permissions: ['appeal.handle'], to: '/appeals', queue: 'appeal' },
      { label: '用户', permissions: ['realName.review'], to: '/users' },
    ],
  },
  {
    label: '交易',
    icon: <ThunderboltOutlined />,
    items: [
      { label: '项目', permissions: ['lot.edit', 'lot.publish'], to: '/lots' },
      { label: '路演', permissions: ['roadshow.edit'], to: '/roadshows' },
      { label: '竞价活动', permissions: ['activity.edit'], to: '/auctions' },
      { label: '竞价监控', permissions: ['floor.run'], to: '/floor' },
      { label: '结果公告', permissions: ['result.publish'], to: '/results' },
      { label: '合同', permissions: ['contract.seal'], to: '/contracts' },
      { label: '投资需求', permissions: ['demand.answer'], to: '/demands', queue: 'demand' },
    ],
  },
  {
    label: '财务',
    icon: <AccountBookOutlined />,
    items: [
      { label: '转账凭证', permissions: ['transfer.confirm'], to: '/transfer-proofs', queue: 'transferProof' },
      { label: '提现', permissions: ['withdrawal.pay'], to: '/withdrawals', queue: 'withdrawal' },
      { label: '结算与付款', permissions: ['deal.settle', 'deal.payout'], to: '/settlement', queue: 'settlement' },
      { label: '发票', permissions: ['invoice.issue'], to: '/invoices', queue: 'invoice' },
      { label: '保证金', permissions: ['deposit.forfeit'], to: '/deposits' },
      { label: '资金流水', permissions: ['ledger.view'], to: '/ledger' },
    ],
  },
  { label: '内容', icon: <NotificationOutlined />, items: [{ label: '新闻与公告', permissions: ['content.edit'], to: '/content' }] },
  {
    label: '系统',
    icon: <SettingOutlined />,
    items: [
      { label: '操作日志', permissions: ['audit.view'], to: '/audit' },
      { label: '工作人员', permissions: ['staff.manage'], to: '/staff' },
      { label: '验证签名', permissions: null, to: '/verify' },
      { label: '修改密码', permissions: null, to: '/password' },
    ],
  },
];

export function mayUse(item: Pick<MenuItem, 'permissions'>, held: ReadonlySet<StaffPermission>): boolean {
  return item.permissions === null || item.permissions.some((permission) => held.has(permission));
}

/** The menu as the member sees it: items with a page he may use, groups with at least one such item. */
export function visibleMenu(held: ReadonlySet<StaffPermission>): MenuGroup[] {
  return CONSOLE_MENU.map((group) => ({ ...group, items: group.items.filter((item) => item.to !== undefined && mayUse(item, held)) })).filter(
    (group) => group.items.length > 0,
  );
}

/** The menu item of a page (by its route path), if it has one. */
export function menuItemOf(path: string): MenuItem | undefined {
  return CONSOLE_MENU.flatMap((group) => group.items).find((item) => item.to === path);
}

/** The page a work queue's dashboard card opens, when that page exists. */
export function pageOfQueue(queue: QueueKey): MenuItem | undefined {
  return CONSOLE_MENU.flatMap((group) => group.items).find((item) => item.queue === queue && item.to !== undefined);
}
