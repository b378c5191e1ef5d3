import { useState } from 'react';
import { Alert, App, Button, Checkbox, Descriptions, Form, Input, Select, Upload, type UploadFile } from 'antd';
import { Result } from '@/components/Result';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLibraryFiles } from '@/api/resources/library-files';
import { uploadFile } from '@/api/resources/upload-file';
import { QueryState, WayBackActions } from '@/components/QueryState';
import { ProjectLink } from '@/components/ProjectLink';
import { validateMobile } from '#domain/rules/validation';
import { ENROLMENT_COMMITMENTS, type Attachment, type CommitmentKey, type EnrolmentForm } from '#domain/contract/enrolment';
import { CostSummary } from '@/components/CostSummary';
import { Money } from '@/components/Money';
import { useEnrolForm } from '../api/get-enrol-form';
import { postEnrolSubmit } from '../api/post-enrol-submit';
import type { EnrolSearch } from '../search';
import '@/styles/enrolment.css';

interface ContactValues {
  contactName: string;
  contactPhone: string;
  contactEmail?: string;
  address?: string;
}

const ACCEPT = '.png,.jpg,.jpeg,.pdf';
const MAX_BYTES = 10 * 1024 * 1024;
const TRADING_CENTRE = { href: '#/project', label: '返回交易中心' };

/** Why the user cannot enrol, with the way forward where there is one. */
function Refusal({ form }: { form: EnrolmentForm }) {
  const { reason, message, enrolmentId } = form.check;
  const extra =
    reason === 'alreadyEnrolled' && enrolmentId ? (
      <a href={`#/enrollDetail?id=${enrolmentId}`}>
        <Button type="primary">查看报名详情</Button>
      </a>
    ) : reason === 'notVerified' ? (
      <Link to={form.bidder.bidderType === 2 ? '/realNameOrg' : '/realNamePerson'}>
        <Button type="primary">去实名认证</Button>
      </Link>
    ) : (
      <ProjectLink project={{ assetsId: form.project.assetsId, projectType: null }}>
        <Button>返回项目详情</Button>
      </ProjectLink>
    );
  return <Result status="info" title={message} subTitle={form.project.assetsName} extra={extra} />;
}

function EnrolFormView({ data, isPackage }: { data: EnrolmentForm; isPackage: boolean }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ContactValues>();
  const [files, setFiles] = useState<UploadFile<Attachment>[]>([]);
  /** Files chosen from 我的文件 (already the user's uploads: the server checks they are his). */
  const [chosen, setChosen] = useState<string[]>([]);
  const library = useLibraryFiles();
  const [accepted, setAccepted] = useState<CommitmentKey[]>([]);
  const { project, bidder } = data;
  const submit = useMutation({
    mutationFn: (values: ContactValues) =>
      postEnrolSubmit({
        assetsId: project.assetsId,
        contactName: values.contactName.trim(),
        contactPhone: values.contactPhone.trim(),
        contactEmail: (values.contactEmail ?? '').trim(),
        address: (values.address ?? '').trim(),
        attachments: [
          ...files.filter((f) => f.status === 'done' && f.response).map((f) => f.response!),
          ...chosen.flatMap((id) => {
            const f = library.data?.find((x) => x.fileId === id);
            return f && !files.some((u) => u.response?.fileId === id) ? [{ fileId: f.fileId, name: f.name }] : [];
          }),
        ],
        commitments: accepted,
        // The version read here (the server refuses an outdated one) and its hash as served.
        termsVersion: data.terms.version,
        termsSha256: data.terms.sha256,
      }),
    onSuccess: async (detail) => {
      void message.success('报名已提交，请等待审核');
      await queryClient.invalidateQueries({ queryKey: ['enrolment'] });
      void navigate({ href: `/enrollDetail?id=${detail.id}` });
    },
    // A refusal may be a newer 竞买须知: read the form again so the page shows the version in effect.
    onError: () => void queryClient.invalidateQueries({ queryKey: ['enrolment', 'form', project.assetsId] }),
  });
  const allAccepted = accepted.length === ENROLMENT_COMMITMENTS.length;
  const uploading = files.some((f) => f.status === 'uploading');

  return (
    <>
      <h2 className="enrol-page__section">项目信息</h2>
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label="项目名称" span={2}>
          {project.assetsName}
        </Descriptions.Item>
        <Descriptions.Item label="项目编号">{project.projectCode}</Descriptions.Item>
        <Descriptions.Item label="挂牌价格">{project.startPrice > 0 ? <Money yuan={project.startPrice} /> : '面议'}</Descriptions.Item>
        <Descriptions.Item label="交易保证金"><Money yuan={project.depositAmount} /></Descriptions.Item>
        <Descriptions.Item label="报名截止">{project.enrolEndTime}</Descriptions.Item>
        {isPackage && project.children.length > 0 && (
          <Descriptions.Item label={`包含标的（${project.children.length}）`} span={2}>
            {project.children.map((c) => `${c.assetsName}（${c.projectCode}）`).join('；')}
          </Descriptions.Item>
        )}
      </Descriptions>
      <CostSummary priceYuan={project.startPrice > 0 ? project.startPrice : null} depositYuan={project.depositAmount} priceLabel="挂牌价格" />

      <h2 className="enrol-page__section">竞买人信息（取自实名认证）</h2>
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={bidder.bidderType === 2 ? '机构名称' : '竞买人姓名'}>{bidder.bidderName}</Descriptions.Item>
        <Descriptions.Item label={bidder.bidderType === 2 ? '统一社会信用代码' : '证件号码'}>{bidder.idMasked || '—'}</Descriptions.Item>
        <Descriptions.Item label="注册手机">{bidder.phone || '—'}</Descriptions.Item>
        <Descriptions.Item label="竞买人类型">{bidder.bidderType === 2 ? '机构' : '个人'}</Descriptions.Item>
      </Descriptions>

      <Form form={form} layout="vertical" requiredMark onFinish={(values) => submit.mutate(values)} initialValues={{ contactEmail: bidder.email }}>
        <h2 className="enrol-page__section">联系信息</h2>
        <div className="enrol-contact">
          <Form.Item label="联系人" name="contactName" rules={[{ required: true, whitespace: true, message: '请输入联系人' }, { max: 30, message: '联系人不能超过30个字符' }]}>
            <Input placeholder="请输入联系人姓名" maxLength={30} />
          </Form.Item>
          <Form.Item
            label="联系电话"
            name="contactPhone"
            rules={[
              { required: true, message: '请输入联系电话' },
              {
                validator: (_, value: string | undefined) => {
                  if (!value) return Promise.resolve();
                  const result = validateMobile(value);
                  return result.ok ? Promise.resolve() : Promise.reject(new Error(result.message));
                },
              },
            ]}
          >
            <Input placeholder="请输入11位手机号码" maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Form.Item label="电子邮箱" name="contactEmail" rules={[{ type: 'email', message: '电子邮箱格式不正确' }]}>
            <Input placeholder="选填" maxLength={100} />
          </Form.Item>
          <Form.Item label="联系地址" name="address">
            <Input placeholder="选填" maxLength={200} />
          </Form.Item>
        </div>

        <h2 className="enrol-page__section">资质附件</h2>
        <p className="account-panel__muted">按公告要求上传资质证明材料（营业执照、授权委托书等），支持 PNG、JPG、PDF，单个不超过10MB，最多10个。</p>
        <Upload<Attachment>
          accept={ACCEPT}
          fileList={files}
          maxCount={10}
          beforeUpload={(file) => {
            if (file.size > MAX_BYTES) {
              void message.error('文件大小不能超过10MB');
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            const f = file as File;
            uploadFile(f)
              .then((uploaded) => onSuccess?.({ fileId: uploaded.fileId, name: uploaded.name }))
              .catch((error: Error) => onError?.(error));
          }}
          onChange={({ fileList }) => setFiles(fileList)}
        >
          <Button>上传附件</Button>
        </Upload>
        <Form.Item label="或从“我的文件”中选择" style={{ marginTop: 12, maxWidth: 640 }}>
          <Select
            aria-label="从我的文件选择附件"
            mode="multiple"
            value={chosen}
            maxCount={Math.max(0, 10 - files.length)}
            placeholder="营业执照、授权委托书等已存入“我的文件”的材料"
            loading={library.isPending}
            optionFilterProp="label"
            onChange={(ids: string[]) => setChosen(ids)}
            options={(library.data ?? []).map((f) => ({ value: f.fileId, label: f.folderPath ? `${f.folderPath} / ${f.name}` : f.name }))}
          />
        </Form.Item>

        <h2 className="enrol-page__section">
          《{data.terms.title}》v{data.terms.version}
        </h2>
        <p className="account-panel__muted enrol-terms__meta">{data.terms.effectiveTime} 起施行 · SHA-256 {data.terms.sha256}</p>
        {/* It scrolls in its own box: focusable, so a keyboard scrolls it too. */}
        <div className="enrol-terms" role="document" aria-label={`${data.terms.title}全文`} tabIndex={0}>
          {data.terms.text}
        </div>

        <h2 className="enrol-page__section">竞买承诺</h2>
        <Checkbox.Group className="enrol-commitments" value={accepted} onChange={(v) => setAccepted(v as CommitmentKey[])}>
          {ENROLMENT_COMMITMENTS.map((c) => (
            <Checkbox key={c.key} value={c.key}>
              {c.text}
            </Checkbox>
          ))}
        </Checkbox.Group>

        {submit.isError && <Alert type="error" showIcon title={submit.error.message} style={{ marginTop: 12 }} />}
        <div className="enrol-actions">
          <Button type="primary" size="large" htmlType="submit" loading={submit.isPending} disabled={!allAccepted || uploading}>
            提交报名
          </Button>
          {!allAccepted && <span className="account-panel__muted">请阅读并勾选全部承诺事项后提交</span>}
        </div>
      </Form>
    </>
  );
}

/** /bidEnrollNormal and /bidEnrollPkg: 填写报名信息 (a package shows the assets it contains). */
function EnrolPage({ isPackage }: { isPackage: boolean }) {
  // One page for /bidEnrollNormal and /bidEnrollPkg: both validate with enrolSearch.
  const search: EnrolSearch = useSearch({ strict: false });
  const assetsId = search.assetsId ?? null;
  const query = useEnrolForm(assetsId);
  return (
    <div className="enrol-page">
      <h1>{isPackage ? '资产包报名' : '填写报名信息'}</h1>
      {assetsId === null ? (
        <Result status="warning" title="缺少项目参数，请从项目详情页进入报名" extra={<WayBackActions back={TRADING_CENTRE} />} />
      ) : (
        <QueryState query={query} isEmpty={() => false} back={TRADING_CENTRE}>
          {(data) => (data.check.canEnrol ? <EnrolFormView data={data} isPackage={isPackage || data.project.isPackage} /> : <Refusal form={data} />)}
        </QueryState>
      )}
    </div>
  );
}

export function BidEnrollNormalPage() {
  return <EnrolPage isPackage={false} />;
}

export function BidEnrollPkgPage() {
  return <EnrolPage isPackage />;
}
