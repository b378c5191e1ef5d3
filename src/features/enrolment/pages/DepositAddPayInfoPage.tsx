import { useState } from 'react';
import { Alert, App, Button, DatePicker, Descriptions, Form, Input, InputNumber, Upload, type UploadFile } from 'antd';
import { Result } from '@/components/Result';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { uploadFile } from '@/api/resources/upload-file';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { type Attachment, type DepositDetail } from '#domain/contract/enrolment';
import { Money } from '@/components/Money';
import { useDepositDetail } from '../api/get-deposit-detail';
import { postDepositProof } from '../api/post-deposit-proof';

interface ProofValues {
  payerName: string;
  payerAccount: string;
  bankName: string;
  amount: number;
  paidTime: Dayjs;
  note?: string;
}

function ProofForm({ deposit }: { deposit: DepositDetail }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<UploadFile<Attachment>[]>([]);
  const proofFile = files.find((f) => f.status === 'done' && f.response)?.response ?? null;
  const submit = useMutation({
    mutationFn: (v: ProofValues) =>
      postDepositProof({
        depositId: deposit.id,
        fileId: proofFile!.fileId,
        payerName: v.payerName.trim(),
        payerAccount: v.payerAccount.trim(),
        bankName: v.bankName.trim(),
        amount: v.amount,
        paidTime: v.paidTime.format('YYYY-MM-DD HH:mm:ss'),
        note: (v.note ?? '').trim(),
      }),
    onSuccess: async () => {
      void message.success('付款凭证已提交，请等待确认');
      await queryClient.invalidateQueries({ queryKey: ['enrolment'] });
      void navigate({ href: `/depositDetail?id=${deposit.id}` });
    },
  });
  if (deposit.status !== 'pending' && deposit.status !== 'paying') {
    return <Result status="info" title={`该保证金${deposit.statusText}，无需上传凭证`} />;
  }
  return (
    <>
      <Alert type="info" showIcon title="请通过银行转账将保证金汇入以下账户，转账时请在附言中注明保证金编号，完成后上传付款凭证。" style={{ marginBottom: 16 }} />
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label="收款户名">{deposit.receiving.accountName}</Descriptions.Item>
        <Descriptions.Item label="开户银行">{deposit.receiving.bankName}</Descriptions.Item>
        <Descriptions.Item label="收款账号">{deposit.receiving.accountNo}</Descriptions.Item>
        <Descriptions.Item label="应缴金额">
          <Money yuan={deposit.amount} exact />
        </Descriptions.Item>
        <Descriptions.Item label="附言（保证金编号）" span={2}>
          {deposit.depositCode}
        </Descriptions.Item>
      </Descriptions>
      <Form<ProofValues> layout="vertical" style={{ marginTop: 20, maxWidth: 560 }} initialValues={{ amount: deposit.amount }} onFinish={(v) => submit.mutate(v)}>
        <Form.Item label="付款人户名" name="payerName" rules={[{ required: true, whitespace: true, message: '请输入付款人户名' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="付款账号" name="payerAccount" rules={[{ required: true, message: '请输入付款账号' }, { pattern: /^[\d ]{8,40}$/, message: '付款账号须为数字' }]}>
          <Input maxLength={40} inputMode="numeric" />
        </Form.Item>
        <Form.Item label="付款银行" name="bankName" rules={[{ required: true, whitespace: true, message: '请输入付款银行' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="付款金额（元）" name="amount" rules={[{ required: true, message: '请输入付款金额' }]}>
          <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="付款时间" name="paidTime" rules={[{ required: true, message: '请选择付款时间' }]}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="付款凭证" required>
          <Upload<Attachment>
            accept=".png,.jpg,.jpeg,.pdf"
            maxCount={1}
            fileList={files}
            customRequest={({ file, onSuccess, onError }) => {
              uploadFile(file as File)
                .then((u) => onSuccess?.({ fileId: u.fileId, name: u.name }))
                .catch((error: Error) => onError?.(error));
            }}
            onChange={({ fileList }) => setFiles(fileList)}
          >
            <Button>上传凭证（PNG、JPG、PDF）</Button>
          </Upload>
        </Form.Item>
        <Form.Item label="备注" name="note">
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
        {submit.isError && <Alert type="error" showIcon title={submit.error.message} style={{ marginBottom: 12 }} />}
        <Button type="primary" htmlType="submit" loading={submit.isPending} disabled={!proofFile}>
          提交凭证
        </Button>
      </Form>
    </>
  );
}

/** /depositAddPayInfo?depositId=: 上传支付凭证 — the exchange's account and the bank-transfer proof form. */
export function DepositAddPayInfoPage() {
  const { depositId = null } = useSearch({ from: '/_auth/depositAddPayInfo' });
  const query = useDepositDetail(depositId);
  return (
    <UserCentreFrame title="上传支付凭证">
      {depositId === null ? (
        <Result status="warning" title="缺少保证金参数" />
      ) : (
        <QueryState query={query} isEmpty={() => false} back={{ href: '#/myDeposit', label: '返回我的保证金' }}>
          {(deposit) => <ProofForm deposit={deposit} />}
        </QueryState>
      )}
    </UserCentreFrame>
  );
}
