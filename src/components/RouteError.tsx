import { useEffect } from 'react';
import { Button, Space } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { isChunkLoadError, reloadOnceForChunkError } from '@/lib/chunkReload';

/**
 * A route failed to render or load. A failed chunk load reloads the route (spec section 2). Drawn in the
 * entry (a chunk that failed to load cannot draw its own failure), in the look of antd's Result without it:
 * Result's module brings its 403/404/500 illustrations, 33 kB of script, into every page's first load.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const chunkError = isChunkLoadError(error);
  useEffect(() => {
    if (chunkError) reloadOnceForChunkError();
  }, [chunkError]);

  return (
    <div className="route-error" role="alert">
      <ExclamationCircleFilled className="route-error__icon" aria-hidden />
      <h2 className="route-error__title">{chunkError ? '页面已更新，正在重新加载…' : '页面加载失败'}</h2>
      {!chunkError && (
        <>
          <p className="route-error__hint">请稍后重试；如果问题持续，请联系客服人员。</p>
          <Space>
            <Button type="primary" onClick={reset}>
              重试
            </Button>
            {/* A page that keeps failing must not strand the reader: the home page is always there. */}
            <Button href="#/index">返回首页</Button>
          </Space>
        </>
      )}
    </div>
  );
}
