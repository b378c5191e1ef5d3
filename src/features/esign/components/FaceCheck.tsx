import { useEffect, useRef, useState } from 'react';
import { Alert, Button, QRCode, Space, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { FACE_PURPOSES, faceQrUrl, type FacePurpose } from '#domain/contract/esign';
import { createFaceChallenge, useFaceStatus } from '../api/face';

export interface FaceCheckProps {
  purpose: FacePurpose;
  /** The business record confirmed (e.g. the contract number). */
  refId: string;
  /** Called once, with the challenge id to pass to the signing request (the server consumes it once). */
  onConfirmed: (challengeId: number) => void;
}

/** The page's origin + hash route, so the QR opens the same app on the phone. */
function qrUrl(token: string): string {
  return faceQrUrl(`${window.location.origin}${window.location.pathname}#`, token);
}

/**
 * 刷脸确认 (default: scan with the phone): creates a challenge, shows its one-time link as a QR code, polls
 * until the phone confirms, then calls onConfirmed. An expired code can be renewed.
 */
export function FaceCheck({ purpose, refId, onConfirmed }: FaceCheckProps) {
  const create = useMutation({ mutationFn: () => createFaceChallenge(purpose, refId) });
  const challenge = create.data;
  const status = useFaceStatus(challenge?.id);
  const [done, setDone] = useState(false);
  const started = useRef(false);
  const state = status.data?.status ?? challenge?.status;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    create.mutate();
  }, [create]);

  useEffect(() => {
    if (challenge && state === 'confirmed' && !done) {
      setDone(true);
      onConfirmed(challenge.id);
    }
  }, [challenge, state, done, onConfirmed]);

  if (create.isError) {
    return <Alert type="error" showIcon title="无法生成确认二维码" description={create.error.message} action={<Button onClick={() => create.mutate()}>重试</Button>} />;
  }
  if (!challenge) return <QRCode value="-" status="loading" />;
  const expired = state === 'expired';
  return (
    <Space direction="vertical" align="center" style={{ width: '100%' }}>
      <Typography.Text>请用手机扫描二维码，在手机上登录本账号后确认是本人{FACE_PURPOSES[purpose]}</Typography.Text>
      <QRCode
        aria-label="本人操作确认二维码"
        value={qrUrl(challenge.token)}
        size={200}
        status={expired ? 'expired' : state === 'confirmed' || state === 'consumed' ? 'scanned' : 'active'}
        onRefresh={() => {
          setDone(false);
          create.mutate();
        }}
      />
      {expired ? (
        <Typography.Text type="warning">二维码已过期，请点击刷新</Typography.Text>
      ) : state === 'confirmed' || state === 'consumed' ? (
        <Typography.Text type="success">已确认是本人操作</Typography.Text>
      ) : (
        <Typography.Text type="secondary">等待手机确认…（二维码 {challenge.expiresAt} 前有效，仅可使用一次）</Typography.Text>
      )}
    </Space>
  );
}
