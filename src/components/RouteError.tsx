import { useEffect } from 'react';
import { Button, Space } from 'antd';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { isChunkLoadError, reloadOnceForChunkError } from '@/lib/chunkReload';
import { Result } from './Result';

/** A route failed to render or load. A failed chunk load reloads the route (spec section 2). */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const chunkError = isChunkLoadError(error);
  useEffect(() => {
    if (chunkError) reloadOnceForChunkError();
  }, [chunkError]);

  return (
    <Result
      role="alert"
      status="warning"
      title={chunkError ? '页面已更新，正在重新加载…' : '页面加载失败'}
      subTitle={chunkError ? undefined : '请稍后重试；如果问题持续，请联系客服人员。'}
      extra={
        !chunkError && (
          <Space>
            <Button type="primary" onClick={reset}>
              重试
            </Button>
            {/* A page that keeps failing must not strand the reader: the home page is always there. */}
            <Button href="#/index">返回首页</Button>
          </Space>
        )
      }
    />
  );
}
