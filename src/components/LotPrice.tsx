import { Price } from '@/components/Price';
import type { ListingPriceFields } from '#domain/rules/listing';
import { lotPriceDisplay } from '#domain/rules/lotState';
import { type LotStatus } from '#domain/contract/lotState';

/**
 * A lot's price cell by the one lot state: the current price while bidding (当前价), the price once sold
 * (成交价), else the listing price (面议 for pre-disclosure, units, ranges). `withLabel` writes the label
 * before the amount (lists whose column is titled 挂牌价格).
 */
export function LotPrice({ asset, withLabel = true }: { asset: ListingPriceFields & { lot?: LotStatus | undefined }; withLabel?: boolean }) {
  const { text, tooltip, label } = lotPriceDisplay(asset);
  return (
    <span className="lot-price" data-lot-price={label ?? undefined}>
      {withLabel && label && <small className="lot-price__label">{label}</small>}
      <Price text={text} tooltip={tooltip} />
    </span>
  );
}
