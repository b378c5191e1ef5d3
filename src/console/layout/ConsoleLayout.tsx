/**
 * The signed-in frame: the header (工作系统, the member's name and roles, 修改密码, 退出), the side menu
 * (only what his permissions allow: menu.tsx), the page, the idle warning and the password dialog. A page
 * whose menu item he may not use shows 无操作权限 instead (the server would refuse its calls anyway).
 */
import { Suspense } from 'react';
import { Button, Layout, Menu, Space, Spin, Tooltip } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { STAFF_PATHS } from '#domain/contract/staff';
import { STAFF_ROLE_LABELS } from '#domain/rules/staff';
import { http } from '@/api/client';
import { useMe, usePermissions } from '../api/me';
import { mayUse, menuItemOf, visibleMenu } from '../menu';
import { staffSession } from '../session/staffSession';
import { IdleWarning } from './IdleWarning';
import { PasswordPrompt } from './PasswordPrompt';
import { ForbiddenPage } from './RouteStates';

export function ConsoleLayout() {
  const { data: me } = useMe();
  const held = usePermissions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const path = useRouterState({ select: (state) => state.matches.at(-1)?.fullPath ?? '/' });
  const groups = visibleMenu(held);
  const item = menuItemOf(path);
  const allowed = !item || mayUse(item, held);

  const logout = async () => {
    // The server ends the session; the browser forgets it whatever the answer.
    await http.post(STAFF_PATHS.logout, undefined, {}).catch(() => undefined);
    staffSession.clear();
    // Off the signed-in pages first: a cache emptied under them would have them ask again, token-less.
    await navigate({ to: '/login', search: {}, replace: true });
    queryClient.clear();
  };

  if (!me) return null;
  const selected = item?.to ?? path;
  return (
    <Layout className="console">
      <Layout.Header className="console-header">
        <Link to="/" className="console-brand">
          <span className="console-brand__mark" aria-hidden="true" />
          <span>河北产权交易所 · 工作系统</span>
        </Link>
        <Space size="middle" className="console-header__who">
          <span>
            <UserOutlined /> <strong>{me.staff.name}</strong>
            <span className="console-header__login">（{me.staff.loginName}）</span>
          </span>
          <span className="console-header__roles">角色：{me.staff.roles.map((role) => STAFF_ROLE_LABELS[role]).join('、')}</span>
          <Tooltip title="结束本次登录">
            <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
              退出
            </Button>
          </Tooltip>
        </Space>
      </Layout.Header>
      <Layout className="console-body">
        <Layout.Sider width={200} theme="light" className="console-sider">
          <nav aria-label="工作系统菜单">
            <Menu
              mode="inline"
              selectedKeys={[selected]}
              defaultOpenKeys={groups.map((group) => group.label)}
              items={groups.map((group) =>
                group.items.length === 1 && group.items[0]!.label === group.label
                  ? { key: group.items[0]!.to!, icon: group.icon, label: <Link to={group.items[0]!.to!}>{group.label}</Link> }
                  : {
                      key: group.label,
                      icon: group.icon,
                      label: group.label,
                      children: group.items.map((entry) => ({ key: entry.to!, label: <Link to={entry.to!}>{entry.label}</Link> })),
                    },
              )}
            />
          </nav>
        </Layout.Sider>
        <Layout.Content className="console-content">
          <Suspense fallback={<Spin />}>{allowed ? <Outlet /> : <ForbiddenPage />}</Suspense>
        </Layout.Content>
      </Layout>
      <IdleWarning idleMinutes={me.idleMinutes} onLogout={() => void logout()} />
      <PasswordPrompt />
    </Layout>
  );
}
