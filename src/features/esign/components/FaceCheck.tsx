import { useEffect, useRef, useState } from 'react';
import { Alert, Button, QRCode, Space, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { FACE_PURPOSES, faceQrUrl, type FacePurpose } from '#domain/contract/esign';
import { isPhoneScreen } from '@/lib/viewport';
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

/** What the link that opens the check on this device is called (the route's name: 人脸识别). */
export const FACE_HERE_TEXT = '在本机完成人脸识别';

/**
 * 刷脸确认 (default: scan with the phone): creates a challenge, shows its one-time link as a QR code, polls
 * until the phone confirms, then calls onConfirmed. An expired code can be renewed. Under the code, the same
 * one-time link opens on this device (在本机完成人脸识别), in a new window so this page keeps its challenge and
 * goes on by itself once confirmed there: a signer already on a phone cannot scan his own screen, and a
 * computer may have a camera. On every screen; on a phone it is the main way (the primary button).
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
  const settled = state === 'confirmed' || state === 'consumed';
  const phone = isPhoneScreen();
  const url = qrUrl(challenge.token);
  return (
    <Space orientation="vertical" align="center" style={{ width: '100%' }} className="face-check" data-testid="face-check">
      <Typography.Text>
        {phone ? (
          <>请点击二维码下方的“{FACE_HERE_TEXT}”，在本机登录本账号后确认是本人{FACE_PURPOSES[purpose]}；也可用另一部手机扫描二维码</>
        ) : (
          <>请用手机扫描二维码，在手机上登录本账号后确认是本人{FACE_PURPOSES[purpose]}</>
        )}
      </Typography.Text>
      <QRCode
        aria-label="本人操作确认二维码"
        value={url}
        size={phone ? 160 : 200}
        status={expired ? 'expired' : settled ? 'scanned' : 'active'}
        onRefresh={() => {
          setDone(false);
          create.mutate();
        }}
      />
      {!expired && !settled && (
        // The same one-time link as the code (a new window: this page keeps polling and goes on by itself).
        <Button
          type={phone ? 'primary' : 'link'}
          size={phone ? 'large' : 'middle'}
          block={phone}
          href={url}
          target="_blank"
          rel="noopener"
          className="face-check__here"
          data-testid="face-check-here"
        >
          {FACE_HERE_TEXT}
        </Button>
      )}
      {expired ? (
        <Typography.Text type="warning">二维码已过期，请点击刷新</Typography.Text>
      ) : settled ? (
        <Typography.Text type="success">已确认是本人操作</Typography.Text>
      ) : (
        <Typography.Text type="secondary">
          等待确认…（{phone ? '链接' : '二维码'} {challenge.expiresAt} 前有效，仅可使用一次；在本机打开的，确认后回到本页即可继续）
        </Typography.Text>
      )}
    </Space>
  );
}
