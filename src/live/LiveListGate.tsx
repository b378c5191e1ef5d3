import type { ReactNode } from 'react';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { Result } from '@/components/Result';
import type { LiveKeyedRow } from '../../workers/protocol/frames';
import type { LiveListStore } from './rowStore';
import { useLiveListState } from './useLiveList';

/**
 * The states of a live list around its table: loading (skeleton) until the first frame, the server's msg
 * with 重试 when the first answer failed, `empty` when there are no rows; when a later poll fails the
 * last good rows stay, under a notice (the worker retries on its own, with back-off).
 */
export function LiveListGate<R extends LiveKeyedRow>({
  store,
  empty,
  onRetry,
  rows = 5,
  children,
}: {
  store: LiveListStore<R>;
  empty: string;
  onRetry: () => void;
  rows?: number;
  children: ReactNode;
}) {
  const { ids, meta } = useLiveListState(store);
  if (!meta) return <Skeleton active paragraph={{ rows }} title={false} />;
  const retry = (
    <Button size="small" onClick={onRetry}>
      重试
    </Button>
  );
  if (meta.status === 'error' && ids.length === 0) {
    return <Result status="warning" title={meta.error ?? '加载失败'} extra={retry} />;
  }
  if (ids.length === 0) return <Empty description={empty} />;
  return (
    <>
      {meta.status === 'error' && (
        <Alert className="live-stale" type="warning" showIcon title={`数据更新失败：${meta.error ?? '加载失败'}，正在自动重试`} action={retry} />
      )}
      {children}
    </>
  );
}
