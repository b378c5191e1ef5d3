import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from '@/components/RouteError';

const reloadOnceForChunkError = vi.hoisted(() => vi.fn(() => true));
vi.mock('@/lib/chunkReload', async (original) => ({ ...(await original<typeof import('@/lib/chunkReload')>()), reloadOnceForChunkError }));

describe('RouteError', () => {
  beforeEach(() => reloadOnceForChunkError.mockClear());

  it('says the page failed, offers a retry that resets the route, and the way home', () => {
    const reset = vi.fn();
    render(<RouteError error={new Error('boom')} reset={reset} info={undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('页面加载失败');
    expect(screen.getByText('请稍后重试；如果问题持续，请联系客服人员。')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(reset).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '#/index');
    expect(reloadOnceForChunkError).not.toHaveBeenCalled();
  });

  it('reloads once for a chunk that vanished after a deployment, and says so', () => {
    render(<RouteError error={new TypeError('Failed to fetch dynamically imported module: /assets/x.js')} reset={vi.fn()} info={undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('页面已更新，正在重新加载…');
    expect(screen.queryByRole('button')).toBeNull();
    expect(reloadOnceForChunkError).toHaveBeenCalledOnce();
  });
});
