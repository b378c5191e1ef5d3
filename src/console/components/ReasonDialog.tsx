/**
 * A refusal's reason (驳回, 支付失败, 拒绝, 没收): required, at most 500 characters, read by the user where
 * the portal shows it. `onSubmit` runs the action; the dialog closes when it succeeds and stays open (the
 * client showed the server's text) when it fails.
 */
import { Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** The field's label, e.g. 驳回原因. */
  label: string;
  okText: string;
  placeholder?: string;
  /** Who reads the reason, shown under the field. */
  extra?: string;
  /** What is being refused. */
  children?: ReactNode;
  busy?: boolean;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

export function ReasonDialog({ open, title, label, okText, placeholder, extra = '用户将看到此原因', children, busy, onSubmit, onClose }: ReasonDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const { reason } = await form.validateFields();
    await onSubmit(reason.trim());
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {children}
      <Form form={form} layout="vertical" aria-label={label}>
        <Form.Item name="reason" label={label} rules={[{ required: true, whitespace: true, message: `请填写${label}` }]} extra={extra}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
