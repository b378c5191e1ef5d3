import { useState } from 'react';
import { App as AntdApp, Button, Form, Input, Modal, Pagination, Radio, Select, Table, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { PdfDocumentModal } from '@/components/PdfDocumentModal';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { checkInvoiceRequest } from '#domain/rules/invoice';
import { type InvoiceItem, type InvoiceKind, type InvoiceRequest } from '#domain/contract/invoice';
import { Money } from '@/components/Money';
import { cardColumns, cardScroll, TABLE_CARDS } from '@/components/phoneCards';
import { tableMoneyText } from '#domain/rules/money';
import { getInvoiceDocument, postInvoiceRequest, useInvoiceable, useInvoices } from '../api/invoices';
import '@/styles/money.css';

const PAGE_SIZE = 10;
const COLOR = { requested: 'gold', issued: 'green', refused: 'red' } as const;
const EMPTY: Omit<InvoiceRequest, 'dealId' | 'kind'> = { title: '', taxpayerNo: '', address: '', phone: '', bankName: '', bankAccount: '', email: '' };

/** The request form: the rules are the server's (checkInvoiceRequest), shown per field before sending. */
function RequestInvoice({ onDone }: { onDone: () => void }) {
  const deals = useInvoiceable();
  const [form] = Form.useForm<InvoiceRequest>();
  const kind = Form.useWatch('kind', form) as InvoiceKind | undefined;
  const send = useMutation({ mutationFn: postInvoiceRequest, onSuccess: onDone });
  const submit = (v: InvoiceRequest) => {
    // Fields left untouched come as undefined (not the empty text the rules and the server expect).
    const filled = Object.fromEntries(Object.entries(v).filter(([, value]) => value !== undefined)) as Partial<InvoiceRequest>;
    const values = { ...EMPTY, ...filled } as InvoiceRequest;
    const errors = checkInvoiceRequest(values);
    const fields = Object.entries(errors).map(([name, message]) => ({ name: name as keyof InvoiceRequest, errors: [message] }));
    if (fields.length) return form.setFields(fields);
    send.mutate(values);
  };
  if (deals.data && deals.data.length === 0) return <p>暂无可开票的服务费（服务费支付后可申请开票）。</p>;
  return (
    <Form form={form} layout="vertical" initialValues={{ kind: 'normal' }} onFinish={submit}>
      <Form.Item label="开票项目" name="dealId" rules={[{ required: true, message: '请选择开票项目' }]}>
        <Select placeholder="请选择已支付的服务费" options={(deals.data ?? []).map((d) => ({ value: d.dealId, label: `${d.assetsName}（服务费 ${tableMoneyText(d.fee)}）` }))} />
      </Form.Item>
      <Form.Item label="发票类型" name="kind">
        <Radio.Group
          options={[
            { label: '增值税普通发票', value: 'normal' },
            { label: '增值税专用发票', value: 'special' },
          ]}
        />
      </Form.Item>
      <Form.Item label="发票抬头" name="title">
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="纳税人识别号（统一社会信用代码）" name="taxpayerNo" extra={kind === 'special' ? '专用发票必填' : '个人可不填'}>
        <Input maxLength={18} />
      </Form.Item>
      {kind === 'special' && (
        <>
          <Form.Item label="注册地址" name="address">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="注册电话" name="phone">
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item label="开户银行" name="bankName">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label="银行账号" name="bankAccount">
            <Input maxLength={40} />
          </Form.Item>
        </>
      )}
      <Form.Item label="接收邮箱" name="email">
        <Input maxLength={100} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={send.isPending}>
        提交申请
      </Button>
    </Form>
  );
}

/** /myInvoice: 我的发票 — invoices of paid service fees, their state, the request form, an issued invoice. */
export function MyInvoicePage() {
  const { current = 1 } = useSearch({ from: '/_auth/myInvoice' });
  const navigate = useNavigate();
  const invoices = useInvoices(current, PAGE_SIZE);
  const queryClient = useQueryClient();
  const { message } = AntdApp.useApp();
  const [requesting, setRequesting] = useState(false);
  const [doc, setDoc] = useState<{ id: number; load: (signal: AbortSignal) => Promise<Blob> } | null>(null);
  const openDocument = (id: number) => setDoc({ id, load: (signal) => getInvoiceDocument(id, signal) });
  return (
    <UserCentreFrame
      title="我的发票"
      extra={
        <Button type="primary" onClick={() => setRequesting(true)}>
          申请开票
        </Button>
      }
    >
      <QueryState query={invoices} isEmpty={(p) => p.total === 0} emptyHint="服务费支付后可在此申请开具发票">
        {(page) => (
          <>
            <Table<InvoiceItem>
              className={TABLE_CARDS}
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={page.records}
              // On a narrow desktop window the table scrolls sideways, the project pinned; on a phone each
              // invoice is a card (phone.css .table-cards).
              scroll={cardScroll(900)}
              columns={cardColumns<InvoiceItem>([
                { title: '项目', dataIndex: 'assetsName', key: 'name', width: 150, fixed: 'left', ellipsis: true, card: 'title' },
                { title: '发票类型', dataIndex: 'kindText', key: 'kind', width: 130 },
                { title: '抬头', dataIndex: 'title', key: 'title', ellipsis: true },
                { title: '金额', dataIndex: 'amount', key: 'amount', align: 'right', render: (v: number) => <Money yuan={v} /> },
                { title: '状态', dataIndex: 'statusText', key: 'status', render: (t: string, r) => <Tag color={COLOR[r.status]}>{t}</Tag> },
                { title: '申请时间', dataIndex: 'requestTime', key: 'time', width: 170 },
                {
                  title: '操作',
                  key: 'op',
                  card: 'actions',
                  render: (_: unknown, r) =>
                    r.status === 'issued' ? (
                      <Button type="link" size="small" onClick={() => openDocument(r.id)}>
                        查看发票
                      </Button>
                    ) : r.status === 'refused' ? (
                      <span className="money-out">原因：{r.refuseReason}</span>
                    ) : (
                      '待开具'
                    ),
                },
              ])}
            />
            <Pagination className="wallet__pager" current={page.current} pageSize={PAGE_SIZE} total={page.total} showSizeChanger={false} onChange={(next) => void navigate({ to: '/myInvoice', search: { current: next } })} />
          </>
        )}
      </QueryState>
      <Modal title="申请开票" open={requesting} onCancel={() => setRequesting(false)} footer={null} destroyOnHidden>
        <RequestInvoice
          onDone={() => {
            setRequesting(false);
            void message.success('发票申请已提交');
            void queryClient.invalidateQueries({ queryKey: ['money'] });
          }}
        />
      </Modal>
      <PdfDocumentModal title="发票" fileName={`发票-${doc?.id ?? ''}.pdf`} load={doc?.load ?? null} onClose={() => setDoc(null)} />
    </UserCentreFrame>
  );
}
