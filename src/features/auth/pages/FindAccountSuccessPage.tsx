import { Button } from 'antd';
import { Result } from '@/components/Result';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { AuthCard } from '../components/AuthCard';
import '@/styles/auth.css';

/** /findAccountSuccess: the masked login names found (passed in the search), with 去登录. */
export function FindAccountSuccessPage() {
  const { loginNames = [] } = useSearch({ from: '/findAccountSuccess' });
  const navigate = useNavigate();
  return (
    <AuthCard title="找回账号">
      {loginNames.length > 0 ? (
        <Result
          status="success"
          title="找回成功"
          subTitle="与您提供的信息匹配的账号如下（已做隐私处理）："
          extra={
            <Button type="primary" onClick={() => void navigate({ to: '/login', search: {} })}>
              去登录
            </Button>
          }
        >
          <ul className="found-accounts" aria-label="找回的账号">
            {loginNames.map((name) => (
              <li key={name} className="found-accounts__item">
                {name}
              </li>
            ))}
          </ul>
        </Result>
      ) : (
        <Result
          status="info"
          title="暂无找回结果"
          subTitle="请通过找回账号页面验证身份后查看。"
          extra={[
            <Button key="person" type="primary" onClick={() => void navigate({ to: '/findAccountPerson' })}>
              找回账号
            </Button>,
            <Button key="login" onClick={() => void navigate({ to: '/login', search: {} })}>
              去登录
            </Button>,
          ]}
        />
      )}
    </AuthCard>
  );
}
