import { memo } from 'react';
import { Price } from '@/components/Price';
import { ProjectLink } from '@/components/ProjectLink';
import { useLiveListState, useLiveRemainingRef, useLiveRow, type LiveListStore, type LiveUpcomingRow } from '@/live';

type UpcomingStore = LiveListStore<LiveUpcomingRow>;

const STARTS_IN = { textClass: 'live-cell-text' };

/** The countdown to the start, written straight into the DOM each tick (no React render per tick). */
function StartsInCell({ store, id }: { store: UpcomingStore; id: number }) {
  return <td className="upcoming-cell-left" ref={useLiveRemainingRef(store, id, STARTS_IN)} />;
}

const UpcomingRow = memo(function UpcomingRow({ store, id }: { store: UpcomingStore; id: number }) {
  const slice = useLiveRow(store, id);
  if (!slice) return null;
  const { row } = slice;
  return (
    <tr data-testid="upcoming-row">
      <td className="live-cell-name">
        <ProjectLink project={row} title={row.assetsName}>
          {row.assetsName}
        </ProjectLink>
      </td>
      <td className="live-cell-org" title={row.orgName}>
        {row.orgName}
      </td>
      <td className="live-cell-price">
        <Price text={row.startPriceText} tooltip={row.startPriceTooltip} />
      </td>
      <td className="tabular">{row.startTimeText}</td>
      <StartsInCell store={store} id={id} />
    </tr>
  );
});

/** 即将竞价: scheduled activities with their start price, start time and a countdown to the start. */
export function UpcomingTable({ store }: { store: UpcomingStore }) {
  const { ids } = useLiveListState(store);
  return (
    <table className="live-table live-table--upcoming" data-testid="upcoming-table">
      <caption className="visually-hidden">即将竞价的项目</caption>
      <colgroup>
        <col />
        <col className="live-col-org" />
        <col className="live-col-price" />
        <col className="live-col-start" />
        <col className="live-col-left" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">项目名称</th>
          <th scope="col">组织机构</th>
          <th scope="col">起拍价</th>
          <th scope="col">开始时间</th>
          <th scope="col">距开始</th>
        </tr>
      </thead>
      <tbody>
        {ids.map((id) => (
          <UpcomingRow key={id} store={store} id={id} />
        ))}
      </tbody>
    </table>
  );
}
