import { Form, Input, type FormInstance } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { mobileRules, smsCodeRules } from '../rules';
import { CaptchaInput, type Captcha } from '@/components/CaptchaInput';
import { SmsCodeInput } from './SmsCodeInput';

/** Phone, image captcha and SMS code (for the given purpose): the proof of phone ownership forms share. */
export function PhoneVerificationFields({
  form,
  captcha,
  purpose,
  phoneHint,
}: {
  form: FormInstance;
  captcha: Captcha;
  purpose: number;
  phoneHint?: string;
}) {
  return (
    <>
      <Form.Item label="手机号码" name="phone" required rules={mobileRules} extra={phoneHint}>
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号码" maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item label="图片验证码" name="captcha" extra="用于获取短信验证码">
        <CaptchaInput captcha={captcha} />
      </Form.Item>
      <Form.Item label="短信验证码" name="smsCode" rules={smsCodeRules}>
        <SmsCodeInput form={form} captcha={captcha} purpose={purpose} />
      </Form.Item>
    </>
  );
}
