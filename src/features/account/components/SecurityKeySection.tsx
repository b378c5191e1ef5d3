import { useState } from 'react';
import { Alert, App, Button, Empty, Form, Input, InputNumber, Modal, Skeleton, Switch, Tag } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { SECURITY_KEY_NAME_MAX, SECURITY_KEYS_MAX, type SecurityKey } from '#domain/contract/webauthn';
import { tableMoneyText } from '#domain/rules/money';
import { publicKeyQueryOptions } from '@/api/resources/get-public-key';
import { encryptPassword } from '@/lib/passwordCrypto';
import { createWithKey, KEY_UNSUPPORTED, securityKeyErrorText, securityKeySupported } from '@/lib/securityKey';
import { bidKeySettingsQueryOptions, useBidKeySettings } from '../api/get-bid-key-settings';
import { securityKeysQueryOptions, useSecurityKeys } from '../api/get-security-keys';
import { postBidKeySettings } from '../api/post-bid-key-settings';
import { postRemoveSecurityKey } from '../api/post-remove-security-key';
import { postRegistrationOptions, postRegistrationVerify } from '../api/post-security-key';
import '@/styles/security-keys.css';

type Dialog = { kind: 'add' } | { kind: 'remove'; key: SecurityKey } | { kind: 'threshold' } | null;

interface DialogValues {
  name?: string;
  enabled?: boolean;
  thresholdYuan?: number | null;
  password: string;
}

const passwordItem = (
  <Form.Item name="password" label="登录密码" rules={[{ required: true, message: '请输入登录密码' }]} extra="为保障账户安全，此操作需验证登录密码">
    <Input.Password autoComplete="current-password" maxLength={64} placeholder="请输入登录密码" />
  </Form.Item>
);

/**
 * 账户安全 › 安全密钥 (docs/accounts.md "Security keys"): the bidder's keys and passkeys — add one (named,
 * after the password again), see when each was last used, remove one — and 大额出价需安全密钥确认 with its
 * amount. Server refusals show as the client's warning; a browser or key refusal is shown here.
 */
export function SecurityKeySection() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const keys = useSecurityKeys();
  const settings = useBidKeySettings();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [keyError, setKeyError] = useState<string | null>(null);
  const [form] = Form.useForm<DialogValues>();
  const supported = securityKeySupported();

  const open = (next: Exclude<Dialog, null>) => {
    setKeyError(null);
    form.resetFields();
    if (next.kind === 'threshold') {
      const current = settings.data?.thresholdYuan ?? 0;
      form.setFieldsValue({ enabled: current > 0, thresholdYuan: current > 0 ? current : null });
    }
    setDialog(next);
  };

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: securityKeysQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: bidKeySettingsQueryOptions().queryKey }),
    ]);

  const encrypted = async (password: string) => encryptPassword(password, (await queryClient.ensureQueryData(publicKeyQueryOptions())).publicKey);

  const onFinish = async (values: DialogValues) => {
    if (!dialog) return;
    setBusy(true);
    setKeyError(null);
    try {
      const password = await encrypted(values.password);
      if (dialog.kind === 'add') {
        const { challengeId, options } = await postRegistrationOptions(password);
        let response: string;
        try {
          response = await createWithKey(options);
        } catch (error) {
          setKeyError(securityKeyErrorText(error));
          return;
        }
        await postRegistrationVerify({ challengeId, name: values.name!.trim(), response });
        void message.success('安全密钥已添加');
      } else if (dialog.kind === 'remove') {
        await postRemoveSecurityKey(dialog.key.id, password);
        void message.success('安全密钥已删除');
      } else {
        const threshold = values.enabled ? Number(values.thresholdYuan) : 0;
        await postBidKeySettings(threshold, password);
        void message.success(threshold > 0 ? '已开启大额出价安全密钥确认' : '已关闭大额出价安全密钥确认');
      }
      setDialog(null);
      await refresh();
    } catch {
      // The client showed the server's refusal; the dialog stays for another try.
      form.setFieldsValue({ password: '' });
    } finally {
      setBusy(false);
    }
  };

  const threshold = settings.data?.thresholdYuan ?? 0;
  const list = keys.data ?? [];
  const enabled = Form.useWatch('enabled', form);

  return (
    <section className="security-keys" aria-labelledby="security-keys-title" data-testid="security-keys">
      <div className="security-keys__head">
        <h3 id="security-keys-title" className="security-keys__title">
          <SafetyCertificateOutlined /> 安全密钥
        </h3>
        <Button type="primary" onClick={() => open({ kind: 'add' })} disabled={!supported || list.length >= SECURITY_KEYS_MAX}>
          添加安全密钥
        </Button>
      </div>
      <p className="security-keys__intro">
        安全密钥即交易所支持的硬件密钥（USB / NFC 的 FIDO 安全密钥）或通行密钥（手机、电脑的指纹、面容或 PIN）。添加后可在登录页“使用安全密钥登录”，并可用于确认大额出价。
      </p>
      {!supported && <Alert type="warning" showIcon title={KEY_UNSUPPORTED} />}
      {keys.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未添加安全密钥" />
      ) : (
        <ul className="security-keys__list" aria-label="已添加的安全密钥">
          {list.map((key) => (
            <li key={key.id} className="security-keys__item">
              <span className="security-keys__name">
                {key.name}
                {key.synced && <Tag className="security-keys__tag">通行密钥（多设备同步）</Tag>}
              </span>
              <span className="security-keys__meta tabular">添加于 {key.createTime}</span>
              <span className="security-keys__meta tabular">{key.lastUsedTime ? `最近使用 ${key.lastUsedTime}` : '从未使用'}</span>
              <Button type="link" danger onClick={() => open({ kind: 'remove', key })} aria-label={`删除 ${key.name}`}>
                删除
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="security-keys__setting" data-testid="bid-key-setting">
        <span className="security-keys__setting-label">大额出价需安全密钥确认</span>
        <span className="security-keys__setting-value">
          {settings.isPending ? '--' : threshold > 0 ? (
            <>
              <Tag color="green">已开启</Tag>单笔出价超过 <strong className="tabular">{tableMoneyText(threshold)}</strong> 时需使用安全密钥确认
            </>
          ) : (
            <>
              <Tag>未开启</Tag>开启后，超过您设定金额的出价需使用安全密钥确认，防止账号被盗用后代为出价
            </>
          )}
        </span>
        <Button onClick={() => open({ kind: 'threshold' })}>设置</Button>
      </div>

      <Modal
        title={dialog?.kind === 'add' ? '添加安全密钥' : dialog?.kind === 'remove' ? '删除安全密钥' : '大额出价需安全密钥确认'}
        open={dialog !== null}
        onCancel={() => setDialog(null)}
        onOk={() => form.submit()}
        okText={dialog?.kind === 'add' ? '下一步：验证安全密钥' : dialog?.kind === 'remove' ? '确认删除' : '保存'}
        okButtonProps={dialog?.kind === 'remove' ? { danger: true } : {}}
        cancelText="取消"
        confirmLoading={busy}
        forceRender
      >
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void onFinish(values)} aria-label="安全密钥设置">
          {keyError && <Alert className="security-keys__error" type="error" showIcon title={keyError} role="alert" />}
          {dialog?.kind === 'add' && (
            <Form.Item name="name" label="密钥名称" rules={[{ required: true, whitespace: true, message: '请为安全密钥命名' }]} extra="便于区分多个密钥，如“办公室 U 盾”“我的手机”">
              <Input maxLength={SECURITY_KEY_NAME_MAX} placeholder="请输入密钥名称" />
            </Form.Item>
          )}
          {dialog?.kind === 'remove' && <p>删除后将不能再使用“{dialog.key.name}”登录或确认出价。</p>}
          {dialog?.kind === 'threshold' && (
            <>
              <Form.Item name="enabled" label="开启确认" valuePropName="checked">
                <Switch checkedChildren="开" unCheckedChildren="关" />
              </Form.Item>
              {enabled && (
                <Form.Item
                  name="thresholdYuan"
                  label="单笔出价超过（元）"
                  rules={[{ required: true, message: '请输入金额' }, { type: 'number', min: 0.01, message: '金额须大于 0' }]}
                  extra="出价金额超过该数额时，需插入或触碰安全密钥确认后方可提交"
                >
                  <InputNumber className="security-keys__amount" min={0.01} max={999_999_999_999} precision={2} suffix="元" placeholder="如 1000000" />
                </Form.Item>
              )}
            </>
          )}
          {passwordItem}
        </Form>
      </Modal>
    </section>
  );
}
