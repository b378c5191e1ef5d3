import { useCallback, useSyncExternalStore } from 'react';
import { Alert } from 'antd';
import type { LiveBidRow, LiveListStore } from '@/live';

interface Suspended {
  activityId: number;
  assetsName: string;
  reason: string;
}

const FIELD = '\u0000';
const ROW = '\u0001';

/**
 * The hall's rows the exchange has suspended (中止), as one string that changes only when that set or a
 * reason changes: read once a tick and on a new list (not a React render per tick), so the banner
 * re-renders only when a lot is suspended or resumed.
 */
function useSuspendedRows(store: LiveListStore<LiveBidRow>): Suspended[] {
  const subscribe = useCallback(
    (listener: () => void) => {
      const ticks = store.subscribeTick(listener);
      const list = store.subscribeList(listener);
      return () => {
        ticks();
        list();
      };
    },
    [store],
  );
  const key = useCallback(() => {
    const parts: string[] = [];
    for (const id of store.getList().ids) {
      const row = store.getRow(id)?.row;
      if (row?.status === 'suspended') parts.push([id, row.assetsName, row.suspendReason ?? ''].join(FIELD));
    }
    return parts.join(ROW);
  }, [store]);
  const text = useSyncExternalStore(subscribe, key, key);
  if (text === '') return [];
  return text.split(ROW).map((part) => {
    const [id, assetsName, reason] = part.split(FIELD);
    return { activityId: Number(id), assetsName: assetsName ?? '', reason: reason ?? '' };
  });
}

/**
 * 竞价已中止: the lots of this hall page the exchange has suspended, each with its reason. Their rows stay in
 * the table (status 已中止, the countdown standing still) until they are resumed or terminated.
 */
export function SuspendedNotice({ store }: { store: LiveListStore<LiveBidRow> }) {
  const rows = useSuspendedRows(store);
  if (rows.length === 0) return null;
  return (
    <Alert
      className="hall-suspended"
      type="warning"
      showIcon
      data-testid="hall-suspended"
      title="竞价已中止"
      description={
        <ul className="hall-suspended__list">
          {rows.map((r) => (
            <li key={r.activityId}>
              「{r.assetsName}」{r.reason ? `中止原因：${r.reason}` : '已中止'}。中止期间暂停出价，剩余时间冻结，恢复后另行通知。
            </li>
          ))}
        </ul>
      }
    />
  );
}
