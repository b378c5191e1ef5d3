import { Tag } from 'antd';
import { type ListingStatusLabel } from '#domain/contract/listing';

/** Colours of the lot states, on every page that shows one (the trading centre's STATUS_COLOURS is this table). */
export const LOT_STATE_COLOURS: Readonly<Record<ListingStatusLabel, string>> = {
  正在报名: 'red',
  预披露: 'orange',
  即将竞价: 'gold',
  竞价中: 'volcano',
  已中止: 'orange',
  已成交: 'green',
  流拍: 'default',
  已终结: 'default',
  报名已截止: 'default',
  已结束: 'default',
  '--': 'default',
};

/** A lot state by the hall's name (LotStatus.label: 竞价中, 即将竞价, 正在报名, 已成交 …), in its colour. */
export function LotStateTag({ label, className }: { label: string; className?: string }) {
  return (
    <Tag className={className} color={LOT_STATE_COLOURS[label as ListingStatusLabel] ?? 'default'}>
      {label}
    </Tag>
  );
}
