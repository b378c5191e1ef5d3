import type { ReactNode } from 'react';
import { Alert, Button, Empty, Result, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * Loading (skeleton), error (the server's msg and a retry) and empty (暂无数据) states of one query.
 *
 * Once the query has data, its children stay mounted whatever a later fetch does: a background refetch
 * (a desk message invalidating the user centre, a page coming back into view) that fails, e.g. timing out
 * on a loaded machine, shows a warning with a retry above the children instead of replacing them, so a
 * form among them keeps what the user typed. Only a first load that fails shows the error alone.
 */
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
  const retry = (
    <Button size="small" onClick={() => void query.refetch()}>
      重试
    </Button>
  );
  if (query.isPending) return <Skeleton active paragraph={{ rows }} title={false} />;
  if (query.data === undefined) {
    return <Result status="warning" title={query.error?.message || '加载失败'} extra={retry} />;
  }
  return (
    <>
      {query.isError && <Alert type="warning" showIcon title={`${query.error.message || '刷新失败'}（显示的是上次加载的内容）`} action={retry} style={{ marginBottom: 12 }} />}
      {isEmpty(query.data) ? <Empty description={emptyHint ? `暂无数据，${emptyHint}` : '暂无数据'} /> : children(query.data)}
    </>
  );
}
