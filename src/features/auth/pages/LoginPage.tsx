import { useState } from 'react';
import { Alert, Button, Form, Input, Tabs } from 'antd';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { AUTH_PATHS, SMS_PURPOSES } from '#domain/contract/auth';
import { CaptchaInput, useCaptcha } from '@/components/CaptchaInput';
import { SmsCodeInput } from '../components/SmsCodeInput';
import { SecurityKeyLogin } from '../components/SecurityKeyLogin';
import { encryptWithServerKey, loginWith } from '../login';
import { LOGIN_LEAD, LOGIN_TITLE } from '../copy';
import { safeRedirect } from '../redirect';
import { captchaRules, mobileRules, smsCodeRules } from '../rules';
import '@/styles/auth.css';

interface PasswordValues {
  username: string;
  password: string;
  captcha: string;
}

interface SmsValues {
  phone: string;
  captcha: string;
  code: string;
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '登录失败，请稍后重试';
}

/** After a login: the validated `redirect` (internal paths only) or /index. */
function useFinishLogin() {
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: '/login' });
  return () => navigate({ href: safeRedirect(redirect), replace: true });
}

function PasswordLogin() {
  const [form] = Form.useForm<PasswordValues>();
  const captcha = useCaptcha(AUTH_PATHS.captcha);
  const queryClient = useQueryClient();
  const finish = useFinishLogin();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: PasswordValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const password = await encryptWithServerKey(values.password, queryClient);
      await loginWith(
        { grant_type: 'password', scope: 'all', username: values.username.trim(), password, uuid: captcha.key, captcha: values.captcha.trim() },
        queryClient,
      );
      await finish();
    } catch (failure) {
      setError(errorText(failure));
      // A fresh captcha after every failed attempt (it is single use on the server).
      form.setFieldsValue({ captcha: '', password: '' });
      captcha.refresh();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={(values) => void onFinish(values)} aria-label="账号登录">
      {error && <Alert className="auth-form__error" type="error" showIcon title={error} role="alert" />}
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
        <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" maxLength={64} />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item name="captcha" rules={captchaRules}>
        <CaptchaInput captcha={captcha} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登 录
      </Button>
    </Form>
  );
}

function SmsLogin() {
  const [form] = Form.useForm<SmsValues>();
  const captcha = useCaptcha(AUTH_PATHS.captcha);
  const queryClient = useQueryClient();
  const finish = useFinishLogin();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: SmsValues) => {
    setSubmitting(true);
    setError(null);
    try {
      await loginWith(
        { grant_type: 'verify_code', scope: 'all', telPhone: values.phone, code: values.code, uuid: captcha.key, captcha: values.captcha.trim() },
        queryClient,
      );
      await finish();
    } catch (failure) {
      setError(errorText(failure));
      form.setFieldsValue({ captcha: '' });
      captcha.refresh();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={(values) => void onFinish(values)} aria-label="短信登录">
      {error && <Alert className="auth-form__error" type="error" showIcon title={error} role="alert" />}
      <Form.Item name="phone" required rules={mobileRules}>
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号码" maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="captcha" rules={captchaRules} extra="获取短信验证码后图片验证码将刷新，请重新输入">
        <CaptchaInput captcha={captcha} />
      </Form.Item>
      <Form.Item name="code" rules={smsCodeRules}>
        <SmsCodeInput form={form} captcha={captcha} purpose={SMS_PURPOSES.login} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登 录
      </Button>
    </Form>
  );
}

/** The spec's hardware-key login: a security key or passkey (WebAuthn). */
function KeyLogin() {
  const finish = useFinishLogin();
  return <SecurityKeyLogin onLoggedIn={finish} />;
}

/** /login (spec sections 2, 4, 5, 7): user name + password + image captcha, phone + SMS code, or a security key. */
export function LoginPage() {
  const { redirect } = useSearch({ from: '/login' });
  return (
    <div className="login-page">
      <section className="login-page__banner" aria-label="平台介绍">
        <h2>河北产权交易所 · 会员登录</h2>
        <p>产权转让 · 国有资产交易 · 司法拍卖 · 在线竞价</p>
        <ul>
          <li>依法合规、公开透明的省级产权交易平台</li>
          <li>完成实名认证后即可在线报名、缴纳保证金并参与竞价</li>
          <li>服务热线工作时间：周一至周五 8:30-17:30</li>
        </ul>
      </section>
      <section className="login-card" aria-label="登录方式">
        <h2 className="login-card__title">{LOGIN_TITLE}</h2>
        {redirect && safeRedirect(redirect) !== '/index' && (
          <Alert className="login-card__notice" type="info" showIcon title="该页面需要登录后访问，登录后将自动返回" />
        )}
        {/* A phone's, where the banner is not drawn (its words); drawn before the app too (src/start). */}
        <p className="login-card__lead">{LOGIN_LEAD}</p>
        <Tabs
          defaultActiveKey="password"
          items={[
            { key: 'password', label: '账号登录', children: <PasswordLogin /> },
            { key: 'sms', label: '短信登录', children: <SmsLogin /> },
            { key: 'key', label: '安全密钥登录', children: <KeyLogin /> },
          ]}
        />
        <div className="login-card__links">
          <span>
            还没有账号？<Link to="/register">立即注册</Link>
          </span>
          <span>
            <Link to="/findPassword">忘记密码</Link>
            <span className="login-card__divider">|</span>
            <Link to="/findAccountPerson">找回账号</Link>
          </span>
        </div>
      </section>
    </div>
  );
}
