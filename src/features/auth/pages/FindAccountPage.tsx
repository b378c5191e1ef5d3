import { useState } from 'react';
import { Alert, Button, Form, Input, Segmented } from 'antd';
import { IdcardOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { normalizeCreditCode } from '#domain';
import { AUTH_PATHS, SMS_PURPOSES } from '#domain/contract/auth';
import { findAccount } from '../api/post-find-account';
import { AuthCard } from '../components/AuthCard';
import { useCaptcha } from '@/components/CaptchaInput';
import { PhoneVerificationFields } from '../components/PhoneVerificationFields';
import { creditCodeRules, idCardRules, normalizeIdCard, personNameRules } from '../rules';
import '@/styles/auth.css';

type Kind = 'person' | 'org';

interface FindAccountValues {
  name?: string;
  idNumber?: string;
  creditCode?: string;
  phone: string;
  captcha: string;
  smsCode: string;
}

function FindAccount({ kind }: { kind: Kind }) {
  const [form] = Form.useForm<FindAccountValues>();
  const captcha = useCaptcha(AUTH_PATHS.captcha);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: FindAccountValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const { loginNames } = await findAccount(
        kind === 'person'
          ? {
              userType: 1,
              name: values.name ?? '',
              idNumber: normalizeIdCard(values.idNumber ?? ''),
              phone: values.phone,
              smsCode: values.smsCode,
            }
          : { userType: 2, creditCode: normalizeCreditCode(values.creditCode ?? ''), phone: values.phone, smsCode: values.smsCode },
      );
      await navigate({ to: '/findAccountSuccess', search: { loginNames } });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : '账号找回失败，请稍后重试');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="找回账号"
      wide
      extra={
        <Segmented<Kind>
          value={kind}
          options={[
            { label: '个人用户', value: 'person' },
            { label: '机构用户', value: 'org' },
          ]}
          onChange={(next) => void navigate({ to: next === 'person' ? '/findAccountPerson' : '/findAccountOrg' })}
        />
      }
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '140px' }}
        wrapperCol={{ flex: '1' }}
        size="large"
        onFinish={(values) => void onFinish(values)}
        aria-label={kind === 'person' ? '个人用户找回账号' : '机构用户找回账号'}
        className="auth-form"
      >
        {error && <Alert className="auth-form__error" type="error" showIcon title={error} role="alert" />}
        {kind === 'person' ? (
          <>
            <Form.Item label="姓名" name="name" required rules={personNameRules}>
              <Input prefix={<UserOutlined />} placeholder="请输入实名认证的姓名" maxLength={4} />
            </Form.Item>
            <Form.Item label="身份证号码" name="idNumber" required rules={idCardRules}>
              <Input prefix={<IdcardOutlined />} placeholder="请输入18位居民身份证号码" maxLength={18} autoComplete="off" />
            </Form.Item>
          </>
        ) : (
          <Form.Item label="统一社会信用代码" name="creditCode" required rules={creditCodeRules}>
            <Input prefix={<IdcardOutlined />} placeholder="请输入18位统一社会信用代码" maxLength={18} autoComplete="off" />
          </Form.Item>
        )}
        <PhoneVerificationFields form={form} captcha={captcha} purpose={SMS_PURPOSES.login} phoneHint="请输入账号绑定的手机号码" />
        <Form.Item className="auth-form__submit">
          <Button type="primary" htmlType="submit" block loading={submitting}>
            找回账号
          </Button>
        </Form.Item>
      </Form>
    </AuthCard>
  );
}

/** /findAccountPerson: name + ID number + phone + SMS code (1008). */
export function FindAccountPersonPage() {
  return <FindAccount key="person" kind="person" />;
}

/** /findAccountOrg: unified social credit code + phone + SMS code (1008). */
export function FindAccountOrgPage() {
  return <FindAccount key="org" kind="org" />;
}
