import { useState } from 'react';
import { Alert, App as AntdApp, Button, Form, Input, Select, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { uploadFile } from '@/api/resources/upload-file';
import { normalizeCreditCode, normalizeIdCard, RESIDENT_ID_CARD_TYPE } from '#domain';
import { useDictionary } from '../api/get-dictionary';
import { submitOrgVerification } from '../api/post-real-name-org';
import { AccountPanel } from '../components/AccountPanel';
import { RealNameGate } from '../components/RealNameGate';
import { refreshStoredUser } from '../refreshUser';
import { creditCodeRules, idNumberRules, legalPersonRules, orgNameRules } from '../rules';
import { idTypeOptions } from '../status';
import { checkUpload, LICENCE_EXTENSIONS } from '../upload';
import '@/styles/auth.css';

interface OrgValues {
  orgName: string;
  creditCode: string;
  legalPerson: string;
  legalIdType: number;
  legalIdNumber: string;
  licenceFileId: string;
}

export const LICENCE_REQUIRED = '请上传营业执照';
export const ORG_VERIFICATION_SUBMITTED = '机构认证信息已提交，请等待审核';

function OrgForm() {
  const [form] = Form.useForm<OrgValues>();
  const dictionary = useDictionary('id_type');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = AntdApp.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: OrgValues) => {
    setSubmitting(true);
    setError(null);
    try {
      await submitOrgVerification({
        orgName: values.orgName.trim(),
        creditCode: normalizeCreditCode(values.creditCode),
        legalPerson: values.legalPerson.trim(),
        legalIdType: values.legalIdType,
        legalIdNumber: values.legalIdType === RESIDENT_ID_CARD_TYPE ? normalizeIdCard(values.legalIdNumber) : values.legalIdNumber,
        licenceFileId: values.licenceFileId,
      });
      void message.success(ORG_VERIFICATION_SUBMITTED);
      await refreshStoredUser(queryClient);
      await navigate({ to: '/realNamePersonInfo' });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : '提交失败，请稍后重试');
      setSubmitting(false);
    }
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: '150px' }}
      wrapperCol={{ flex: '1' }}
      size="large"
      className="account-form"
      initialValues={{ legalIdType: RESIDENT_ID_CARD_TYPE }}
      onFinish={(values) => void onFinish(values)}
      aria-label="机构实名认证"
    >
      {error && <Alert className="auth-form__error" type="error" showIcon title={error} role="alert" />}
      <Form.Item label="机构名称" name="orgName" rules={orgNameRules}>
        <Input placeholder="请输入与营业执照一致的机构名称" maxLength={100} />
      </Form.Item>
      <Form.Item label="统一社会信用代码" name="creditCode" required rules={creditCodeRules}>
        <Input placeholder="请输入18位统一社会信用代码" maxLength={18} autoComplete="off" />
      </Form.Item>
      <Form.Item label="法定代表人" name="legalPerson" required rules={legalPersonRules}>
        <Input placeholder="请输入法定代表人姓名" maxLength={4} />
      </Form.Item>
      <Form.Item label="法定代表人证件类型" name="legalIdType" rules={[{ required: true, message: '请选择证件类型' }]}>
        <Select
          options={idTypeOptions(dictionary.data)}
          loading={dictionary.isPending}
          aria-label="法定代表人证件类型"
          onChange={() => {
            if (form.getFieldValue('legalIdNumber')) void form.validateFields(['legalIdNumber']);
          }}
        />
      </Form.Item>
      <Form.Item label="法定代表人证件号码" name="legalIdNumber" dependencies={['legalIdType']} required rules={idNumberRules('legalIdType')}>
        <Input placeholder="请输入证件号码" maxLength={30} autoComplete="off" />
      </Form.Item>
      <Form.Item label="营业执照" required extra="支持PNG、JPG、PDF格式，大小不超过10MB">
        <Upload
          accept={LICENCE_EXTENSIONS.join(',')}
          maxCount={1}
          fileList={files}
          beforeUpload={(file) => {
            const problem = checkUpload(file, 'licence');
            if (problem) {
              void message.error(problem);
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          onChange={({ fileList }) => setFiles(fileList)}
          onRemove={() => {
            form.setFieldValue('licenceFileId', undefined);
          }}
          customRequest={({ file, onSuccess, onError }) => {
            uploadFile(file as File).then(
              (stored) => {
                form.setFieldValue('licenceFileId', stored.fileId);
                void form.validateFields(['licenceFileId']);
                onSuccess?.(stored);
              },
              (failure: unknown) => onError?.(failure instanceof Error ? failure : new Error('上传失败')),
            );
          }}
        >
          <Button icon={<UploadOutlined />}>上传营业执照</Button>
        </Upload>
        <Form.Item name="licenceFileId" noStyle rules={[{ required: true, message: LICENCE_REQUIRED }]}>
          <StoredFileId />
        </Form.Item>
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={submitting}>
          提交认证
        </Button>
      </Form.Item>
    </Form>
  );
}

/** The uploaded licence's id as a form value: a hidden input, controlled from the start (no value yet: ''). */
function StoredFileId({ value }: { value?: string }) {
  return <input type="hidden" value={value ?? ''} readOnly />;
}

/** /realNameOrg: organisation, credit code, legal representative and licence upload. */
export function RealNameOrgPage() {
  return (
    <AccountPanel title="机构实名认证">
      <RealNameGate userType={2}>
        <OrgForm />
      </RealNameGate>
    </AccountPanel>
  );
}
