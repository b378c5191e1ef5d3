import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { LOCK_PASSWORD_MIN_LENGTH, tabLock } from '@/lib/tabLock';
import type { LockSearch } from '../search';
import '@/styles/portal-content.css';

/** Only paths of this site are followed after unlocking. */
function safeTarget(redirect: string | undefined): string {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/lock') ? redirect : '/index';
}

function LockForm({ onLocked }: { onLocked: () => void }) {
  return (
    <Card className="lock-card" title={<><LockOutlined /> 锁定当前页面</>}>
      <p className="lock-card__text">
        暂时离开时可锁定本标签页：锁定后需输入锁屏密码才能继续浏览。锁屏密码只保存在当前标签页中，关闭标签页、登录或退出登录后自动失效。
      </p>
      <Form
        layout="vertical"
        requiredMark={false}
        onFinish={(values: { password: string }) => {
          tabLock.lock(values.password);
          onLocked();
        }}
      >
        <Form.Item
          name="password"
          label="锁屏密码"
          rules={[
            { required: true, message: '请输入锁屏密码' },
            { min: LOCK_PASSWORD_MIN_LENGTH, message: `锁屏密码至少 ${LOCK_PASSWORD_MIN_LENGTH} 位` },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={32} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入锁屏密码' },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={32} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block icon={<LockOutlined />}>
          锁定
        </Button>
      </Form>
    </Card>
  );
}

function UnlockForm({ onUnlocked }: { onUnlocked: () => void }) {
  const [wrong, setWrong] = useState(false);
  return (
    <Card className="lock-card lock-card--locked" title={<><LockOutlined /> 页面已锁定</>}>
      <p className="lock-card__text">本标签页已锁定，请输入锁屏密码解锁。忘记密码时，关闭本标签页即可。</p>
      {wrong && <Alert type="error" showIcon title="锁屏密码错误，请重新输入" className="lock-card__alert" />}
      <Form
        layout="vertical"
        requiredMark={false}
        onFinish={(values: { password: string }) => {
          if (tabLock.unlock(values.password)) onUnlocked();
          else setWrong(true);
        }}
      >
        <Form.Item name="password" label="锁屏密码" rules={[{ required: true, message: '请输入锁屏密码' }]}>
          <Input.Password autoComplete="off" maxLength={32} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block icon={<UnlockOutlined />}>
          解锁
        </Button>
      </Form>
    </Card>
  );
}

/** /lock: lock this tab with a password, and unlock it again (then back to where the visitor was). */
export function LockPage() {
  const search: LockSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  const [locked, setLocked] = useState(() => tabLock.isLocked());
  return (
    <div className="lock-page">
      {locked ? (
        <UnlockForm onUnlocked={() => void navigate({ href: safeTarget(search.redirect), replace: true })} />
      ) : (
        <LockForm onLocked={() => setLocked(true)} />
      )}
    </div>
  );
}
