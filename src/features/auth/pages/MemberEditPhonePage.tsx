import { useState } from 'react';
import { Alert, App as AntdApp, Button, Form, Input, Segmented, Skeleton } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { FormRule } from 'antd';
import { AUTH_PATHS, SMS_PURPOSES, type UserDetail } from '#domain/contract/auth';
import { session } from '@/lib/session';
import { userDetailQueryOptions, useUserDetail } from '@/api/resources/get-user-detail';
import { cancelPhone } from '../api/post-cancel-phone';
import { changePhone } from '../api/post-change-phone';
import { CaptchaInput, useCaptcha } from '@/components/CaptchaInput';
import { SmsCodeInput } from '../components/SmsCodeInput';
import { encryptWithServerKey } from '../login';
import { currentPasswordRules, mobileRules, smsCodeRules } from '../rules';
import '@/styles/auth.css';

interface PhoneValues {
  phone: string;
  captcha: string;
  smsCode: string;
  password: string;
}

type Mode = 'change' | 'cancel';

export const PHONE_CHANGED = '手机号码修改成功';
export const PHONE_CANCELLED = '手机号码已解除绑定';
export const CANCEL_PHONE_CONFIRM = '解除绑定后将无法使用短信登录和通过手机号找回密码，确定要解除绑定吗？';
export const PHONE_MISMATCH = '与当前绑定的手机号不一致';
export const SAME_PHONE = '新手机号不能与当前手机号相同';

/** The masked phone '138****5678' could be this full number. */
function matchesMasked(full: string, masked: string): boolean {
  return full.length === 11 && masked.length === 11 && full.slice(0, 3) === masked.slice(0, 3) && full.slice(7) === masked.slice(7);
}

function PhoneForm({ mode, current, onDone }: { mode: Mode; current: string; onDone: (user: UserDetail) => void }) {
  const [form] = Form.useForm<PhoneValues>();
  const captcha = useCaptcha(AUTH_PATHS.captcha);
  const queryClient = useQueryClient();
  const { message, modal } = AntdApp.useApp();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const phoneRules: FormRule[] = [
    ...mobileRules,
    {
      validator: (_rule, value: unknown) => {
        const phone = typeof value === 'string' ? value : '';
        if (phone.length !== 11) return Promise.resolve();
        if (mode === 'cancel' && !matchesMasked(phone, current)) return Promise.reject(new Error(PHONE_MISMATCH));
        if (mode === 'change' && current && matchesMasked(phone, current)) return Promise.reject(new Error(SAME_PHONE));
        return Promise.resolve();
      },
    },
  ];

  const submit = async (values: PhoneValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const password = await encryptWithServerKey(values.password, queryClient);
      const user =
        mode === 'change'
          ? await changePhone({ phone: values.phone, smsCode: values.smsCode, password })
          : await cancelPhone({ password, smsCode: values.smsCode });
      void message.success(mode === 'change' ? PHONE_CHANGED : PHONE_CANCELLED);
      form.resetFields();
      onDone(user);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : '操作失败，请稍后重试');
    } finally {
      setSubmitting(false);
    }
  };

  const onFinish = (values: PhoneValues) => {
    if (mode === 'change') {
      void submit(values);
      return;
    }
    modal.confirm({
      title: '解除绑定手机号',
      content: CANCEL_PHONE_CONFIRM,
      okText: '确定解绑',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => submit(values),
    });
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: '120px' }}
      wrapperCol={{ flex: '1' }}
      size="large"
      className="account-form"
      onFinish={onFinish}
      aria-label={mode === 'change' ? (current ? '更换手机号' : '绑定手机号') : '解除绑定手机号'}
    >
      {error && <Alert className="auth-form__error" type="error" showIcon title={error} role="alert" />}
      <Form.Item
        label={mode === 'change' ? '新手机号码' : '当前手机号码'}
        name="phone"
        required rules={phoneRules}
        extra={mode === 'cancel' ? '请输入完整的当前绑定手机号，用于接收短信验证码' : undefined}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder={mode === 'change' ? '请输入新的手机号码' : '请输入当前绑定的手机号码'}
          maxLength={11}
          inputMode="numeric"
          autoComplete="tel"
        />
      </Form.Item>
      <Form.Item label="图片验证码" name="captcha" extra="用于获取短信验证码">
        <CaptchaInput captcha={captcha} />
      </Form.Item>
      <Form.Item
        label="短信验证码"
        name="smsCode"
        rules={smsCodeRules}
        extra={mode === 'change' ? '验证码将发送至新手机号码' : '验证码将发送至当前绑定的手机号码'}
      >
        <SmsCodeInput form={form} captcha={captcha} purpose={SMS_PURPOSES.login} />
      </Form.Item>
      <Form.Item label="登录密码" name="password" rules={currentPasswordRules} extra="为保障账户安全，请输入登录密码确认本人操作">
        <Input.Password prefix={<LockOutlined />} placeholder="请输入登录密码" autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" danger={mode === 'cancel'} htmlType="submit" loading={submitting}>
          {mode === 'cancel' ? '解除绑定' : current ? '确认更换' : '确认绑定'}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** /memberEditPhone: change the phone (SMS code sent to the new number) or cancel (unbind) it. */
export function MemberEditPhonePage() {
  const detail = useUserDetail();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('change');

  const done = (user: UserDetail) => {
    queryClient.setQueryData(userDetailQueryOptions().queryKey, user);
    session.saveUser(user);
    setMode('change');
  };

  const phone = detail.data?.phone ?? '';

  return (
    <section className="account-panel" aria-label="修改手机号">
      <header className="account-panel__head">
        <h2>修改手机号</h2>
        <Link to="/accountSafe">返回账户安全</Link>
      </header>
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} title={false} />
      ) : detail.data === undefined ? (
        <Alert type="warning" showIcon title={detail.error?.message || '账户信息加载失败'} />
      ) : (
        <>
          <div className="phone-current">
            <span className="phone-current__label">当前手机号：</span>
            <span className="phone-current__value tabular" data-testid="current-phone">
              {phone || '未绑定'}
            </span>
            {phone && (
              <Segmented<Mode>
                className="phone-current__mode"
                value={mode}
                onChange={setMode}
                options={[
                  { label: '更换手机号', value: 'change' },
                  { label: '解除绑定', value: 'cancel' },
                ]}
              />
            )}
          </div>
          <PhoneForm key={mode} mode={phone ? mode : 'change'} current={phone} onDone={done} />
        </>
      )}
    </section>
  );
}
