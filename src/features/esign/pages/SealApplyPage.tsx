import { useState } from 'react';
import { Alert, App, Button, Form, Image, Input, Table, Tag, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { cardColumns, TABLE_CARDS } from '@/components/phoneCards';
import { SEAL_MAX_BYTES, SEAL_NAME_MAX } from '#domain/rules/esign';
import { type SealApplication, type SealStatus } from '#domain/contract/esign';
import { applySeal, useSealEligibility, useSealImage, useSeals } from '../api/seals';

const COLOR: Record<SealStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

function SealThumb({ id }: { id: number }) {
  const image = useSealImage(id);
  return image.data ? <Image src={image.data} width={48} height={48} alt="印章图片" /> : <span style={{ display: 'inline-block', width: 48 }} />;
}

interface SealValues {
  sealName: string;
}

function SealForm({ orgName, blocked }: { orgName: string; blocked: boolean }) {
  const [form] = Form.useForm<SealValues>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileError, setFileError] = useState('');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: (v: SealValues) => applySeal(files[0]!.originFileObj as File, v.sealName.trim()),
    onSuccess: async () => {
      void message.success('印章申请已提交，请等待平台审核');
      form.resetFields();
      setFiles([]);
      await queryClient.invalidateQueries({ queryKey: ['esign', 'seal', 'list'] });
    },
  });
  const onFinish = (v: SealValues) => {
    if (files.length === 0) {
      setFileError('请上传印章图片');
      return;
    }
    submit.mutate(v);
  };
  return (
    <Form<SealValues> form={form} layout="vertical" onFinish={onFinish} requiredMark initialValues={{ sealName: `${orgName}合同专用章` }} style={{ maxWidth: 520 }}>
      <Form.Item label="机构名称">{orgName}</Form.Item>
      <Form.Item name="sealName" label="印章名称" rules={[{ required: true, whitespace: true, message: '请填写印章名称' }, { max: SEAL_NAME_MAX, message: `印章名称不能超过${SEAL_NAME_MAX}个字` }]}>
        <Input maxLength={SEAL_NAME_MAX} placeholder="如：合同专用章" />
      </Form.Item>
      <Form.Item
        label="印章图片"
        required
        validateStatus={fileError ? 'error' : undefined}
        help={fileError || `PNG 格式（建议透明背景、红色印文），不超过 ${SEAL_MAX_BYTES / 1024}KB`}
      >
        <Upload
          accept="image/png"
          listType="picture"
          maxCount={1}
          fileList={files}
          beforeUpload={(file) => {
            if (file.type !== 'image/png' && !file.name.toLowerCase().endsWith('.png')) setFileError('印章图片须为 PNG 格式');
            else if (file.size > SEAL_MAX_BYTES) setFileError(`印章图片不能超过 ${SEAL_MAX_BYTES / 1024}KB`);
            else {
              setFileError('');
              setFiles([{ uid: file.uid, name: file.name, status: 'done', originFileObj: file }]);
            }
            return false;
          }}
          onRemove={() => setFiles([])}
        >
          <Button>选择图片</Button>
        </Upload>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submit.isPending} disabled={blocked}>
        提交申请
      </Button>
      {blocked && <span style={{ marginLeft: 12, color: 'rgba(0,0,0,0.45)' }}>您有待审核的申请，审核后可再次申请</span>}
    </Form>
  );
}

/** /contract/seal/apply: 用印申请 — organisation-verified users apply for an electronic seal and follow its review. */
export function SealApplyPage() {
  const eligibility = useSealEligibility();
  const eligible = eligibility.data?.eligible === true;
  const seals = useSeals(eligible);
  const pending = (seals.data ?? []).some((s) => s.status === 'pending');
  return (
    <UserCentreFrame title="用印申请">
      <QueryState query={eligibility} isEmpty={() => false}>
        {(e) =>
          !e.eligible ? (
            <Alert type="info" showIcon title="暂不能申请电子印章" description={<>{e.reason}。<a href="#/realNameOrg">去机构认证</a></>} />
          ) : (
            <>
              <Alert type="info" showIcon style={{ marginBottom: 16 }} title="电子印章用于以机构名义签署合同。申请经平台审核通过后，签署时加盖在合同的签章处，并附带以机构认证名称签发的数字证书。" />
              <SealForm orgName={e.orgName} blocked={pending} />
              <h3 style={{ margin: '28px 0 12px' }}>我的申请</h3>
              <QueryState query={seals} isEmpty={(rows) => rows.length === 0} emptyHint="可在上方提交印章申请">
                {(rows) => (
                  <Table<SealApplication>
                    className={TABLE_CARDS}
                    rowKey="id"
                    size="middle"
                    pagination={false}
                    dataSource={rows}
                    columns={cardColumns<SealApplication>([
                      { title: '印章', key: 'image', width: 72, render: (_, r) => <SealThumb id={r.id} /> },
                      { title: '印章名称', dataIndex: 'sealName', card: 'title' },
                      { title: '申请时间', dataIndex: 'createTime', width: 170 },
                      {
                        title: '状态',
                        key: 'status',
                        render: (_, r) => (
                          <>
                            <Tag color={COLOR[r.status]}>{r.statusText}</Tag>
                            {r.status === 'rejected' && r.reason && <span>（{r.reason}）</span>}
                          </>
                        ),
                      },
                      { title: '审核时间', dataIndex: 'decideTime', width: 170, render: (v: string) => v || '—' },
                    ])}
                  />
                )}
              </QueryState>
            </>
          )
        }
      </QueryState>
    </UserCentreFrame>
  );
}
