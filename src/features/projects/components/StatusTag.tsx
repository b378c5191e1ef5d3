import { Tag } from 'antd';
import { listingStatusLabel } from '#domain/rules/listing';
import { STATUS_COLOURS } from '../display';

/** The listing status (spec section 4): 正在报名, 预披露, 已结束, 已成交, 报名已截止, or '--'. */
export function StatusTag({ state }: { state: string }) {
  const label = listingStatusLabel(state);
  return (
    <Tag className="project-status" color={STATUS_COLOURS[label]}>
      {label}
    </Tag>
  );
}
