import { Link } from '@tanstack/react-router';
import { ADMINISTRATIVE_ASSOCIATION_ID, TYPE_CODES } from '@/domain/contracts';

/** The category entry grid (spec section 2): each opens the trading centre filtered by its category. */
const ENTRIES = [
  { label: '产权转让', hint: '企业国有产权、股权', search: { typeCode: TYPE_CODES.equity } },
  { label: '增资扩股', hint: '引入战略投资者', search: { typeCode: TYPE_CODES.capitalIncrease } },
  { label: '实物资产', hint: '设备、车辆、房产', search: { typeCode: TYPE_CODES.physical } },
  { label: '房屋租赁', hint: '经营性房产出租', search: { typeCode: TYPE_CODES.houseLeasing } },
  { label: '行政事业资产', hint: '行政事业单位资产处置', search: { associationId: ADMINISTRATIVE_ASSOCIATION_ID } },
] as const;

export function CategoryEntries() {
  return (
    <nav className="home-categories" aria-label="交易品种">
      {ENTRIES.map((entry) => (
        <Link key={entry.label} to="/project" search={entry.search} className="home-categories__item">
          <span className="home-categories__label">{entry.label}</span>
          <span className="home-categories__hint">{entry.hint}</span>
        </Link>
      ))}
    </nav>
  );
}
