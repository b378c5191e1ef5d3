/**
 * 操作日志: the append-only staff audit trail — search by staff, action, subject, keyword and time, a paged
 * table whose rows open to the record before and after, and the same search exported as CSV or Excel.
 */
import { useState } from 'react';
import { App, Button, Col, DatePicker, Form, Input, Row, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate, useSearch } from '@tanstack/react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { STAFF_AUDIT_EXPORT_MAX, type StaffAuditEntry } from '#domain/contract/staff';
import { saveBlob } from '@/lib/saveBlob';
import { JsonBlock } from '../../components/JsonBlock';
import { QueryArea } from '../../layout/RouteStates';
import { AUDIT_PAGE_SIZE, getAuditExport, useAudit, type ExportFormat } from './api';
import type { AuditFilter, AuditSearch } from './search';

const TIME = 'YYYY-MM-DD HH:mm:ss';

interface FilterValues {
  staff?: string;
  action?: string;
  subject?: string;
  q?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const text = (value: string | undefined) => value?.trim() || undefined;

function toSearch(values: FilterValues): AuditSearch {
  const [from, to] = values.range ?? [null, null];
  return {
    staff: text(values.staff),
    action: text(values.action),
    subject: text(values.subject),
    q: text(values.q),
    from: from ? from.format(TIME) : undefined,
    to: to ? to.format(TIME) : undefined,
  };
}

const columns: TableColumnsType<StaffAuditEntry> = [
  { title: '时间', dataIndex: 'time', width: 170, render: (time: string) => <span className="tabular">{time}</span> },
  { title: '工作人员', dataIndex: 'staffLogin', width: 120 },
  { title: '操作', dataIndex: 'action', width: 220, render: (action: string) => <Tag className="console-mono">{action}</Tag> },
  { title: '对象', dataIndex: 'subject', width: 150, render: (subject: string) => <span className="console-mono">{subject || '—'}</span> },
  { title: '原因', dataIndex: 'reason', render: (reason: string) => reason || <span className="console-muted">—</span> },
  { title: 'IP', dataIndex: 'ip', width: 130, render: (ip: string) => <span className="tabular">{ip}</span> },
];

export function AuditPage() {
  const search = useSearch({ from: '/staff/audit' });
  const navigate = useNavigate({ from: '/audit' });
  const { message } = App.useApp();
  const query = useAudit(search);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const { current: _current, ...filter } = search;

  const initial: FilterValues = {
    ...filter,
    range: filter.from || filter.to ? [filter.from ? dayjs(filter.from) : null, filter.to ? dayjs(filter.to) : null] : null,
  };

  const download = async (format: ExportFormat) => {
    setExporting(format);
    try {
      const blob = await getAuditExport(filter as AuditFilter, format);
      saveBlob(blob, `操作日志-${dayjs().format('YYYYMMDD-HHmm')}.${format}`);
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : '导出失败');
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="console-page">
      <h1 className="console-title">操作日志</h1>
      <Form<FilterValues>
        key={JSON.stringify(filter)}
        className="console-search"
        aria-label="查询操作日志"
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void navigate({ search: toSearch(values) })}
      >
        <Row gutter={16}>
          <Col span={5}>
            <Form.Item name="staff" label="工作人员">
              <Input placeholder="登录名" allowClear />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="action" label="操作">
              <Input placeholder="如 staff.create" allowClear />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="subject" label="对象">
              <Input placeholder="如 staff:6、project:301" allowClear />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item name="range" label="时间">
              <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty={[true, true]} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="q" label="关键字">
              <Input placeholder="在原因、前后记录中查找" allowClear />
            </Form.Item>
          </Col>
          <Col span={14} className="console-search__actions">
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
              <Button onClick={() => void navigate({ search: {} })}>
                重置
              </Button>
              <Button icon={<DownloadOutlined />} loading={exporting === 'csv'} onClick={() => void download('csv')}>
                导出 CSV
              </Button>
              <Button icon={<DownloadOutlined />} loading={exporting === 'xlsx'} onClick={() => void download('xlsx')}>
                导出 Excel
              </Button>
            </Space>
          </Col>
        </Row>
        <Typography.Text type="secondary" className="console-small">
          导出按当前查询条件，最多 {STAFF_AUDIT_EXPORT_MAX.toLocaleString('zh-CN')} 条；日志只可追加，不可修改或删除。
        </Typography.Text>
      </Form>
      <QueryArea query={query}>
        {(page) => (
          <Table<StaffAuditEntry>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={page.records}
            loading={query.isFetching}
            locale={{ emptyText: '没有符合条件的日志' }}
            expandable={{
              rowExpandable: (entry) => entry.before !== null || entry.after !== null,
              expandedRowRender: (entry) => (
                <Row gutter={16}>
                  <Col span={12}>
                    <div className="console-small">操作前</div>
                    <JsonBlock json={entry.before} label="操作前" />
                  </Col>
                  <Col span={12}>
                    <div className="console-small">操作后</div>
                    <JsonBlock json={entry.after} label="操作后" />
                  </Col>
                </Row>
              ),
            }}
            pagination={{
              current: page.current,
              pageSize: AUDIT_PAGE_SIZE,
              total: page.total,
              showSizeChanger: false,
              showTotal: (total) => `共 ${total} 条`,
              onChange: (current) => void navigate({ search: { ...search, current } }),
            }}
          />
        )}
      </QueryArea>
    </div>
  );
}
