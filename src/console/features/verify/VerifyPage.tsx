/**
 * 验证签名: a signed PDF (a contract as a party downloaded it, a 成交确认书) checked by the exchange's public
 * verification — each signature's signer and time, whether the document is unchanged since and the
 * certificate trusted. What `npm run ops -- esign verify FILE` does; nothing is stored.
 */
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Space, Table, Tag, Typography, Upload } from 'antd';
import { ESIGN_PATHS, type SignatureCheck, type SignatureVerification } from '#domain/contract/esign';
import { staffHttp } from '../../api/http';

const yes = (ok: boolean, good: string, bad: string) => <Tag color={ok ? 'green' : 'red'}>{ok ? good : bad}</Tag>;

export function VerifyPage() {
  const verify = useMutation({ mutationFn: (file: File) => staffHttp.upload<SignatureVerification>(ESIGN_PATHS.verify, {}, file) });
  const result = verify.data;
  return (
    <div className="console-page">
      <h1 className="console-title">验证签名</h1>
      <Typography.Paragraph type="secondary">选择已签署的 PDF（合同、成交确认书等），核验其中每个数字签名的签署人、时间、文件是否被修改、证书是否可信。文件仅用于核验，不保存。</Typography.Paragraph>
      <Space className="console-filters">
        <Upload
          accept=".pdf,application/pdf"
          showUploadList={false}
          beforeUpload={(file) => {
            verify.mutate(file);
            return false;
          }}
        >
          <Button type="primary" loading={verify.isPending}>
            选择 PDF 并验证
          </Button>
        </Upload>
        {verify.variables && <Typography.Text type="secondary">{verify.variables.name}</Typography.Text>}
      </Space>
      {result && (
        <>
          <Alert
            className="console-note"
            type={result.valid ? 'success' : 'error'}
            showIcon
            title={result.valid ? '签名有效：文件自签署后未被修改，证书可信' : '签名无效'}
            description={result.problem}
          />
          <Descriptions size="small" column={1} className="console-note">
            <Descriptions.Item label="签名数">{result.signatures.length}</Descriptions.Item>
          </Descriptions>
          <Table<SignatureCheck>
            rowKey={(s) => `${s.name}-${s.signedAt}`}
            size="small"
            pagination={false}
            dataSource={result.signatures}
            locale={{ emptyText: '文件中没有数字签名' }}
            columns={[
              { title: '签署人', dataIndex: 'name' },
              { title: '签署时间', dataIndex: 'signedAt', render: (t: string) => <span className="tabular">{t}</span> },
              { title: '文件', render: (_, s) => yes(s.intact, '未被修改', '已被修改') },
              { title: '证书', render: (_, s) => yes(s.trusted, '可信', '不可信') },
              { title: '范围', render: (_, s) => (s.coversWholeDocument ? '覆盖全文' : <Tag color="orange">签署后有追加内容</Tag>) },
            ]}
          />
        </>
      )}
    </div>
  );
}
