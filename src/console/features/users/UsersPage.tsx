/**
 * 用户: a portal user found by login name, name or phone (masked as the queues show people; every search is
 * in the audit trail), and 解除登录锁定 for one locked out by too many wrong passwords (what
 * `npm run ops -- user unlock` does).
 */
import { App, Input, Popconfirm, Button, Table, Tag, Typography } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { StaffUserItem } from '#domain/contract/staffQueues';
import { authStatusLabel } from '#domain/rules/auth';
import { QueryArea } from '../../layout/RouteStates';
import { useFoundUsers, useUnlock } from './api';

export function UsersPage() {
  const { q = '' } = useSearch({ from: '/staff/users' });
  const navigate = useNavigate({ from: '/users' });
  const found = useFoundUsers(q);
  const unlock = useUnlock();
  const { message } = App.useApp();
  const lift = async (user: StaffUserItem) => {
    try {
      await unlock.mutateAsync(user.loginName);
      void message.success(`已解除登录锁定：${user.loginName}`);
    } catch {
      // the client showed the server's text
    }
  };
  return (
    <div className="console-page">
      <h1 className="console-title">用户</h1>
      <Typography.Paragraph type="secondary">按登录名、姓名或手机号查找门户用户（每次查找记入操作日志）。密码错误次数过多被锁定的用户，核实身份后可解除锁定。</Typography.Paragraph>
      <Input.Search
        className="console-filters"
        aria-label="查找用户"
        placeholder="登录名、姓名或手机号"
        allowClear
        enterButton="查找"
        defaultValue={q}
        maxLength={32}
        style={{ width: 360 }}
        onSearch={(value) => void navigate({ search: value.trim() ? { q: value.trim() } : {} })}
      />
      {q === '' ? null : (
        <QueryArea query={found}>
          {(users) => (
            <Table<StaffUserItem>
              rowKey="id"
              dataSource={users}
              pagination={false}
              locale={{ emptyText: '没有找到用户' }}
              columns={[
                { title: '登录名', dataIndex: 'loginName', render: (t: string) => <span className="console-mono">{t}</span> },
                { title: '姓名 / 机构', dataIndex: 'name' },
                { title: '手机号', dataIndex: 'phone', render: (t: string) => <span className="tabular">{t}</span> },
                { title: '类型', dataIndex: 'userType', render: (t: number) => (t === 2 ? '机构' : '个人') },
                {
                  title: '实名认证',
                  dataIndex: 'authStatus',
                  render: (s: number) => {
                    const label = authStatusLabel(s);
                    return <Tag color={label.color}>{label.text}</Tag>;
                  },
                },
                { title: '账号', dataIndex: 'allowed', render: (allowed: boolean) => (allowed ? <Tag color="green">正常</Tag> : <Tag color="red">已停用</Tag>) },
                {
                  title: '操作',
                  render: (_, user) => (
                    <Popconfirm title={`解除 ${user.loginName} 的登录锁定？`} okText="解除" cancelText="取消" onConfirm={() => lift(user)}>
                      <Button size="small" aria-label={`解除登录锁定 ${user.loginName}`}>
                        解除登录锁定
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]}
            />
          )}
        </QueryArea>
      )}
    </div>
  );
}
