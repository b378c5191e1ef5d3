import { useState } from 'react';
import { Alert, App as AntdApp, Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { logout } from '@/api/resources/logout';
import { updatePassword } from '../api/post-update-password';
import { PasswordStrengthMeter } from '../components/PasswordStrengthMeter';
import { encryptWithServerKey } from '../login';
import { confirmPasswordRules, newPasswordRules, PASSWORD_MESSAGES } from '../rules';
import '@/styles/auth.css';

interface UpdatePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export const PASSWORD_CHANGED = '密码修改成功，请使用新密码重新登录';

/**
 * /updatePassWord: old, new and confirmation. On success the server ends the user's other sessions;
 * this one ends too (logout), and the user logs in again with the new password.
 */
export function UpdatePasswordPage() {
  const [form] = Form.useForm<UpdatePasswordValues>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = AntdApp.useApp();
  const newPassword = Form.useWatch('newPassword', form);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: UpdatePasswordValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const [oldPassword, encryptedNew] = await Promise.all([
        encryptWithServerKey(values.oldPassword, queryClient),
        encryptWithServerKey(values.newPassword, queryClient),
      ]);
      await updatePassword({ oldPassword, newPassword: encryptedNew });
      void message.success(PASSWORD_CHANGED);
      await logout();
      await navigate({ to: '/login', search: {}, replace: true });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : '密码修改失败，请稍后重试');
      setSubmitting(false);
    }
  };

  return (
    <section className="account-panel" aria-label="修改密码">
      <header className="account-panel__head">
        <h2>修改密码</h2>
        <Link to="/accountSafe">返回账户安全</Link>
      </header>
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: '1' }}
        size="large"
        className="account-form"
        onFinish={(values) => void onFinish(values)}
        aria-label="修改密码"
      >
        {error && <Alert className="auth-form__error" type="error" showIcon title={error} role="alert" />}
        <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="请输入原密码" autoComplete="current-password" maxLength={64} />
        </Form.Item>
        <Form.Item label="新密码" required>
          <Form.Item
            name="newPassword"
            noStyle
            dependencies={['oldPassword']}
            rules={[
              ...newPasswordRules,
              ({ getFieldValue }) => ({
                validator: (_rule, value: unknown) =>
                  !value || value !== getFieldValue('oldPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error(PASSWORD_MESSAGES.sameAsOld)),
              }),
            ]}
          >
            <Input.Password prefix={<LockOutlined />} placeholder="8-64位，建议包含大小写字母、数字和符号" autoComplete="new-password" maxLength={64} />
          </Form.Item>
          <PasswordStrengthMeter password={newPassword} />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirm" dependencies={['newPassword']} rules={confirmPasswordRules('newPassword')}>
          <Input.Password prefix={<LockOutlined />} placeholder="请再次输入新密码" autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Alert type="info" showIcon title="修改成功后，您在其他设备上的登录将全部失效，本机也需要重新登录。" />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={submitting}>
            确认修改
          </Button>
        </Form.Item>
      </Form>
    </section>
  );
}
