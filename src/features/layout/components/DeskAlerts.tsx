import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageItem } from '#domain/contract/enrolment';
import { alertPrefs, playAlertTone, showBrowserNotification } from '@/lib/alertPrefs';
import { session, useSession } from '@/lib/session';
import { useLive } from '@/live';
import { useShowAlert } from '@/components/PortalAlerts';

/** The room a message links to, if it is one (outbid, results, qualification). */
const roomOf = (link: string): number | null => {
  const m = /^\/quoteHall\?activityId=(\d+)$/.exec(link);
  return m ? Number(m[1]) : null;
};

/**
 * The queries that show the user's own state: what a message or a change of enrolments and deposits may have
 * moved (real name → account, the session's user detail; enrolment, deposit; deal, wallet, invoices → money;
 * contracts and their seals; files and appeals; demands; the user centre and the desk). Only the ones on
 * screen refetch.
 */
const USER_STATE_QUERIES = ['desk', 'enrolment', 'user-center', 'account', 'userDetail', 'money', 'contracts', 'esign', 'user-files', 'demands'] as const;

/**
 * What reaches the logged-in user wherever he is: the live worker's desk stream. A new message
 * that he was outbid → a toast naming the lot with the way back into the room, the alert tone (his choice)
 * and a browser notification (when he allowed it); other new messages → a quiet toast. Any change of his
 * messages, enrolments or deposits refetches what shows his state (USER_STATE_QUERIES), so an open page
 * follows a real-name review, an enrolment, a deposit, a deal or a contract without a reload. Messages already there when the app opened are
 * counted in the header, not announced.
 */
export function DeskAlerts() {
  const live = useLive();
  const { user } = useSession();
  const token = user ? session.accessToken() : null;
  const showAlert = useShowAlert();
  const queryClient = useQueryClient();
  /** Per user: the messages seen (announced or there at the start) and the last state key. */
  const seen = useRef<{ user: string; ids: Set<number>; stateKey: string } | null>(null);
  const userId = user?.baseUserId ?? null;

  useEffect(() => {
    if (!token || !userId) return undefined;
    const announce = (m: MessageItem) => {
      const room = roomOf(m.link);
      if (m.kind === 'outbid') {
        showAlert({
          key: `desk-${m.id}`,
          tone: 'warning',
          title: m.title,
          body: <span data-testid="outbid-alert">{m.content}</span>,
          link: room === null ? undefined : { href: `#${m.link}`, text: '进入竞价室' },
          duration: 10,
        });
        if (alertPrefs().sound) playAlertTone();
        showBrowserNotification(m.title, m.content, room === null ? `desk-${m.id}` : `outbid-${room}`, m.link || null);
        return;
      }
      showAlert({ key: `desk-${m.id}`, tone: 'info', title: m.title, link: m.link ? { href: `#${m.link}`, text: '查看详情' } : undefined, duration: 6 });
    };

    const subscription = live.stream('desk', { token }).subscribe({
      next: (frame) => {
        const signal = frame.signal;
        if (!signal) return;
        const held = seen.current;
        if (!held || held.user !== userId) {
          seen.current = { user: userId, ids: new Set(signal.latest.map((m) => m.id)), stateKey: signal.stateKey };
          return;
        }
        const fresh = signal.latest.filter((m) => !held.ids.has(m.id));
        for (const m of signal.latest) held.ids.add(m.id);
        const changed = fresh.length > 0 || held.stateKey !== signal.stateKey;
        held.stateKey = signal.stateKey;
        if (changed) {
          for (const key of USER_STATE_QUERIES) void queryClient.invalidateQueries({ queryKey: [key] });
        }
        // Oldest first, unread only (one read in another tab meanwhile is not news).
        for (const m of [...fresh].reverse()) if (!m.read) announce(m);
      },
      error: (error: unknown) => console.warn('[live] desk stream failed', error),
    });
    return () => subscription.unsubscribe();
  }, [live, token, userId, showAlert, queryClient]);

  return null;
}
