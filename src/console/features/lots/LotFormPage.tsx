/**
 * A lot's form: every listing field the server takes (lot/create, lot/edit), the six disclosure tabs as HTML
 * (a plain textarea: the server sanitises it as the portal's rich text), attachments and the photo gallery
 * (multipart, once the draft exists: LotPhotosCard), the timeline problems the server answers, and 提交发布复核 (four eyes:
 * another member publishes it on 待复核).
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Col, Form, Input, InputNumber, List, Popconfirm, Row, Select, Space, Switch, Tabs, Upload } from 'antd';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { DISCLOSURE_SECTIONS, type DisclosureSectionKey } from '#domain/contract/projects';
import type { ApprovalItem } from '#domain/contract/staff';
import type { StaffLotDetail, StaffLotFields, StaffLotFileKind, StaffLotInput } from '#domain/contract/staffLots';
import type { LotAssetClass } from '#domain/rules/lotTimeline';
import { fromWireTime, toWireTime } from '../../components/chinaTimeInput';
import { QueryArea } from '../../layout/RouteStates';
import { useDeleteLotFile, useLot, usePreparePublication, useSaveLot, useUploadLotFile } from './api';
import { LotPhotosCard } from './LotPhotosCard';
import { ASSET_CLASS_OPTIONS, NATURE_OPTIONS, PRICE_TYPE_OPTIONS, TYPE_OPTIONS } from './labels';

interface LotFormValues {
  assetsName: string;
  typeCode: number;
  projectNature: number;
  assetClass: LotAssetClass;
  priceType: number;
  startPrice: number | null;
  priceUnit: string;
  priceOther: string;
  depositAmount: number | null;
  appraisedValue: number | null;
  announcementStartTime: string;
  enrolEndTime: string;
  depositEndTime: string;
  city: string;
  county: string;
  orgName: string;
  transferorName: string;
  contactName: string;
  contactPhone: string;
  managed: boolean;
  sections: Partial<Record<DisclosureSectionKey, string>>;
}

const EMPTY: Partial<LotFormValues> = { typeCode: 2, projectNature: 1, assetClass: 'other', priceType: 1, depositAmount: 0, managed: false, sections: {} };

function valuesOf(f: StaffLotFields): LotFormValues {
  return {
    ...f,
    announcementStartTime: fromWireTime(f.announcementStartTime),
    enrolEndTime: fromWireTime(f.enrolEndTime),
    depositEndTime: fromWireTime(f.depositEndTime),
  };
}

function inputOf(v: LotFormValues): StaffLotInput {
  const text = (s: string | undefined) => (s ?? '').trim();
  return {
    assetsName: text(v.assetsName),
    typeCode: v.typeCode,
    projectNature: v.projectNature,
    assetClass: v.assetClass,
    priceType: v.priceType,
    ...(v.priceType !== 3 && v.startPrice !== null && v.startPrice !== undefined ? { startPrice: v.startPrice } : {}),
    priceUnit: text(v.priceUnit),
    priceOther: text(v.priceOther),
    depositAmount: v.depositAmount ?? 0,
    ...(v.appraisedValue !== null && v.appraisedValue !== undefined ? { appraisedValue: v.appraisedValue } : {}),
    ...(v.announcementStartTime ? { announcementStartTime: toWireTime(v.announcementStartTime) } : {}),
    ...(v.enrolEndTime ? { enrolEndTime: toWireTime(v.enrolEndTime) } : {}),
    ...(v.depositEndTime ? { depositEndTime: toWireTime(v.depositEndTime) } : {}),
    city: text(v.city),
    county: text(v.county),
    orgName: text(v.orgName),
    transferorName: text(v.transferorName),
    contactName: text(v.contactName),
    contactPhone: text(v.contactPhone),
    managed: v.managed,
    sections: Object.fromEntries(DISCLOSURE_SECTIONS.map((s) => [s.key, v.sections?.[s.key] ?? ''])) as StaffLotFields['sections'],
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function FilesCard({ lot }: { lot: StaffLotDetail }) {
  const { message } = App.useApp();
  const upload = useUploadLotFile();
  const remove = useDeleteLotFile();
  const draftId = lot.draftId!;
  const send = async (kind: StaffLotFileKind, file: File) => {
    try {
      const done = await upload.mutateAsync({ draftId, kind, file });
      void message.success(`已上传：${done.fileName}`);
    } catch {
      // the client showed the server's text
    }
  };
  const uploader = (kind: StaffLotFileKind, label: string, accept: string) => (
    <Upload
      accept={accept}
      showUploadList={false}
      beforeUpload={(file) => {
        void send(kind, file);
        return false;
      }}
    >
      <Button loading={upload.isPending}>{label}</Button>
    </Upload>
  );
  // A draft of before the galleries may still have its one cover file; the gallery is LotPhotosCard.
  const files = [...(lot.photo && (lot.photos ?? []).length === 0 ? [lot.photo] : []), ...lot.attachments];
  return (
    <Card title="附件与图片" size="small" className="console-note">
      <Space>
        {uploader('attachment', '上传附件', '.pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png,.zip')}
      </Space>
      <List
        size="small"
        locale={{ emptyText: '暂无附件' }}
        dataSource={files}
        renderItem={(file) => (
          <List.Item
            actions={[
              <Popconfirm key="delete" title={`删除 ${file.fileName}？`} okText="删除" cancelText="取消" onConfirm={() => remove.mutateAsync({ draftId, fileId: file.id }).catch(() => undefined)}>
                <Button size="small" type="link" danger>
                  删除
                </Button>
              </Popconfirm>,
            ]}
          >
            {file.kind === 'photo' ? '封面图片' : '附件'}：{file.fileName} <span className="console-small">（{Math.ceil(file.fileSize / 1024)} KB）</span>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** 提交发布复核 (a formal listing, or 信息预披露: no enrolment, 面议 allowed) and what came of it. */
function PublishCard({ lot }: { lot: StaffLotDetail }) {
  const prepare = usePreparePublication();
  const [prepared, setPrepared] = useState<ApprovalItem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [preDisclosure, setPreDisclosure] = useState(false);
  const problems = preDisclosure ? lot.preDisclosureProblems : lot.problems;
  const submit = async () => {
    setRefusal(null);
    try {
      setPrepared(await prepare.mutateAsync({ draftId: lot.draftId!, preDisclosure }));
    } catch (error) {
      setRefusal(errorText(error));
    }
  };
  if (prepared || lot.pendingApprovalId !== null) {
    return (
      <Alert
        type="success"
        showIcon
        className="console-note"
        title="已提交复核"
        description={
          <>
            须由另一位具有发布权限的工作人员在 <Link to="/approvals">待复核</Link> 通过后才发布到门户；提交人不能复核本人提交的发布。
          </>
        }
      />
    );
  }
  return (
    <Card title="发布" size="small" className="console-note">
      <Checkbox checked={preDisclosure} onChange={(e) => setPreDisclosure(e.target.checked)} style={{ marginBottom: 12 }}>
        以信息预披露发布（不接受报名，价格可为面议；正式挂牌须再经复核）
      </Checkbox>
      {problems.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title="发布前须解决以下问题"
          description={
            <ul className="console-problems">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      ) : (
        <Alert type="info" showIcon title={preDisclosure ? '可提交预披露复核' : '时间线检查通过，可提交发布复核'} />
      )}
      {refusal && <Alert type="error" showIcon className="console-problems-refusal" title="未能提交" description={refusal} />}
      <Popconfirm
        title="提交发布复核？"
        description="提交后须由另一位工作人员在待复核通过，项目才发布到门户。"
        okText="提交"
        cancelText="取消"
        onConfirm={() => submit()}
      >
        <Button type="primary" style={{ marginTop: 12 }} loading={prepare.isPending}>
          提交发布复核
        </Button>
      </Popconfirm>
    </Card>
  );
}

function LotForm({ lot }: { lot: StaffLotDetail | null }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const save = useSaveLot();
  const [form] = Form.useForm<LotFormValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const priceType = Form.useWatch('priceType', form);
  useEffect(() => {
    form.setFieldsValue(lot ? valuesOf(lot.fields) : EMPTY);
  }, [form, lot]);

  const submit = async (values: LotFormValues) => {
    setRefusal(null);
    try {
      const done = await save.mutateAsync({ draftId: lot?.draftId ?? null, input: inputOf(values) });
      void message.success(lot ? '已保存' : '已创建草稿');
      if (!lot) void navigate({ to: '/lots/edit', search: { draftId: done.draftId ?? undefined } });
    } catch (error) {
      setRefusal(errorText(error));
    }
  };
  const time = (name: keyof LotFormValues, label: string, required = false, extra?: string) => (
    <Col span={8}>
      <Form.Item name={name} label={label} extra={extra} rules={required ? [{ required: true, message: `请填写${label}` }] : []}>
        <Input type="datetime-local" />
      </Form.Item>
    </Col>
  );
  const text = (name: keyof LotFormValues, label: string, span = 8, required = false) => (
    <Col span={span}>
      <Form.Item name={name} label={label} rules={required ? [{ required: true, whitespace: true, message: `请填写${label}` }] : []}>
        <Input />
      </Form.Item>
    </Col>
  );
  const money = (name: keyof LotFormValues, label: string, disabled = false) => (
    <Col span={8}>
      <Form.Item name={name} label={label}>
        <InputNumber min={0} precision={2} style={{ width: '100%' }} addonAfter="元" disabled={disabled} />
      </Form.Item>
    </Col>
  );
  return (
    <Form<LotFormValues> form={form} name="lot" layout="vertical" aria-label="项目信息" onFinish={(v) => void submit(v)} initialValues={EMPTY}>
      <Card title="基本信息" size="small" className="console-note">
        <Row gutter={16}>
          {text('assetsName', '项目名称', 16, true)}
          <Col span={8}>
            <Form.Item name="managed" label="托管项目" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="typeCode" label="项目类型">
              <Select options={TYPE_OPTIONS} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="projectNature" label="项目性质">
              <Select options={NATURE_OPTIONS} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="assetClass" label="资产类别" extra="决定信息披露期的最低要求">
              <Select options={ASSET_CLASS_OPTIONS} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title="价格" size="small" className="console-note">
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="priceType" label="价格方式">
              <Select options={PRICE_TYPE_OPTIONS} />
            </Form.Item>
          </Col>
          {money('startPrice', '挂牌价格', priceType === 3)}
          {text('priceUnit', '价格单位（单价时）')}
          {money('depositAmount', '保证金')}
          {money('appraisedValue', '评估价值')}
          {text('priceOther', '价格说明')}
        </Row>
      </Card>
      <Card title="时间" size="small" className="console-note">
        <Row gutter={16}>
          {time('announcementStartTime', '公告开始时间', false, '报名同时开始')}
          {time('enrolEndTime', '报名截止时间')}
          {time('depositEndTime', '保证金截止时间', false, '不填为报名截止时间')}
        </Row>
      </Card>
      <Card title="机构与联系人" size="small" className="console-note">
        <Row gutter={16}>
          {text('city', '所在城市')}
          {text('county', '区县')}
          {text('orgName', '挂牌机构')}
          {text('transferorName', '转让方')}
          {text('contactName', '联系人')}
          {text('contactPhone', '联系电话')}
        </Row>
      </Card>
      <Card title="信息披露（HTML）" size="small" className="console-note">
        <Tabs
          items={DISCLOSURE_SECTIONS.map((s) => ({
            key: s.key,
            label: s.title,
            forceRender: true,
            children: (
              <Form.Item name={['sections', s.key]} label={s.title} extra="可输入 HTML（如 <p>…</p>），保存时由服务器清洗">
                <Input.TextArea rows={8} />
              </Form.Item>
            ),
          }))}
        />
      </Card>
      {refusal && <Alert type="error" showIcon className="console-note" title="未能保存" description={refusal} />}
      <Space className="console-note">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {lot ? '保存' : '创建草稿'}
        </Button>
        <Link to="/lots" search={{}}>
          返回列表
        </Link>
      </Space>
    </Form>
  );
}

export function LotFormPage() {
  const { draftId } = useSearch({ from: '/staff/lots/edit' });
  const query = useLot({ draftId });
  if (draftId === undefined) {
    return (
      <div className="console-page">
        <h1 className="console-title">新建项目</h1>
        <Alert type="info" showIcon className="console-note" title="草稿仅在工作系统可见；保存后可上传附件与图片，并提交发布复核。" />
        <LotForm lot={null} />
      </div>
    );
  }
  return (
    <div className="console-page">
      <QueryArea query={query}>
        {(lot) => (
          <>
            <h1 className="console-title">编辑项目：{lot.assetsName}</h1>
            {lot.locked ? (
              <Alert type="warning" showIcon className="console-note" title="项目已发布，字段已锁定" description="已发布项目的变更须提交变更复核。" />
            ) : (
              <>
                <PublishCard lot={lot} />
                <FilesCard lot={lot} />
                <LotPhotosCard lot={lot} />
              </>
            )}
            <LotForm lot={lot} />
          </>
        )}
      </QueryArea>
    </div>
  );
}
