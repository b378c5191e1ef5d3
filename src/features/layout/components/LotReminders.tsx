import { useEffect, useRef } from 'react';
import { useMyLots } from '@/api/resources/get-my-lots';
import { chinaTimeToEpoch } from '#domain/rules/chinaTime';
import { projectHref } from '#domain/rules/listing';
import { dueReminders, type ReminderLot } from '#domain/rules/reminders';
import { alertPrefs, playAlertTone, showBrowserNotification, useAlertPrefs } from '@/lib/alertPrefs';
import { getStore, setStore } from '@/lib/storage';
import { isPhoneScreen } from '@/lib/viewport';
import { useShowAlert } from '@/components/PortalAlerts';
import { useLive } from '@/live';

const FIRED_KEY = 'reminded';

/**
 * Reminders before the start and the end of the lots on the user's desk (favourites, enrolments, rooms),
 * at the minutes he chose in 提醒设置. The live worker's server clock drives it (no timer of its
 * own); a reminder fires once per tab session, even across reloads (the keys are kept in session storage).
 */
export function LotReminders() {
  const live = useLive();
  const { lots } = useMyLots();
  const { reminders } = useAlertPrefs();
  const showAlert = useShowAlert();
  const fired = useRef<Set<string>>(new Set(getStore<string[]>(FIRED_KEY) ?? []));

  useEffect(() => {
    if (reminders.length === 0) return undefined;
    const watched: (ReminderLot & { link: string })[] = lots.flatMap((l) => {
      const lot = l.listing.lot;
      const startTime = chinaTimeToEpoch(lot.biddingStartTime);
      const endTime = chinaTimeToEpoch(lot.biddingEndTime);
      if (lot.activityId === null || lot.activityStatus === 'ended' || startTime === null || endTime === null) return [];
      const link = l.bidCode ? `#/quoteHall?activityId=${lot.activityId}` : projectHref({ assetsId: l.listing.id, projectType: l.listing.projectType });
      return [{ activityId: lot.activityId, name: l.listing.assetsName, startTime, endTime, link }];
    });
    if (watched.length === 0) return undefined;
    const linkOf = new Map(watched.map((w) => [w.activityId, w.link]));

    const subscription = live.stream('clock').subscribe(({ serverNow, synced }) => {
      if (!synced) return;
      const due = dueReminders(watched, serverNow, reminders, fired.current);
      if (due.length === 0) return;
      for (const r of due) fired.current.add(r.key);
      const linkText = (link: string) => (link.startsWith('#/quoteHall') ? '进入竞价室' : '查看标的');
      // Several due in one second (a bidder watching many lots) make one toast, not a wall of them; on a
      // phone it is the count and the way to the watch board only, so it does not cover the page.
      const first = due[0]!;
      const listed = isPhoneScreen() ? 0 : 5;
      const firstLink = linkOf.get(first.activityId) ?? null;
      const groupTitle = `${due.length} 个关注的标的即将开始或结束竞价`;
      showAlert(
        due.length === 1
          ? {
              key: `reminder-${first.key}`,
              tone: 'info',
              title: first.title,
              body: <span data-testid="lot-reminder">{first.body}</span>,
              link: firstLink ? { href: firstLink, text: linkText(firstLink) } : undefined,
              duration: 10,
            }
          : {
              key: `reminder-${first.key}`,
              tone: 'info',
              title: groupTitle,
              body: listed > 0 && (
                <ul className="lot-reminders" data-testid="lot-reminder">
                  {due.slice(0, listed).map((r) => {
                    const link = linkOf.get(r.activityId);
                    return <li key={r.key}>{link ? <a href={link}>{r.title}</a> : r.title}</li>;
                  })}
                  {due.length > listed && <li>…另有 {due.length - listed} 个</li>}
                </ul>
              ),
              link: { href: '#/myWatch', text: '竞价看板' },
              duration: 10,
            },
      );
      showBrowserNotification(
        due.length === 1 ? first.title : groupTitle,
        due.map((r) => r.title).join('\n'),
        `reminder-${first.key}`,
        due.length === 1 ? (firstLink?.slice(1) ?? null) : '/myWatch',
      );
      if (alertPrefs().sound) playAlertTone();
      // Kept for the lots still watched (a session watching for hours does not grow it without end).
      setStore(FIRED_KEY, [...fired.current].filter((key) => linkOf.has(Number(key.split(':')[0]))), 'session');
    });
    return () => subscription.unsubscribe();
  }, [live, lots, reminders, showAlert]);

  return null;
}
