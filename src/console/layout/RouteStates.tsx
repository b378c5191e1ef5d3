/** What a console page shows when it cannot: loading, a failed first load (the server's text, 重试), 404, 403. */
import type { ReactNode } from 'react';
import { Alert, Button, Result, Skeleton } from 'antd';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import type { UseQueryResult } from '@tanstack/react-query';

export function NotFoundPage() {
  return <Result status="404" title="页面不存在" extra={<Link to="/">返回工作台</Link>} />;
}

export function ForbiddenPage() {
  return <Result status="403" title="无操作权限" subTitle="您的角色不包含此页面的权限；如需使用，请联系管理员调整角色。" extra={<Link to="/">返回工作台</Link>} />;
}

export function RouteError({ error, reset }: ErrorComponentProps) {
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle={error instanceof Error ? error.message : String(error)}
      extra={
        <Button type="primary" onClick={reset}>
          重试
        </Button>
      }
    />
  );
}

/**
 * A query's states around its content: a skeleton on the first load, the server's text with 重试 when the
 * first load fails, a warning above the kept content when a later refetch fails.
 */
export function QueryArea<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError && query.data === undefined) {
    return (
      <Alert
        type="error"
        showIcon
        title="读取失败"
        description={query.error.message}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  return (
    <>
      {query.isError && <Alert type="warning" showIcon title={`刷新失败：${query.error.message}`} style={{ marginBottom: 12 }} />}
      {children(query.data as T)}
    </>
  );
}
