/** 工作人员登录: login name, password (RSA-encrypted), the image captcha — as the portal's login. */
import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { CaptchaInput, useCaptcha } from '@/components/CaptchaInput';
import { meQueryOptions, useEncryptPassword } from '../../api/me';
import { staffSession } from '../../session/staffSession';
import { postLogin } from './api';

interface LoginValues {
  loginName: string;
  password: string;
  captchaCode: string;
}

export function LoginPage() {
  const { redirect } = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const encrypt = useEncryptPassword();
  const captcha = useCaptcha();
  const [form] = Form.useForm<LoginValues>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: LoginValues) => {
    setBusy(true);
    setError(null);
    try {
      const { token, ...me } = await postLogin({
        loginName: values.loginName.trim(),
        password: await encrypt(values.password),
        captchaKey: captcha.key,
        captchaCode: values.captchaCode.trim(),
      });
      staffSession.save(token);
      queryClient.setQueryData(meQueryOptions().queryKey, me);
      await navigate({ to: redirect ?? '/', replace: true });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '登录失败，请稍后重试');
      // The captcha is single use: a new one, and the old answer goes.
      form.setFieldValue('captchaCode', '');
      captcha.refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="console-login">
      <div className="console-login__brand">
        <span className="console-brand__mark" aria-hidden="true" />
        <div>
          <h1>工作系统</h1>
          <p>河北产权交易所 · 工作人员专用</p>
        </div>
      </div>
      <Card className="console-login__card">
        <h2>工作人员登录</h2>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form form={form} aria-label="工作人员登录" layout="vertical" size="large" onFinish={(values) => void submit(values)} requiredMark={false}>
          <Form.Item name="loginName" label="登录名" rules={[{ required: true, whitespace: true, message: '请输入登录名' }]}>
            <Input prefix={<UserOutlined />} placeholder="请输入登录名" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="captchaCode" label="图片验证码" rules={[{ required: true, whitespace: true, message: '请输入图片验证码' }]}>
            <CaptchaInput captcha={captcha} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} disabled={!captcha.key}>
            登录
          </Button>
        </Form>
        <p className="console-muted console-login__note">连续 5 次密码错误将锁定账户 30 分钟。忘记密码请联系管理员重置。</p>
      </Card>
    </div>
  );
}
