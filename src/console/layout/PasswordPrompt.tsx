/**
 * The password again (428, STAFF_REAUTH_MESSAGE): registered with the console's HTTP wrapper
 * (api/http.ts setPasswordPrompt), it opens when a money action is refused for want of a recent password,
 * confirms it at STAFF_PATHS.confirmPassword and lets the wrapper send the action once more.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { STAFF_PATHS } from '#domain/contract/staff';
import { STAFF_REAUTH_MESSAGE, STAFF_REAUTH_MINUTES } from '#domain/rules/staff';
import { http } from '@/api/client';
import { useEncryptPassword } from '../api/me';
import { setPasswordPrompt } from '../api/http';

export function PasswordPrompt() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const encrypt = useEncryptPassword();

  useEffect(
    () =>
      setPasswordPrompt(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setError(null);
            setOpen(true);
          }),
      ),
    [],
  );

  const close = (confirmed: boolean) => {
    setOpen(false);
    form.resetFields();
    settle.current?.(confirmed);
    settle.current = null;
  };

  const confirm = async () => {
    const { password } = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      await http.post(STAFF_PATHS.confirmPassword, undefined, { password: await encrypt(password) });
      close(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '密码确认失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="请再次输入登录密码"
      okText="确认并继续"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void confirm()}
      onCancel={() => close(false)}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <p>
        {STAFF_REAUTH_MESSAGE}。确认后 {STAFF_REAUTH_MINUTES} 分钟内的资金操作无需再次输入。
      </p>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} aria-label="再次输入密码" onFinish={() => void confirm()}>
        <Form.Item name="password" rules={[{ required: true, message: '请输入登录密码' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="登录密码" autoComplete="current-password" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
