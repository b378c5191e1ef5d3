/**
 * 工作人员 (管理员): the exchange's staff accounts — create one (login name, name, roles with their duties,
 * an initial password), change the name and roles, disable or enable (his sessions end), set a new password.
 * Roles and duties come from domain/rules/staff.ts; the server refuses what breaks its rules (a taken login
 * name, a weak password, disabling oneself) and the page shows its text.
 */
import { useState } from 'react';
import { App, Button, Checkbox, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { StaffMember } from '#domain/contract/staff';
import { STAFF_LOGIN_PATTERN, STAFF_ROLE_DUTIES, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '#domain/rules/staff';
import { useMe } from '../../api/me';
import { PASSWORD_HINT, passwordRules } from '../../components/passwordRules';
import { QueryArea } from '../../layout/RouteStates';
import { useCreateMember, useResetPassword, useStaffList, useUpdateMember, type NewMember } from './api';

const roleRules = [{ required: true, type: 'array' as const, min: 1, message: '请至少选择一个角色' }];

function RoleChoices() {
  return (
    <Form.Item name="roles" label="角色" rules={roleRules}>
      <Checkbox.Group className="role-choices">
        {STAFF_ROLES.map((role) => (
          <Checkbox key={role} value={role}>
            <strong>{STAFF_ROLE_LABELS[role]}</strong>
            <span className="role-choices__duty">{STAFF_ROLE_DUTIES[role]}</span>
          </Checkbox>
        ))}
      </Checkbox.Group>
    </Form.Item>
  );
}

function CreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const create = useCreateMember();
  const [form] = Form.useForm<NewMember>();
  const submit = async () => {
    const values = await form.validateFields();
    const member = await create.mutateAsync({ ...values, loginName: values.loginName.trim(), name: values.name.trim() });
    void message.success(`已新增工作人员 ${member.name}（${member.loginName}）`);
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title="新增工作人员"
      okText="新增"
      cancelText="取消"
      width={620}
      confirmLoading={create.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" aria-label="新增工作人员" initialValues={{ roles: [] }}>
        <Space size="middle" style={{ display: 'flex' }} align="start">
          <Form.Item
            name="loginName"
            label="登录名"
            style={{ width: 260 }}
            rules={[
              { required: true, message: '请输入登录名' },
              { pattern: STAFF_LOGIN_PATTERN, message: '字母开头，字母、数字或下划线，3–32 位' },
            ]}
          >
            <Input placeholder="如 op_zhang" autoComplete="off" />
          </Form.Item>
          <Form.Item name="name" label="姓名" style={{ width: 260 }} rules={[{ required: true, whitespace: true, message: '请输入姓名' }, { max: 20, message: '姓名最多 20 个字' }]}>
            <Input placeholder="真实姓名" autoComplete="off" />
          </Form.Item>
        </Space>
        <RoleChoices />
        <Form.Item name="password" label="初始密码" rules={passwordRules} extra={`${PASSWORD_HINT}。请当面或电话告知本人，首次登录后修改。`}>
          <Input.Password placeholder="初始密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function EditDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const { message } = App.useApp();
  const update = useUpdateMember();
  const [form] = Form.useForm<{ name: string; roles: StaffRole[] }>();
  const submit = async () => {
    const values = await form.validateFields();
    await update.mutateAsync({ id: member!.id, name: values.name.trim(), roles: values.roles });
    void message.success('已保存');
    onClose();
  };
  return (
    <Modal
      open={member !== null}
      title={member ? `编辑工作人员：${member.loginName}` : ''}
      okText="保存"
      cancelText="取消"
      width={620}
      confirmLoading={update.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {member && (
        <Form form={form} layout="vertical" aria-label="编辑工作人员" initialValues={{ name: member.name, roles: member.roles }}>
          <Form.Item name="name" label="姓名" style={{ width: 260 }} rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}>
            <Input />
          </Form.Item>
          <RoleChoices />
          <Typography.Text type="secondary">角色变更后立即生效；本人需刷新页面才能看到新的菜单。</Typography.Text>
        </Form>
      )}
    </Modal>
  );
}

function ResetDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const { message } = App.useApp();
  const reset = useResetPassword();
  const [form] = Form.useForm<{ password: string }>();
  const submit = async () => {
    const { password } = await form.validateFields();
    await reset.mutateAsync({ id: member!.id, password });
    void message.success(`已重置 ${member!.name} 的密码，其登录已退出`);
    onClose();
  };
  return (
    <Modal
      open={member !== null}
      title={member ? `重置密码：${member.name}（${member.loginName}）` : ''}
      okText="重置"
      cancelText="取消"
      confirmLoading={reset.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" aria-label="重置密码">
        <Form.Item name="password" label="新密码" rules={passwordRules} extra={`${PASSWORD_HINT}。重置后其所有登录立即退出。`}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function StaffPage() {
  const { message } = App.useApp();
  const { data: me } = useMe();
  const list = useStaffList();
  const update = useUpdateMember();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [resetting, setResetting] = useState<StaffMember | null>(null);

  const toggle = async (member: StaffMember) => {
    try {
      await update.mutateAsync({ id: member.id, disabled: !member.disabled });
      void message.success(member.disabled ? `已启用 ${member.name}` : `已停用 ${member.name}，其登录已退出`);
    } catch {
      // the client showed the server's text
    }
  };

  const columns: TableColumnsType<StaffMember> = [
    { title: '登录名', dataIndex: 'loginName', width: 140, render: (login: string) => <span className="console-mono">{login}</span> },
    { title: '姓名', dataIndex: 'name', width: 110 },
    {
      title: '角色',
      dataIndex: 'roles',
      render: (roles: StaffRole[]) =>
        roles.map((role) => (
          <Tag key={role} color="blue" variant="outlined">
            {STAFF_ROLE_LABELS[role]}
          </Tag>
        )),
    },
    { title: '状态', dataIndex: 'disabled', width: 80, render: (disabled: boolean) => (disabled ? <Tag>已停用</Tag> : <Tag color="green">正常</Tag>) },
    { title: '最近登录', dataIndex: 'lastLoginTime', width: 170, render: (time: string | null) => <span className="tabular">{time ?? '从未登录'}</span> },
    { title: '创建时间', dataIndex: 'createTime', width: 170, render: (time: string) => <span className="tabular">{time}</span> },
    {
      title: '操作',
      width: 230,
      render: (_, member) => {
        const self = member.id === me?.staff.id;
        return (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => setEditing(member)}>
              编辑
            </Button>
            <Button type="link" size="small" onClick={() => setResetting(member)}>
              重置密码
            </Button>
            {self ? (
              <Typography.Text type="secondary">本人</Typography.Text>
            ) : (
              <Popconfirm
                title={member.disabled ? `启用 ${member.name}？` : `停用 ${member.name}？`}
                description={member.disabled ? undefined : '停用后其登录立即退出，不能再登录'}
                okText={member.disabled ? '启用' : '停用'}
                cancelText="取消"
                onConfirm={() => toggle(member)}
              >
                <Button type="link" size="small" danger={!member.disabled}>
                  {member.disabled ? '启用' : '停用'}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div className="console-page">
      <div className="console-page__head">
        <h1 className="console-title">工作人员</h1>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新增工作人员
        </Button>
      </div>
      <QueryArea query={list}>
        {(members) => (
          <Table<StaffMember>
            rowKey="id"
            columns={columns}
            dataSource={members}
            pagination={false}
            rowClassName={(member) => (member.disabled ? 'console-row--disabled' : '')}
            locale={{ emptyText: '暂无工作人员' }}
          />
        )}
      </QueryArea>
      <CreateDialog open={creating} onClose={() => setCreating(false)} />
      <EditDialog member={editing} onClose={() => setEditing(null)} />
      <ResetDialog member={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}
