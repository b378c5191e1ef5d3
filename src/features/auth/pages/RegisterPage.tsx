import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Radio } from 'antd';
import { Result } from '@/components/Result';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { AUTH_PATHS, SMS_PURPOSES, type UserType } from '#domain/contract/auth';
import { useAgreementNotice } from '../api/get-agreement-notice';
import { register } from '../api/post-register';
import { AgreementContent } from '../components/AgreementContent';
import { AuthCard } from '../components/AuthCard';
import { useCaptcha } from '@/components/CaptchaInput';
import { PasswordStrengthMeter } from '../components/PasswordStrengthMeter';
import { PhoneVerificationFields } from '../components/PhoneVerificationFields';
import { encryptWithServerKey, loginWith } from '../login';
import { confirmPasswordRules, loginNameRules, newPasswordRules } from '../rules';
import '@/styles/auth.css';

interface RegisterValues {
  userType: UserType;
  loginName: string;
  password: string;
  confirm: string;
  phone: string;
  captcha: string;
  smsCode: string;
  agreement: boolean;
}

export const AGREEMENT_REQUIRED = '请阅读并同意《用户注册协议》及《补充协议》';

function AgreementReader({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notice = useAgreementNotice(open);
  return (
    <Modal
      open={open}
      title={notice.data?.title || '用户注册协议'}
      width={760}
      onCancel={onClose}
      centered
      footer={
        <Button type="primary" onClick={onClose}>
          我知道了
        </Button>
      }
    >
      <AgreementContent notice={notice} />
    </Modal>
  );
}

function Registered({ userType }: { userType: UserType }) {
  const navigate = useNavigate();
  return (
    <AuthCard title="用户注册" wide>
      <Result
        status="success"
        title="注册成功"
        subTitle="您已登录。完成实名认证后即可在线报名、缴纳保证金并参与竞价。"
        extra={[
          <Button
            key="verify"
            type="primary"
            onClick={() => void navigate({ to: userType === 2 ? '/realNameOrg' : '/realNamePerson' })}
          >
            去实名认证
          </Button>,
          <Button key="home" onClick={() => void navigate({ to: '/index' })}>
            返回首页
          </Button>,
        ]}
      />
    </AuthCard>
  );
}

/** /register: a person or an organisation, with SMS code (2001) and the registration agreements. */
export function RegisterPage() {
  const [form] = Form.useForm<RegisterValues>();
  const captcha = useCaptcha(AUTH_PATHS.captcha);
  const queryClient = useQueryClient();
  const password = Form.useWatch('password', form);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [registered, setRegistered] = useState<UserType | null>(null);

  if (registered !== null) return <Registered userType={registered} />;

  const onFinish = async (values: RegisterValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const encrypted = await encryptWithServerKey(values.password, queryClient);
      const { loginCode } = await register({
        userType: values.userType,
        loginName: values.loginName,
        password: encrypted,
        phone: values.phone,
        smsCode: values.smsCode,
        agreement: 1,
      });
      // The one-time code logs the new user in (grant login_code).
      await loginWith({ grant_type: 'login_code', scope: 'all', code: loginCode }, queryClient);
      setRegistered(values.userType);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : '注册失败，请稍后重试');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="用户注册"
      wide
      extra={
        <span>
          已有账号？
          <Link to="/login" search={{}}>
            立即登录
          </Link>
        </span>
      }
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: '1' }}
        size="large"
        initialValues={{ userType: 1, agreement: false }}
        onFinish={(values) => void onFinish(values)}
        aria-label="用户注册"
        className="auth-form"
      >
        {error && <Alert className="auth-form__error" type="error" showIcon title={error} role="alert" />}
        <Form.Item label="用户类型" name="userType">
          <Radio.Group optionType="button" buttonStyle="solid">
            <Radio.Button value={1}>个人用户</Radio.Button>
            <Radio.Button value={2}>机构用户</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="登录名" name="loginName" rules={loginNameRules}>
          <Input prefix={<UserOutlined />} placeholder="4-20位字母、数字或下划线，以字母开头" autoComplete="username" maxLength={20} />
        </Form.Item>
        <Form.Item label="密码" required>
          <Form.Item name="password" rules={newPasswordRules} noStyle>
            <Input.Password prefix={<LockOutlined />} placeholder="8-64位，建议包含大小写字母、数字和符号" autoComplete="new-password" maxLength={64} />
          </Form.Item>
          <PasswordStrengthMeter password={password} />
        </Form.Item>
        <Form.Item label="确认密码" name="confirm" dependencies={['password']} rules={confirmPasswordRules('password')}>
          <Input.Password prefix={<LockOutlined />} placeholder="请再次输入密码" autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <PhoneVerificationFields form={form} captcha={captcha} purpose={SMS_PURPOSES.register} />
        <Form.Item
          name="agreement"
          valuePropName="checked"
          wrapperCol={{ offset: 0 }}
          className="auth-form__agreement"
          rules={[{ validator: (_rule, value) => (value ? Promise.resolve() : Promise.reject(new Error(AGREEMENT_REQUIRED))) }]}
        >
          <Checkbox>
            我已阅读并同意
            <Button type="link" size="small" className="auth-form__inline-link" onClick={(event) => { event.preventDefault(); setReading(true); }}>
              《用户注册协议》
            </Button>
            及
            <Button type="link" size="small" className="auth-form__inline-link" onClick={(event) => { event.preventDefault(); setReading(true); }}>
              《补充协议》
            </Button>
          </Checkbox>
        </Form.Item>
        <Form.Item className="auth-form__submit">
          <Button type="primary" htmlType="submit" block loading={submitting}>
            同意协议并注册
          </Button>
        </Form.Item>
      </Form>
      <AgreementReader open={reading} onClose={() => setReading(false)} />
    </AuthCard>
  );
}
