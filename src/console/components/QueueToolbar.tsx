/** A queue's filters: which items (待处理 / 已处理 / 全部), the order, and 刷新 (the console never polls). */
import { Button, Select, Space } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { QueueOrder } from '#domain/contract/staffQueues';
import type { QueueFilter } from '../api/queues';

export const QUEUE_STATE_OPTIONS = [
  { value: 'waiting', label: '待处理' },
  { value: 'handled', label: '已处理' },
  { value: 'all', label: '全部' },
];

export function QueueToolbar({
  filter,
  onChange,
  onRefresh,
  refreshing,
  stateOptions = QUEUE_STATE_OPTIONS,
  children,
}: {
  filter: QueueFilter;
  onChange: (filter: QueueFilter) => void;
  onRefresh: () => void;
  refreshing: boolean;
  stateOptions?: { value: string; label: string }[];
  children?: ReactNode;
}) {
  return (
    <div className="console-toolbar">
      <Space wrap>
        <Select aria-label="状态" style={{ width: 140 }} value={filter.state} options={stateOptions} onChange={(state: string) => onChange({ ...filter, state, current: 1 })} />
        <Select<QueueOrder>
          aria-label="排序"
          style={{ width: 140 }}
          value={filter.order}
          options={[
            { value: 'oldest', label: '最早提交优先' },
            { value: 'newest', label: '最新提交优先' },
          ]}
          onChange={(order) => onChange({ ...filter, order, current: 1 })}
        />
        {children}
      </Space>
      <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
        刷新
      </Button>
    </div>
  );
}
