import { createContext, useContext, type ReactNode } from 'react';
import { Alert, Button, Empty, Skeleton, Space } from 'antd';
import { Result } from '@/components/Result';
import { useCanGoBack, useRouter, useRouterState } from '@tanstack/react-router';
import type { UseQueryResult } from '@tanstack/react-query';

/** Where a page that could not show what was asked for sends the reader: a hash href and its label. */
export interface WayBack {
  href: string;
  label: string;
}

export const HOME_WAY_BACK: WayBack = { href: '#/index', label: '返回首页' };

/**
 * The way back of the QueryStates below: the home page unless a frame says otherwise (the user centre's
 * frame: 返回用户中心). A page whose reader came from a list passes that list to its QueryState instead.
 */
export const WayBackContext = createContext<WayBack>(HOME_WAY_BACK);

/**
 * A failed page's ways out besides 重试: the way back (skipped on the page it leads to, so a block of the
 * home page doesn't offer 返回首页) and 返回上一页 when the reader came from another page of the site.
 */
export function WayBackActions({ back, retry }: { back: WayBack | false; retry?: ReactNode }) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const target = back ? back.href.replace(/^#/, '').split('?')[0] : null;
  const showBack = back && target !== pathname;
  return (
    <Space wrap className="way-back">
      {retry}
      {showBack && (
        <Button size="small" type="primary" href={back.href}>
          {back.label}
        </Button>
      )}
      {canGoBack && (
        <Button size="small" onClick={() => router.history.back()}>
          返回上一页
        </Button>
      )}
    </Space>
  );
}

/**
 * Loading (skeleton), error (the server's msg, a retry and the way back) and empty (暂无数据) states of one
 * query.
 *
 * Once the query has data, its children stay mounted whatever a later fetch does: a background refetch
 * (a desk message invalidating the user centre, a page coming back into view) that fails, e.g. timing out
 * on a loaded machine, shows a warning with a retry above the children instead of replacing them, so a
 * form among them keeps what the user typed. Only a first load that fails shows the error alone — with
 * the way back, since a 项目不存在 with nothing but 重试 leaves the reader stuck (`back`: the list the
 * reader came from; default the frame's, see WayBackContext; false for a block inside a page). An empty
 * answer offers the way back only when `back` is given (a detail page: not found).
 */
export function QueryState<T>({
  query,
  isEmpty,
  emptyHint,
  rows = 5,
  back,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  emptyHint?: string;
  rows?: number;
  back?: WayBack | false;
  children: (data: T) => ReactNode;
}) {
  const frameBack = useContext(WayBackContext);
  const retry = (
    <Button size="small" onClick={() => void query.refetch()}>
      重试
    </Button>
  );
  if (query.isPending) return <Skeleton active paragraph={{ rows }} title={false} />;
  if (query.data === undefined) {
    return <Result status="warning" title={query.error?.message || '加载失败'} extra={<WayBackActions back={back ?? frameBack} retry={retry} />} />;
  }
  const emptyText = emptyHint ? `暂无数据，${emptyHint}` : '暂无数据';
  return (
    <>
      {query.isError && <Alert type="warning" showIcon title={`${query.error.message || '刷新失败'}（显示的是上次加载的内容）`} action={retry} style={{ marginBottom: 12 }} />}
      {isEmpty(query.data) ? (
        <Empty description={emptyText}>{back && <WayBackActions back={back} />}</Empty>
      ) : (
        children(query.data)
      )}
    </>
  );
}
