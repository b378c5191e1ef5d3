/**
 * 转为正式挂牌: a pre-disclosed lot gets its price and enrolment dates and is listed formally once another
 * member approves (the server checks it as a publication, its disclosure counted from now).
 */
import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row } from 'antd';
import { Link } from '@tanstack/react-router';
import type { StaffLotDetail } from '#domain/contract/staffLots';
import { fromWireTime, toWireTime } from '../../components/chinaTimeInput';
import { usePrepareFormalListing } from './api';

interface FormalValues {
  startPrice: number;
  depositAmount: number;
  announcementStartTime: string;
  enrolEndTime: string;
  depositEndTime?: string;
  reason: string;
}

export function FormalListingCard({ lot }: { lot: StaffLotDetail }) {
  const prepare = usePrepareFormalListing();
  const [form] = Form.useForm<FormalValues>();
  const [prepared, setPrepared] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async (v: FormalValues) => {
    setRefusal(null);
    try {
      const item = await prepare.mutateAsync({
        assetsId: lot.assetsId!,
        reason: v.reason.trim(),
        startPrice: v.startPrice,
        depositAmount: v.depositAmount ?? 0,
        announcementStartTime: toWireTime(v.announcementStartTime)!,
        enrolEndTime: toWireTime(v.enrolEndTime)!,
        depositEndTime: toWireTime(v.depositEndTime),
      });
      setPrepared(item.id);
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    }
  };
  if (prepared !== null) {
    return (
      <Alert
        type="success"
        showIcon
        className="console-note"
        title={`已提交正式挂牌复核（复核单 #${prepared}）`}
        description={
          <>
            须由另一位具有发布权限的工作人员在 <Link to="/approvals">待复核</Link> 通过后，项目才开始接受报名。
          </>
        }
      />
    );
  }
  const f = lot.fields;
  return (
    <Card title="转为正式挂牌" size="small" className="console-note">
      <Form<FormalValues>
        form={form}
        layout="vertical"
        aria-label="正式挂牌"
        initialValues={{
          startPrice: f.startPrice ?? undefined,
          depositAmount: f.depositAmount ?? 0,
          announcementStartTime: fromWireTime(f.announcementStartTime),
          enrolEndTime: fromWireTime(f.enrolEndTime),
          depositEndTime: fromWireTime(f.depositEndTime),
          reason: '转为正式挂牌',
        }}
        onFinish={(v) => void submit(v)}
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="startPrice" label="挂牌价格" rules={[{ required: true, message: '请填写挂牌价格' }]}>
              <InputNumber min={0.01} precision={2} style={{ width: '100%' }} addonAfter="元" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="depositAmount" label="保证金">
              <InputNumber min={0} precision={2} style={{ width: '100%' }} addonAfter="元" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="reason" label="说明" rules={[{ required: true, whitespace: true, message: '请填写说明' }]}>
              <Input maxLength={500} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="announcementStartTime" label="公告开始时间" extra="早于现在的按现在起算" rules={[{ required: true, message: '请填写公告开始时间' }]}>
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="enrolEndTime" label="报名截止时间" rules={[{ required: true, message: '请填写报名截止时间' }]}>
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="depositEndTime" label="保证金截止时间" extra="不填为报名截止时间">
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
        </Row>
        {refusal && <Alert type="error" showIcon className="console-problems-refusal" title="未能提交" description={refusal} />}
        <Button type="primary" htmlType="submit" loading={prepare.isPending}>
          提交正式挂牌复核
        </Button>
      </Form>
    </Card>
  );
}
