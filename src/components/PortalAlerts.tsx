import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { App } from 'antd';
import { alertDock, type PortalAlert } from '@/lib/alertDock';

/** Every alert leads to the full list too: a toast shows one, 我的消息 keeps them all. */
const ALL_MESSAGES = '#/myMessage';

/**
 * Shows a desk alert: in the page's dock when one is mounted (the bidding room), else as a toast at the
 * bottom right (never over the header; at most three at once, stacked beyond two — App.tsx).
 */
export function useShowAlert(): (alert: PortalAlert) => void {
  const { notification } = App.useApp();
  return useCallback(
    (alert: PortalAlert) => {
      if (alertDock.isMounted()) {
        alertDock.push(alert);
        return;
      }
      alertDock.floated(alert);
      notification[alert.tone]({
        key: alert.key,
        onClose: () => alertDock.landed(alert.key),
        title: alert.title,
        description: (
          <span className="portal-alert">
            {alert.body}
            {alert.link && (
              <>
                {' '}
                <a href={alert.link.href}>{alert.link.text}</a>
              </>
            )}{' '}
            <a className="portal-alert__all" href={ALL_MESSAGES}>
              全部消息
            </a>
          </span>
        ),
        duration: alert.duration,
      });
    },
    [notification],
  );
}

/** One docked alert: its title on one line, and its link. */
function DockedAlert({ alert }: { alert: PortalAlert }) {
  return (
    <>
      <span className="alert-dock__title" title={alert.title}>
        {alert.title}
      </span>
      {alert.link && (
        <a className="alert-dock__link" href={alert.link.href}>
          {alert.link.text}
        </a>
      )}
    </>
  );
}

/**
 * The bidding room's dock: one line in the room's own flow, always the same height (nothing the bidder
 * watches moves when an alert arrives), with the newest alert and its link; 另有 N 条 opens the others
 * below it, and 全部消息 leads to the whole list.
 */
export function AlertDock() {
  const alerts = useSyncExternalStore(alertDock.subscribe, alertDock.alerts);
  const { notification } = App.useApp();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const { adopted, release } = alertDock.mount();
    for (const key of adopted) notification.destroy(key);
    return release;
  }, [notification]);
  const [latest, ...older] = alerts;
  return (
    <section className={`alert-dock${latest ? ` alert-dock--${latest.tone}` : ''}`} aria-label="提醒" data-testid="alert-dock">
      <div className="alert-dock__row">
        <div className="alert-dock__line" aria-live="polite">
          {latest ? <DockedAlert alert={latest} /> : <span className="alert-dock__empty">其他标的的出价提醒将显示在这里</span>}
        </div>
        <div className="alert-dock__actions">
          {older.length > 0 && (
            <button type="button" className="alert-dock__more" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
              另有 {older.length} 条
            </button>
          )}
          <a href={ALL_MESSAGES}>全部消息</a>
          {latest && (
            <button type="button" className="alert-dock__close" aria-label="关闭此提醒" onClick={() => alertDock.dismiss(latest.key)}>
              ×
            </button>
          )}
        </div>
      </div>
      {open && older.length > 0 && (
        <ul className="alert-dock__older">
          {older.map((alert) => (
            <li key={alert.key} className="alert-dock__line">
              <DockedAlert alert={alert} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
