import type { ReactNode } from 'react';
import { Button, Empty, Result, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';

/** Loading (skeleton), error (the server's msg and a retry) and empty (暂无数据) states of one query. */
export function QueryState<T>({
  query,
  isEmpty,
  emptyHint,
  rows = 5,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  emptyHint?: string;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton active paragraph={{ rows }} title={false} />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={query.error.message || '加载失败'}
        extra={
          <Button size="small" onClick={() => void query.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  if (isEmpty(query.data)) return <Empty description={emptyHint ? `暂无数据，${emptyHint}` : '暂无数据'} />;
  return <>{children(query.data)}</>;
}
