import { useCallback, useEffect, useState } from 'react';
import { App as AntdApp, Button, Input, Space } from 'antd';
import { SMS_RESEND_SECONDS } from '#domain/rules/auth';
import { useLiveStream } from '@/live';
import { postMoneySms, type MoneySmsPurpose } from '../api/post-money-sms';

/** Re-rendered by the live worker's 1 s clock (no main-thread timer); counts from the stored deadline. */
function Countdown({ deadline, onDone }: { deadline: number; onDone: () => void }) {
  useLiveStream('clock', null);
  const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  useEffect(() => {
    if (remaining === 0) onDone();
  }, [remaining, onDone]);
  return <span className="tabular">{remaining}秒后重新获取</span>;
}

/**
 * The SMS code of a money step: the code goes to the account's own phone (shown masked), so there is no
 * phone or image captcha to fill; 60 s before another may be asked.
 */
export function SmsCodeField({ purpose, phone, value, onChange, id }: { purpose: MoneySmsPurpose; phone: string; value?: string; onChange?: (v: string) => void; id?: string }) {
  const { message } = AntdApp.useApp();
  const [deadline, setDeadline] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const done = useCallback(() => setDeadline(null), []);
  const send = async () => {
    setSending(true);
    try {
      const answer = await postMoneySms(purpose);
      const seconds = answer && answer.resendAfter > 0 ? Math.ceil(answer.resendAfter) : SMS_RESEND_SECONDS;
      setDeadline(Date.now() + seconds * 1000);
      void message.success(`验证码已发送至 ${phone}，请注意查收`);
    } catch {
      // The catalogue showed the server's message.
    } finally {
      setSending(false);
    }
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input id={id} value={value} onChange={(e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, 6))} placeholder="6位短信验证码" inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
      <Button onClick={() => void send()} loading={sending} disabled={deadline !== null} style={{ minWidth: 130 }}>
        {deadline !== null ? <Countdown deadline={deadline} onDone={done} /> : '获取验证码'}
      </Button>
    </Space.Compact>
  );
}
