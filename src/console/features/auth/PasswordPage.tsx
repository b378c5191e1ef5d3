/** 修改密码: the member's own password (the server ends his other sessions). Rules from domain/rules/auth.ts. */
import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { PASSWORD_HINT, passwordRules } from '../../components/passwordRules';
import { useEncryptPassword } from '../../api/me';
import { postChangePassword } from './api';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  again: string;
}

export function PasswordPage() {
  const { message } = App.useApp();
  const encrypt = useEncryptPassword();
  const [form] = Form.useForm<PasswordValues>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async ({ oldPassword, newPassword }: PasswordValues) => {
    setBusy(true);
    setError(null);
    try {
      await postChangePassword(await encrypt(oldPassword), await encrypt(newPassword));
      form.resetFields();
      void message.success('密码已修改；其他设备上的登录已退出');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '修改失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="console-page">
      <h1 className="console-title">修改密码</h1>
      <Card style={{ maxWidth: 520 }}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form form={form} aria-label="修改密码" layout="vertical" onFinish={(values) => void submit(values)}>
          <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
            <Input.Password autoComplete="current-password" placeholder="请输入原密码" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label="新密码"
            extra={PASSWORD_HINT}
            rules={passwordRules}
          >
            <Input.Password autoComplete="new-password" placeholder="请输入新密码" />
          </Form.Item>
          <Form.Item
            name="again"
            label="确认新密码"
            dependencies={['newPassword']}
            rules={[
              { required: true, message: '请再次输入新密码' },
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) =>
                  !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的新密码不一致')),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" placeholder="请再次输入新密码" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            保存
          </Button>
        </Form>
      </Card>
    </div>
  );
}
