import { Alert, Button, Card, Descriptions } from 'antd';
import { Result } from '@/components/Result';
import { Link, useSearch } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FACE_QR_PATH } from '#domain/contract/esign';
import { FACE_STATUS_TEXT } from '#domain/rules/esign';
import { useSession } from '@/lib/session';
import { confirmFace, useFaceInfo } from '../api/face';

const frame = (children: React.ReactNode) => <div style={{ maxWidth: 480, margin: '24px auto', padding: '0 12px' }}>{children}</div>;

/**
 * /contract/seal/qrcode?token=…: opened on the phone from the QR code of a signing page, or on the signing
 * device itself (FaceCheck's 在本机完成人脸识别 opens the same link in a new window), so its words name no device. Not logged in: why
 * and a login link that comes back here. The same user: what is being confirmed and 确认是本人操作.
 * Another user, a used or an expired link: a clear refusal.
 */
export function FaceQrPage() {
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  // Subscribed, not read once: a login in another tab of the phone's browser turns this page around.
  const { isLoggedIn: loggedIn } = useSession();
  const info = useFaceInfo(token, loggedIn && token !== '');
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => confirmFace(token),
    onSuccess: (data) => queryClient.setQueryData(['esign', 'face', 'info', token], data),
  });
  const back = `${FACE_QR_PATH}?token=${encodeURIComponent(token)}`;

  if (token === '') return frame(<Result status="warning" title="确认链接不完整" subTitle="请重新扫描签署页面上的二维码，或在签署页面点击“在本机完成人脸识别”" />);
  if (!loggedIn) {
    return frame(
      <Result
        status="info"
        title="请先登录"
        subTitle="为确认是您本人操作，请登录发起签署的账号，登录后将回到本页。"
        extra={
          <Link to="/login" search={{ redirect: back }}>
            <Button type="primary">去登录</Button>
          </Link>
        }
      />,
    );
  }
  if (info.isPending) return frame(<Card loading />);
  if (info.isError) return frame(<Result status="error" title="无法确认" subTitle={info.error.message} />);
  const d = info.data;
  if (d.status === 'confirmed' || d.status === 'consumed') {
    return frame(<Result status="success" title="已确认是本人操作" subTitle="请回到签署页面继续操作（在电脑上签署的，请回到电脑上）。" />);
  }
  if (d.status === 'expired') return frame(<Result status="warning" title="确认链接已过期" subTitle="请在签署页面刷新二维码后重新扫描或打开。" />);
  return frame(
    <Card title="身份确认">
      <Descriptions column={1} size="small">
        <Descriptions.Item label="账号">{d.userName}</Descriptions.Item>
        <Descriptions.Item label="确认事项">{d.summary}</Descriptions.Item>
        <Descriptions.Item label="有效期至">{d.expiresAt}</Descriptions.Item>
        <Descriptions.Item label="状态">{FACE_STATUS_TEXT[d.status]}</Descriptions.Item>
      </Descriptions>
      {confirm.isError && <Alert type="error" showIcon title={confirm.error.message} style={{ marginTop: 12 }} />}
      <Button type="primary" block size="large" style={{ marginTop: 16 }} loading={confirm.isPending} onClick={() => confirm.mutate()}>
        确认是本人操作
      </Button>
    </Card>,
  );
}
