import { useState } from 'react';
import { Alert, App as AntdApp, Button, Form, Input, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { normalizeIdCard, RESIDENT_ID_CARD_TYPE } from '#domain';
import { useDictionary } from '../api/get-dictionary';
import { submitPersonVerification } from '../api/post-real-name-person';
import { AccountPanel } from '../components/AccountPanel';
import { RealNameGate } from '../components/RealNameGate';
import { refreshStoredUser } from '../refreshUser';
import { idNumberRules, personNameRules } from '../rules';
import { idTypeOptions } from '../status';
import '@/styles/auth.css';

interface PersonValues {
  name: string;
  idType: number;
  idNumber: string;
}

export const VERIFICATION_SUBMITTED = '实名认证信息已提交，请等待审核';

function PersonForm() {
  const [form] = Form.useForm<PersonValues>();
  const dictionary = useDictionary('id_type');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = AntdApp.useApp();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: PersonValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const idNumber = values.idType === RESIDENT_ID_CARD_TYPE ? normalizeIdCard(values.idNumber) : values.idNumber;
      await submitPersonVerification({ name: values.name, idType: values.idType, idNumber });
      void message.success(VERIFICATION_SUBMITTED);
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
      labelCol={{ flex: '120px' }}
      wrapperCol={{ flex: '1' }}
      size="large"
      className="account-form"
      initialValues={{ idType: RESIDENT_ID_CARD_TYPE }}
      onFinish={(values) => void onFinish(values)}
      aria-label="个人实名认证"
    >
      {error && <Alert className="auth-form__error" type="error" showIcon title={error} role="alert" />}
      <Form.Item label="真实姓名" name="name" required rules={personNameRules}>
        <Input placeholder="请输入与证件一致的姓名" maxLength={4} autoComplete="name" />
      </Form.Item>
      <Form.Item label="证件类型" name="idType" rules={[{ required: true, message: '请选择证件类型' }]}>
        <Select
          options={idTypeOptions(dictionary.data)}
          loading={dictionary.isPending}
          aria-label="证件类型"
          onChange={() => {
            if (form.getFieldValue('idNumber')) void form.validateFields(['idNumber']);
          }}
        />
      </Form.Item>
      <Form.Item label="证件号码" name="idNumber" dependencies={['idType']} required rules={idNumberRules('idType')}>
        <Input placeholder="请输入证件号码" maxLength={30} autoComplete="off" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Alert
          type="info"
          showIcon
          title="您提交的身份信息仅用于实名认证，将加密保存；认证通过后不可自行修改。"
        />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={submitting}>
          提交认证
        </Button>
      </Form.Item>
    </Form>
  );
}

/** /realNamePerson: name, ID type (dictionary id_type) and number; checked as typed, reviewed on the server. */
export function RealNamePersonPage() {
  return (
    <AccountPanel title="个人实名认证">
      <RealNameGate userType={1}>
        <PersonForm />
      </RealNameGate>
    </AccountPanel>
  );
}
