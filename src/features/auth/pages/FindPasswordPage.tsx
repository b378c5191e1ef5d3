import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Result } from '@/components/Result';
import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { AUTH_PATHS, SMS_PURPOSES } from '#domain/contract/auth';
import { forgetPassword } from '../api/post-forget-password';
import { AuthCard } from '../components/AuthCard';
import { useCaptcha } from '@/components/CaptchaInput';
import { PasswordStrengthMeter } from '../components/PasswordStrengthMeter';
import { PhoneVerificationFields } from '../components/PhoneVerificationFields';
import { encryptWithServerKey } from '../login';
import { confirmPasswordRules, newPasswordRules } from '../rules';
import '@/styles/auth.css';

interface FindPasswordValues {
  phone: string;
  captcha: string;
  smsCode: string;
  newPassword: string;
  confirm: string;
}

/** /findPassword: phone + image captcha + SMS code (2002) + the new password twice. */
export function FindPasswordPage() {
  const [form] = Form.useForm<FindPasswordValues>();
  const captcha = useCaptcha(AUTH_PATHS.captcha);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const newPassword = Form.useWatch('newPassword', form);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const onFinish = async (values: FindPasswordValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const encrypted = await encryptWithServerKey(values.newPassword, queryClient);
      await forgetPassword({ phone: values.phone, smsCode: values.smsCode, newPassword: encrypted });
      setDone(true);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : '密码重置失败，请稍后重试');
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <AuthCard title="找回密码">
        <Result
          status="success"
          title="密码重置成功"
          subTitle="请使用新密码登录。"
          extra={
            <Button type="primary" onClick={() => void navigate({ to: '/login', search: {} })}>
              去登录
            </Button>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="找回密码"
      wide
      extra={
        <Link to="/login" search={{}}>
          返回登录
        </Link>
      }
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: '1' }}
        size="large"
        onFinish={(values) => void onFinish(values)}
        aria-label="找回密码"
        className="auth-form"
      >
        {error && <Alert className="auth-form__error" type="error" showIcon title={error} role="alert" />}
        <PhoneVerificationFields form={form} captcha={captcha} purpose={SMS_PURPOSES.forgetPassword} phoneHint="请输入账号绑定的手机号码" />
        <Form.Item label="新密码" required>
          <Form.Item name="newPassword" rules={newPasswordRules} noStyle>
            <Input.Password prefix={<LockOutlined />} placeholder="8-64位，建议包含大小写字母、数字和符号" autoComplete="new-password" maxLength={64} />
          </Form.Item>
          <PasswordStrengthMeter password={newPassword} />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirm" dependencies={['newPassword']} rules={confirmPasswordRules('newPassword')}>
          <Input.Password prefix={<LockOutlined />} placeholder="请再次输入新密码" autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item className="auth-form__submit">
          <Button type="primary" htmlType="submit" block loading={submitting}>
            重置密码
          </Button>
        </Form.Item>
      </Form>
    </AuthCard>
  );
}
