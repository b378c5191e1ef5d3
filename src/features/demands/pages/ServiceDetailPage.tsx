import { App, Button, Descriptions, Form, Input, InputNumber, Popconfirm, Select, Space, Tag } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { DEMAND_ASSET_TYPES, DEMAND_KEYWORDS_MAX } from '#domain/rules/userFiles';
import { closeDemand, submitDemand, useDemand } from '../api/demands';
import type { DemandSearch } from '../search';
import { DEMAND_COLOR } from './MyServicePage';

interface DemandValues {
  typeCode?: number;
  city?: string;
  minWan?: number | null;
  maxWan?: number | null;
  keywords?: string[];
  note?: string;
}

const WAN = 10_000;

/** Prices are entered in 万元 and sent in 元 (whole fen). */
const toYuan = (wan: number | null | undefined) => (wan === null || wan === undefined ? undefined : Math.round(wan * WAN * 100) / 100);

function DemandForm() {
  const [form] = Form.useForm<DemandValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const submit = useMutation({
    mutationFn: (v: DemandValues) =>
      submitDemand({
        typeCode: v.typeCode || undefined,
        city: (v.city ?? '').trim(),
        minPrice: toYuan(v.minWan),
        maxPrice: toYuan(v.maxWan),
        keywords: (v.keywords ?? []).map((k) => k.trim()).filter(Boolean),
        note: (v.note ?? '').trim(),
      }),
    onSuccess: async (d) => {
      void message.success('需求已登记，有匹配的项目挂牌时将通知您');
      await queryClient.invalidateQueries({ queryKey: ['demands'] });
      void navigate({ href: `/myServiceDetail?id=${d.id}` });
    },
  });
  return (
    <Form<DemandValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      onFinish={(v) => submit.mutate(v)}
    >
      <Form.Item
        name="typeCode"
        label="资产类型"
        dependencies={['city', 'minWan', 'maxWan', 'keywords']}
        rules={[
          ({ getFieldsValue }) => ({
            validator: () => {
              const v = getFieldsValue() as DemandValues;
              const empty = !v.typeCode && !(v.city ?? '').trim() && v.minWan == null && v.maxWan == null && (v.keywords ?? []).length === 0;
              return empty ? Promise.reject(new Error('请至少填写一项需求条件（资产类型、地区、价格区间或关键词）')) : Promise.resolve();
            },
          }),
        ]}
      >
        <Select aria-label="资产类型" allowClear placeholder="不限" options={DEMAND_ASSET_TYPES.map((t) => ({ value: t.typeCode, label: t.label }))} />
      </Form.Item>
      <Form.Item name="city" label="地区（市或区县）" rules={[{ max: 20, message: '地区不能超过20个字符' }]}>
        <Input placeholder="不限，例如：石家庄市" maxLength={20} />
      </Form.Item>
      <Space align="start">
        <Form.Item name="minWan" label="最低价格（万元）" rules={[{ type: 'number', min: 0.01, message: '价格须大于0' }]}>
          <InputNumber aria-label="最低价格（万元）" style={{ width: 200 }} min={0} precision={2} placeholder="不限" />
        </Form.Item>
        <Form.Item
          name="maxWan"
          label="最高价格（万元）"
          dependencies={['minWan']}
          rules={[
            { type: 'number', min: 0.01, message: '价格须大于0' },
            ({ getFieldValue }) => ({
              validator: (_, value: number | null | undefined) => {
                const min = getFieldValue('minWan') as number | null | undefined;
                return value != null && min != null && min > value ? Promise.reject(new Error('最低价格不能高于最高价格')) : Promise.resolve();
              },
            }),
          ]}
        >
          <InputNumber aria-label="最高价格（万元）" style={{ width: 200 }} min={0} precision={2} placeholder="不限" />
        </Form.Item>
      </Space>
      <Form.Item
        name="keywords"
        label={`关键词（最多${DEMAND_KEYWORDS_MAX}个，输入后回车）`}
        rules={[
          { type: 'array', max: DEMAND_KEYWORDS_MAX, message: `关键词最多${DEMAND_KEYWORDS_MAX}个` },
          { validator: (_, v: string[] | undefined) => ((v ?? []).some((k) => k.length > 20) ? Promise.reject(new Error('每个关键词不能超过20个字符')) : Promise.resolve()) },
        ]}
      >
        <Select aria-label="关键词" mode="tags" placeholder="例如：设备、厂房、股权" tokenSeparators={[',', '，', ' ']} open={false} />
      </Form.Item>
      <Form.Item name="note" label="补充说明" rules={[{ max: 500, message: '补充说明不能超过500个字符' }]}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="可选：投资用途、付款方式等" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        提交需求
      </Button>
    </Form>
  );
}

function DemandView({ id }: { id: number }) {
  const query = useDemand(id);
  const queryClient = useQueryClient();
  const close = useMutation({ mutationFn: () => closeDemand(id), onSuccess: () => queryClient.invalidateQueries({ queryKey: ['demands'] }) });
  return (
    <QueryState query={query} isEmpty={() => false} back={{ href: '#/myService', label: '返回我的服务' }}>
      {(d) => (
        <>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="需求编号">{d.demandCode}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={DEMAND_COLOR[d.status]}>{d.statusText}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="资产类型">{d.typeText}</Descriptions.Item>
            <Descriptions.Item label="地区">{d.region}</Descriptions.Item>
            <Descriptions.Item label="价格区间">{d.priceText}</Descriptions.Item>
            <Descriptions.Item label="关键词">{d.keywords.length ? d.keywords.join('、') : '—'}</Descriptions.Item>
            <Descriptions.Item label="补充说明" span={2}>
              {d.note || '—'}
            </Descriptions.Item>
            <Descriptions.Item label="登记时间">{d.createTime}</Descriptions.Item>
            <Descriptions.Item label="匹配项目">{d.matchCount} 个</Descriptions.Item>
          </Descriptions>
          <Space style={{ marginTop: 16 }}>
            <Button type="primary" href={`#/demandDetail?id=${d.id}`}>
              查看答复与匹配项目
            </Button>
            {d.status !== 'closed' && (
              <Popconfirm title="关闭后不再为您匹配新项目，确定关闭？" okText="关闭" cancelText="取消" onConfirm={() => close.mutate()}>
                <Button loading={close.isPending}>关闭需求</Button>
              </Popconfirm>
            )}
          </Space>
        </>
      )}
    </QueryState>
  );
}

/** /myServiceDetail: a new demand (no id), or one demand's criteria (?id). */
export function ServiceDetailPage() {
  const { id } = useSearch({ strict: false }) as DemandSearch;
  return (
    <UserCentreFrame title={id ? '需求详情' : '登记投资需求'} extra={<a href="#/myService">返回我的服务</a>}>
      {id ? <DemandView id={id} /> : <DemandForm />}
    </UserCentreFrame>
  );
}
