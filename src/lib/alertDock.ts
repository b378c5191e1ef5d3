/**
 * Where the desk's alerts (outbid on a watched lot, lot reminders, other new messages) show. A floating
 * toast by default (src/components/PortalAlerts.tsx); but a page where a floating toast would cover what
 * the bidder is watching — the bidding room's price, countdown and bid form — mounts a dock of its own,
 * and while one is mounted the alerts line up there instead, in the page's own flow.
 */
import type { ReactNode } from 'react';

export interface PortalAlert {
  /** One alert per key: a newer one with the same key replaces it. */
  key: string;
  tone: 'warning' | 'info';
  /** Names the lot (or the group): the whole alert on one line, as the dock shows it. */
  title: string;
  /** The toast's detail (the dock shows the title and the link only). */
  body?: ReactNode;
  /** The way to act on it: the room, the lot, the watch board, the message. */
  link?: { href: string; text: string };
  /** Seconds a floating toast stays (0: until closed). */
  duration: number;
}

/** The dock keeps this many (the newest first); 我的消息 holds them all. */
const DOCK_KEEP = 20;
const EMPTY: PortalAlert[] = [];

let mounted = 0;
let docked: PortalAlert[] = EMPTY;
/** Toasts on screen now, with when they go: a dock that mounts meanwhile takes them in. */
let floating: { alert: PortalAlert; until: number }[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const alertDock = {
  /**
   * A page's dock appears. It takes in the toasts still on screen (`adopted`: their keys, for the caller to
   * close them), so an alert that came while the page was opening does not stay over it; `release` is its
   * cleanup (the docked alerts go with the last dock: 我的消息 keeps them).
   */
  mount(now: number = Date.now()): { adopted: string[]; release: () => void } {
    mounted += 1;
    const adopted = floating.filter((f) => f.until > now).map((f) => f.alert);
    floating = [];
    for (const alert of adopted.reverse()) alertDock.push(alert);
    return {
      adopted: adopted.map((a) => a.key),
      release: () => {
        mounted -= 1;
        if (mounted === 0 && docked.length > 0) {
          docked = EMPTY;
          emit();
        }
      },
    };
  },
  /** A toast was shown (until its duration ends, or it is closed: `landed`). */
  floated(alert: PortalAlert, now: number = Date.now()): void {
    floating = [...floating.filter((f) => f.alert.key !== alert.key && f.until > now), { alert, until: alert.duration > 0 ? now + alert.duration * 1000 : Infinity }];
  },
  landed(key: string): void {
    floating = floating.filter((f) => f.alert.key !== key);
  },
  isMounted: (): boolean => mounted > 0,
  push(alert: PortalAlert): void {
    docked = [alert, ...docked.filter((a) => a.key !== alert.key)].slice(0, DOCK_KEEP);
    emit();
  },
  dismiss(key: string): void {
    docked = docked.filter((a) => a.key !== key);
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  alerts: (): PortalAlert[] => docked,
};
