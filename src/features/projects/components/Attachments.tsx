import { useId, useState } from 'react';
import { App, Button, Form, Input, Modal, Spin } from 'antd';
import { DownloadOutlined, FileTextOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { AttachmentInfo } from '#domain/contract/projects';
import { useCaptchaQuery } from '@/api/resources/get-captcha';
import { postAttachmentLog } from '../api/post-attachment-log';
import { postVerifyCode } from '../api/post-verify-code';
import { fileSizeText } from '../display';
import { startDownload } from '../download';

export const CAPTCHA_PLACEHOLDER = '请输入图片验证码';

/** One file of a list (the lot's attachments, a roadshow's materials): its name, type, size and 下载 (behind the verify code). */
export function AttachmentItem({ item, onDownload }: { item: AttachmentInfo; onDownload: (item: AttachmentInfo) => void }) {
  return (
    <li>
      <FileTextOutlined className="attachment-list__icon" />
      <span className="attachment-list__name" title={item.fileName}>
        {item.fileName}
      </span>
      <span className="attachment-list__meta tabular">
        {item.fileType.toUpperCase()} · {fileSizeText(item.fileSize)}
      </span>
      <Button size="small" icon={<DownloadOutlined />} onClick={() => onDownload(item)} aria-label={`下载 ${item.fileName}`}>
        下载
      </Button>
    </li>
  );
}

/**
 * The image verify code of one download: a new captcha per dialog, clicking the image loads another
 * (spec section 5). A right code gives a single-use ticket; the file then downloads and is logged.
 */
export function DownloadDialog({ assetsId, attachment, onClose }: { assetsId: number; attachment: AttachmentInfo; onClose: () => void }) {
  const { message } = App.useApp();
  const owner = useId();
  const captcha = useCaptchaQuery(`${owner}-${attachment.id}`);
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async ({ code }: { code: string }) => {
    if (!captcha.data) return;
    setBusy(true);
    try {
      const ticket = await postVerifyCode({ attachmentId: attachment.id, key: captcha.data.key, code: code.trim() });
      startDownload(ticket.url);
      // The log is the exchange's record, not the user's concern: its failure does not undo the download.
      void postAttachmentLog({ assetsId, attachmentId: attachment.id }).catch(() => undefined);
      void message.success(`已开始下载：${attachment.fileName}`);
      onClose();
    } catch (error) {
      // A captcha is single use: whatever happened, the next try needs a new image.
      form.setFields([{ name: 'code', value: '', errors: [error instanceof Error && error.message ? error.message : '验证失败，请重试'] }]);
      void captcha.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title="下载附件" onCancel={onClose} footer={null} destroyOnHidden width={440}>
      <p className="download-dialog__file">
        <FileTextOutlined /> {attachment.fileName}
      </p>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} aria-label="附件下载验证">
        {/* The code's errors (noStyle) show under this whole row. */}
        <Form.Item label="图片验证码" required>
          <div className="captcha-field">
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: CAPTCHA_PLACEHOLDER }]}>
              <Input placeholder={CAPTCHA_PLACEHOLDER} prefix={<SafetyCertificateOutlined />} maxLength={8} autoComplete="off" />
            </Form.Item>
            <button
              type="button"
              className="captcha-field__image"
              onClick={() => void captcha.refetch()}
              title="看不清？点击刷新"
              aria-label="看不清？点击刷新验证码"
              data-testid="captcha-image"
            >
              {captcha.data && !captcha.isFetching ? (
                <img src={captcha.data.image} alt="图片验证码" />
              ) : captcha.isError && !captcha.isFetching ? (
                <span className="captcha-field__failed">加载失败，点击重试</span>
              ) : (
                <Spin size="small" />
              )}
            </button>
          </div>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} disabled={!captcha.data} icon={<DownloadOutlined />}>
          验证并下载
        </Button>
      </Form>
    </Modal>
  );
}

/** 相关附件: each download asks for the image verify code first. */
export function Attachments({ assetsId, items }: { assetsId: number; items: AttachmentInfo[] }) {
  const [open, setOpen] = useState<AttachmentInfo | null>(null);
  return (
    <section className="detail-section" aria-labelledby="attachments-title">
      <h2 className="detail-section__title" id="attachments-title">
        相关附件
      </h2>
      {items.length === 0 ? (
        <p className="detail-section__empty">暂无数据，本项目未发布附件</p>
      ) : (
        <ul className="attachment-list">
          {items.map((item) => (
            <AttachmentItem key={item.id} item={item} onDownload={setOpen} />
          ))}
        </ul>
      )}
      {open && <DownloadDialog assetsId={assetsId} attachment={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
