import { useEffect, useState } from 'react';
import { App as AntdApp, Button, Input, type FormInstance } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { validateMobile } from '#domain';
import { SMS_RESEND_SECONDS } from '#domain/rules/auth';
import { useLiveStream } from '@/live';
import { useSendSmsCode } from '../api/post-sms-code';
import { CAPTCHA_MESSAGES } from '../rules';
import type { Captcha } from '@/components/CaptchaInput';

export const SMS_SENT_MESSAGE = '验证码已发送，请注意查收';

/**
 * The countdown label. Re-rendered by the live worker's 1 s clock (no main-thread timer); the remaining
 * time is computed from the stored deadline, so a late or skipped tick never miscounts.
 */
function Countdown({ deadline, seconds, onDone }: { deadline: number; seconds: number; onDone: () => void }) {
  // Subscribing is what matters: every tick re-renders this label.
  useLiveStream('clock', null);
  const remaining = Math.min(seconds, Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
  useEffect(() => {
    if (remaining === 0) onDone();
  }, [remaining, onDone]);
  return <span className="tabular">{remaining}秒后重新获取</span>;
}

/**
 * The SMS code box with its 获取验证码 button. Sending checks the form's phone and image captcha fields
 * first, spends the captcha (so it is refreshed and cleared after every attempt) and starts the 60 s
 * countdown when the server accepted.
 */
export function SmsCodeInput({
  form,
  captcha,
  purpose,
  phoneField = 'phone',
  captchaField = 'captcha',
  value,
  onChange,
  id,
}: {
  form: FormInstance;
  captcha: Captcha;
  purpose: number;
  phoneField?: string;
  captchaField?: string;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const { message } = AntdApp.useApp();
  const send = useSendSmsCode();
  /** When another code may be requested (local epoch ms), and the length of that wait. */
  const [wait, setWait] = useState<{ deadline: number; seconds: number } | null>(null);

  const onSend = async () => {
    const phone = String(form.getFieldValue(phoneField) ?? '');
    const captchaText = String(form.getFieldValue(captchaField) ?? '').trim();
    const phoneCheck = validateMobile(phone);
    const errors: Array<{ name: string; errors: string[] }> = [];
    if (!phoneCheck.ok) errors.push({ name: phoneField, errors: [phoneCheck.message] });
    if (!captchaText) errors.push({ name: captchaField, errors: [CAPTCHA_MESSAGES.empty] });
    if (errors.length) {
      form.setFields(errors);
      return;
    }
    try {
      const answer = await send.mutateAsync({ phone, messageCode: purpose, uuid: captcha.key, captcha: captchaText });
      // The server says how long to wait (its 60 s per-phone rule); 60 s when it does not.
      const seconds = answer && answer.resendAfter > 0 ? Math.ceil(answer.resendAfter) : SMS_RESEND_SECONDS;
      setWait({ deadline: Date.now() + seconds * 1000, seconds });
      void message.success(SMS_SENT_MESSAGE);
    } catch {
      // The catalogue already showed the server's msg (wrong captcha, too frequent…).
    } finally {
      // The captcha is single use whatever the answer.
      form.setFieldValue(captchaField, '');
      captcha.refresh();
    }
  };

  return (
    <div className="sms-input">
      <Input
        id={id}
        size="large"
        value={value}
        onChange={(event) => onChange?.(event.target.value.replace(/\D/g, ''))}
        placeholder="请输入短信验证码"
        prefix={<MessageOutlined />}
        maxLength={6}
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <Button
        size="large"
        className="sms-input__button"
        onClick={() => void onSend()}
        loading={send.isPending}
        disabled={wait !== null}
        data-testid="sms-send"
      >
        {wait !== null ? <Countdown deadline={wait.deadline} seconds={wait.seconds} onDone={() => setWait(null)} /> : '获取验证码'}
      </Button>
    </div>
  );
}
