import { useState } from 'react';
import { Button, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { logout } from '@/api/resources/logout';
import { useSession } from '@/lib/session';
import { useAgreementNotice } from '../api/get-agreement-notice';
import { isNeedReadQueryOptions, useIsNeedRead } from '../api/get-is-need-read';
import { submitAgreement } from '../api/post-agreement-submit';
import { AgreementContent } from './AgreementContent';

export const AGREEMENT_ACCEPT = '我已阅读并同意';
export const AGREEMENT_DECLINE = '暂不同意，退出登录';

/**
 * The registration-agreement dialog (spec section 4): unread → shown → accepted. For a logged-in user
 * whose `is-need-read` answers true it shows the agreement; it cannot be dismissed, and closes only when
 * the submit answers code 200. Declining logs the user out.
 */
export function AgreementDialog() {
  const { user, isLoggedIn } = useSession();
  const userId = isLoggedIn && user ? user.baseUserId : null;
  const needRead = useIsNeedRead(userId);
  const open = userId !== null && needRead.data === true;
  const notice = useAgreementNotice(open);
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);

  const accept = async () => {
    if (!userId) return;
    setSubmitting(true);
    try {
      const answer = await submitAgreement(notice.data?.version);
      if (answer?.code === 200) queryClient.setQueryData(isNeedReadQueryOptions(userId).queryKey, false);
    } catch {
      // Not accepted: the catalogue showed the server's msg; the dialog stays.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={notice.data?.title || '用户注册协议'}
      width={760}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      destroyOnHidden
      className="agreement-dialog"
      footer={[
        <Button key="decline" onClick={() => void logout()}>
          {AGREEMENT_DECLINE}
        </Button>,
        <Button key="accept" type="primary" loading={submitting} disabled={!notice.data} onClick={() => void accept()}>
          {AGREEMENT_ACCEPT}
        </Button>,
      ]}
    >
      <p className="agreement-dialog__lead">协议内容有更新，请您阅读并同意后继续使用本平台。</p>
      <AgreementContent notice={notice} />
    </Modal>
  );
}
