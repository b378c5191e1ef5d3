/**
 * A work queue's paged table (the 财务 pages): the list's query through QueryArea (skeleton, error with 重试),
 * its empty text for the waiting items and for any other filter, and the page changer writing the filter.
 */
import { Button, Table, type TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '#domain/contract/envelope';
import { QUEUE_PAGE_SIZE } from '../api/queues';
import { QueryArea } from '../layout/RouteStates';

export function QueueTable<T extends { id: number }, F extends { state?: string; current: number }>({
  query,
  filter,
  onFilter,
  columns,
  empty,
  unit = '件',
}: {
  query: UseQueryResult<Page<T>>;
  filter: F;
  onFilter: (filter: F) => void;
  columns: TableColumnsType<T>;
  /** What an empty list says: while showing the waiting items, and otherwise. */
  empty: { waiting: string; other: string };
  /** The count's unit in 共 n 件. */
  unit?: string;
}) {
  return (
    <QueryArea query={query}>
      {(page) => (
        <Table<T>
          rowKey="id"
          columns={columns}
          dataSource={page.records}
          loading={query.isFetching}
          locale={{ emptyText: filter.state === 'waiting' ? empty.waiting : empty.other }}
          pagination={{
            current: page.current,
            pageSize: QUEUE_PAGE_SIZE,
            total: page.total,
            showSizeChanger: false,
            showTotal: (total) => `共 ${total} ${unit}`,
            onChange: (current) => onFilter({ ...filter, current }),
          }}
        />
      )}
    </QueryArea>
  );
}

/** The row's way into its detail: 处理 while it waits, 查看 once handled. */
export function OpenItemButton({ waiting, onClick }: { waiting: boolean; onClick: () => void }) {
  return (
    <Button size="small" type={waiting ? 'primary' : 'default'} onClick={onClick}>
      {waiting ? '处理' : '查看'}
    </Button>
  );
}
