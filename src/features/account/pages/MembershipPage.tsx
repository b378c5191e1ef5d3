import { Avatar, Button, Descriptions, Skeleton, Tag } from 'antd';
import { Result } from '@/components/Result';
import { UserOutlined } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import type { Membership } from '#domain/contract/auth';
import { useMembership } from '../api/get-membership';
import { AccountPanel } from '../components/AccountPanel';
import { authStatusLabel, idDocumentTypeName, userTypeLabel, verifyPathOf } from '../status';
import '@/styles/auth.css';

const dash = (value: string | null | undefined) => (value ? value : '--');

function memberItems(member: Membership) {
  const verification = authStatusLabel(member.authStatus);
  const v = member.verification;
  const org = member.userType === 2;
  const verified = v?.state === 'approved';
  return [
    { key: 'loginName', label: '登录名', children: member.loginName },
    { key: 'userType', label: '用户类型', children: userTypeLabel(member.userType) },
    { key: 'name', label: org ? '机构名称' : '姓名', children: dash(org ? v?.orgName || member.name : member.name) },
    {
      key: 'auth',
      label: '实名认证',
      children: (
        <span className="membership-auth">
          <Tag color={verification.color}>{verification.text}</Tag>
          {v && v.state !== 'none' ? <Link to="/realNamePersonInfo">查看认证信息</Link> : <Link to={verifyPathOf(member.userType)}>去认证</Link>}
        </span>
      ),
    },
    ...(verified && !org
      ? [
          { key: 'idType', label: '证件类型', children: idDocumentTypeName(v.idType) },
          { key: 'idNumber', label: '证件号码', children: <span className="tabular">{dash(v.idNumber)}</span> },
        ]
      : []),
    ...(verified && org
      ? [
          { key: 'creditCode', label: '统一社会信用代码', children: <span className="tabular">{dash(v.creditCode)}</span> },
          { key: 'legalPerson', label: '法定代表人', children: dash(v.legalPerson) },
        ]
      : []),
    { key: 'phone', label: '手机号码', children: <span className="tabular">{member.phone || '未绑定'}</span> },
    { key: 'email', label: '电子邮箱', children: dash(member.email) },
    { key: 'createTime', label: '注册时间', children: dash(member.createTime) },
  ];
}

/** /membership: member information (AUTH_PATHS.membership: the user's detail and verification, masked). */
export function MembershipPage() {
  const membership = useMembership();

  if (membership.isPending) {
    return (
      <AccountPanel title="会员信息">
        <Skeleton active avatar paragraph={{ rows: 8 }} />
      </AccountPanel>
    );
  }
  if (membership.isError) {
    return (
      <AccountPanel title="会员信息">
        <Result
          status="warning"
          title={membership.error.message || '会员信息加载失败'}
          extra={<Button onClick={() => void membership.refetch()}>重试</Button>}
        />
      </AccountPanel>
    );
  }

  const member = membership.data;
  return (
    <AccountPanel title="会员信息">
      <div className="account-summary">
        <Avatar size={64} src={member.headImg || undefined} icon={<UserOutlined />} alt="头像" />
        <div>
          <div className="account-summary__name">{member.name || member.loginName}</div>
          <div className="account-summary__meta">
            {userTypeLabel(member.userType)} · <Link to="/memberEditHead">修改头像</Link>
          </div>
        </div>
      </div>
      <Descriptions bordered column={2} size="middle" items={memberItems(member)} className="account-descriptions" />
    </AccountPanel>
  );
}
