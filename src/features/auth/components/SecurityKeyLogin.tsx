import { useState } from 'react';
import { Alert, Button, Input } from 'antd';
import { SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/client';
import { getWithKey, KEY_UNSUPPORTED, securityKeyErrorText, securityKeySupported } from '@/lib/securityKey';
import { postKeyLoginOptions, postKeyLoginVerify } from '../api/post-webauthn-login';
import { completeLogin } from '../login';
import '@/styles/security-keys.css';

/**
 * 使用安全密钥登录 (the spec's hardware-key login, docs/accounts.md "Security keys"): a passkey picks the
 * account itself; a key that holds no account needs the user name first. On success, the same token
 * pair and user detail as a password login.
 */
export function SecurityKeyLogin({ onLoggedIn }: { onLoggedIn: () => Promise<unknown> }) {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = securityKeySupported();

  const login = async () => {
    setBusy(true);
    setError(null);
    try {
      const { challengeId, options } = await postKeyLoginOptions(username.trim());
      const response = await getWithKey(options);
      await completeLogin(await postKeyLoginVerify({ challengeId, response }), queryClient);
      await onLoggedIn();
    } catch (failure) {
      // A server refusal carries its own text (also shown by the client); the browser's is put into words here.
      setError(failure instanceof ApiError ? failure.message : securityKeyErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="key-login" aria-label="安全密钥登录" role="form">
      {error && <Alert className="auth-form__error" type="error" showIcon title={error} role="alert" />}
      {!supported && <Alert type="warning" showIcon title={KEY_UNSUPPORTED} />}
      <p className="key-login__hint">插入安全密钥或使用本机的指纹、面容、PIN（通行密钥）登录。请先在“账户安全”中添加安全密钥。</p>
      <Input
        size="large"
        prefix={<UserOutlined />}
        placeholder="用户名（选填：密钥未保存账号时填写）"
        autoComplete="username webauthn"
        maxLength={64}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        aria-label="用户名（选填）"
      />
      <Button type="primary" size="large" block icon={<SafetyCertificateOutlined />} loading={busy} disabled={!supported} onClick={() => void login()}>
        使用安全密钥登录
      </Button>
    </div>
  );
}
