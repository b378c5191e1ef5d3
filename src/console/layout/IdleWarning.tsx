/** The idle warning: a minute before the server ends the session, a countdown with 继续工作 and 退出. */
import { useEffect, useRef } from 'react';
import { Button, Modal } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../api/me';
import { IDLE_WARNING_MS, useIdleRemaining } from '../session/idle';

export function IdleWarning({ idleMinutes, onLogout }: { idleMinutes: number; onLogout: () => void }) {
  const queryClient = useQueryClient();
  const remaining = useIdleRemaining(idleMinutes);
  const asked = useRef(false);
  const ask = () => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }).catch(() => undefined);

  useEffect(() => {
    if (remaining > 0) {
      asked.current = false;
      return;
    }
    // Time is up: the server decides. Its 401 logs out to the login page (app/httpEffects.ts).
    if (!asked.current) {
      asked.current = true;
      void ask();
    }
  });

  const open = remaining <= IDLE_WARNING_MS;
  const seconds = Math.max(0, Math.ceil(remaining / 1000));
  return (
    <Modal
      open={open}
      title={
        <span>
          <ClockCircleOutlined style={{ color: '#ad4e00', marginRight: 8 }} />
          即将因长时间未操作而退出
        </span>
      }
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={[
        <Button key="logout" onClick={onLogout}>
          退出
        </Button>,
        <Button key="stay" type="primary" onClick={() => void ask()}>
          继续工作
        </Button>,
      ]}
    >
      <p>
        您已 {idleMinutes - 1} 分钟没有操作。为保护账户安全，工作系统将在{' '}
        <strong className="tabular" role="timer" aria-live="off">
          {seconds}
        </strong>{' '}
        秒后退出登录。
      </p>
      <p className="console-muted">点击“继续工作”保持登录；未保存的输入请在退出前保存。</p>
    </Modal>
  );
}
