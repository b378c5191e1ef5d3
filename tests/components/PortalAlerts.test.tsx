/**
 * Where the desk's alerts show (components/PortalAlerts.tsx): a toast at the bottom right with the way to
 * the full list; while a page's dock is mounted (the bidding room), a line in the page's flow instead,
 * the newest first, with how many more, each dismissable; gone with the dock.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AlertDock, useShowAlert } from '@/components/PortalAlerts';
import type { PortalAlert } from '@/lib/alertDock';

const outbid = (n: number): PortalAlert => ({
  key: `desk-${n}`,
  tone: 'warning',
  title: `「保定某厂房${n}」出价已被超越`,
  body: <span data-testid={`alert-body-${n}`}>竞买号 654321 以 1,020,000.00 元出价领先，您已出局。</span>,
  link: { href: `#/quoteHall?activityId=${7000 + n}`, text: '进入竞价室' },
  duration: 0,
});

let show: (alert: PortalAlert) => void = () => undefined;
function Page({ startDocked = true }: { startDocked?: boolean }) {
  const [docked, setDocked] = useState(startDocked);
  show = useShowAlert();
  return (
    <>
      <button onClick={() => setDocked((d) => !d)}>切换</button>
      {docked && <AlertDock />}
    </>
  );
}

describe('PortalAlerts', () => {
  it('docks alerts in the page while a dock is mounted, else shows a toast at the bottom right', async () => {
    // Without motion: a closed toast leaves the DOM at once (jsdom runs no CSS transitions).
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp notification={{ placement: 'bottomRight' }}>
          <Page />
        </AntdApp>
      </ConfigProvider>,
    );
    const dock = screen.getByTestId('alert-dock');
    expect(dock).toHaveTextContent('其他标的的出价提醒将显示在这里');

    act(() => show(outbid(1)));
    act(() => show(outbid(2)));
    expect(within(dock).getByText('「保定某厂房2」出价已被超越')).toBeTruthy();
    expect(within(dock).getByRole('link', { name: '进入竞价室' })).toHaveAttribute('href', '#/quoteHall?activityId=7002');
    // The older ones open under it.
    expect(within(dock).queryByText('「保定某厂房1」出价已被超越')).toBeNull();
    fireEvent.click(within(dock).getByRole('button', { name: '另有 1 条' }));
    expect(within(dock).getByText('「保定某厂房1」出价已被超越')).toBeTruthy();
    expect(within(dock).getByRole('link', { name: '全部消息' })).toHaveAttribute('href', '#/myMessage');
    expect(document.querySelector('.ant-notification-notice')).toBeNull();

    // Dismissed, the one before it shows; the same key again replaces, not adds.
    fireEvent.click(within(dock).getByRole('button', { name: '关闭此提醒' }));
    expect(within(dock).getByText('「保定某厂房1」出价已被超越')).toBeTruthy();
    act(() => show(outbid(1)));
    expect(dock).not.toHaveTextContent('另有');

    // The dock gone (the bidder left the room), an alert is a toast, with its detail and the full list.
    fireEvent.click(screen.getByRole('button', { name: '切换' }));
    act(() => show(outbid(3)));
    const toast = (await screen.findByTestId('alert-body-3')).closest<HTMLElement>('.ant-notification-notice')!;
    expect(toast).toHaveTextContent('「保定某厂房3」出价已被超越');
    expect(within(toast).getByRole('link', { name: '全部消息' })).toHaveAttribute('href', '#/myMessage');
    expect(document.querySelector('.ant-notification')).toHaveClass('ant-notification-bottomRight');

    // Mounted again: what was docked went with the last dock, but the toast still on screen moves in.
    fireEvent.click(screen.getByRole('button', { name: '切换' }));
    expect(screen.getByTestId('alert-dock')).toHaveTextContent('「保定某厂房3」出价已被超越');
    expect(screen.getByTestId('alert-dock')).not.toHaveTextContent('另有');
    await waitFor(() => expect(screen.queryByTestId('alert-body-3')).toBeNull(), { timeout: 3_000 });
  });
});
