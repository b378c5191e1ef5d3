import { Avatar, Button, Skeleton, Tag } from 'antd';
import { Result } from '@/components/Result';
import { IdcardOutlined, LockOutlined, MobileOutlined, PictureOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import { useUserDetail } from '@/api/resources/get-user-detail';
import { AccountPanel } from '../components/AccountPanel';
import { SecurityKeySection } from '../components/SecurityKeySection';
import { authStatusLabel, userTypeLabel, verifyPathOf } from '../status';
import { isAuthenticatedStatus } from '#domain/rules/auth';
import '@/styles/auth.css';

/** /accountSafe: login name, masked phone, verification state, and the ways to change them. */
export function AccountSafePage() {
  const detail = useUserDetail();

  if (detail.isPending) {
    return (
      <AccountPanel title="账户安全" back={false}>
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </AccountPanel>
    );
  }
  if (detail.isError) {
    return (
      <AccountPanel title="账户安全" back={false}>
        <Result
          status="warning"
          title={detail.error.message || '账户信息加载失败'}
          extra={<Button onClick={() => void detail.refetch()}>重试</Button>}
        />
      </AccountPanel>
    );
  }

  const user = detail.data;
  const verification = authStatusLabel(user.authStatus);
  const verified = isAuthenticatedStatus(user.authStatus);

  return (
    <AccountPanel title="账户安全" back={false}>
      <div className="account-summary">
        <Avatar size={64} src={user.headImg || undefined} icon={<UserOutlined />} alt="头像" />
        <div>
          <div className="account-summary__name">{user.name || user.loginName}</div>
          <div className="account-summary__meta">
            {userTypeLabel(user.userType)} · 注册时间 {user.createTime || '--'}
          </div>
        </div>
      </div>
      <ul className="safe-list" aria-label="安全设置">
        <li className="safe-list__item">
          <UserOutlined className="safe-list__icon" />
          <span className="safe-list__label">登录名</span>
          <span className="safe-list__value">{user.loginName}</span>
          <span className="safe-list__action">
            <Link to="/membership">会员信息</Link>
          </span>
        </li>
        <li className="safe-list__item">
          <LockOutlined className="safe-list__icon" />
          <span className="safe-list__label">登录密码</span>
          <span className="safe-list__value">建议定期更换密码，不要与其他网站使用相同的密码</span>
          <span className="safe-list__action">
            <Link to="/updatePassWord">修改密码</Link>
          </span>
        </li>
        <li className="safe-list__item">
          <MobileOutlined className="safe-list__icon" />
          <span className="safe-list__label">手机号码</span>
          <span className="safe-list__value tabular">{user.phone || '未绑定'}</span>
          <span className="safe-list__action">
            <Link to="/memberEditPhone">{user.phone ? '修改手机号' : '绑定手机号'}</Link>
          </span>
        </li>
        <li className="safe-list__item">
          <IdcardOutlined className="safe-list__icon" />
          <span className="safe-list__label">实名认证</span>
          <span className="safe-list__value">
            <Tag color={verification.color}>{verification.text}</Tag>
          </span>
          <span className="safe-list__action">
            {verified ? (
              <Link to="/realNamePersonInfo">查看认证信息</Link>
            ) : (
              <Link to={verifyPathOf(user.userType)}>去认证</Link>
            )}
          </span>
        </li>
        <li className="safe-list__item">
          <PictureOutlined className="safe-list__icon" />
          <span className="safe-list__label">头像</span>
          <span className="safe-list__value">上传清晰的头像，方便工作人员与您联系时确认身份</span>
          <span className="safe-list__action">
            <Link to="/memberEditHead">修改头像</Link>
          </span>
        </li>
      </ul>
      <SecurityKeySection />
    </AccountPanel>
  );
}
