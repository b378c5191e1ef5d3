import { Link } from '@tanstack/react-router';
import {
  ApartmentOutlined,
  BankOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  HomeOutlined,
  RiseOutlined,
  ShoppingCartOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { ADMINISTRATIVE_ASSOCIATION_ID, TYPE_CODES } from '#domain/contract/portal';
import { EXTERNAL_ENTRIES } from '../links';

/**
 * The category entry grid (spec section 2): typeCode 1, 4, 2, 6 and associationId 88 open the trading
 * centre filtered; three external entries open their own sites in a new tab.
 */
const ENTRIES = [
  { label: '产权转让', hint: '企业国有产权、股权', icon: <BankOutlined />, search: { typeCode: TYPE_CODES.equity } },
  { label: '增资扩股', hint: '引入战略投资者', icon: <RiseOutlined />, search: { typeCode: TYPE_CODES.capitalIncrease } },
  { label: '实物资产', hint: '设备、车辆、物资', icon: <ToolOutlined />, search: { typeCode: TYPE_CODES.physical } },
  { label: '房屋租赁', hint: '经营性房产出租', icon: <HomeOutlined />, search: { typeCode: TYPE_CODES.houseLeasing } },
  { label: '行政事业资产', hint: '行政事业单位资产处置', icon: <ApartmentOutlined />, search: { associationId: ADMINISTRATIVE_ASSOCIATION_ID } },
] as const;

const EXTERNAL_ICONS = [<ShoppingCartOutlined key="p" />, <EnvironmentOutlined key="n" />, <ExperimentOutlined key="t" />];

export function CategoryEntries() {
  return (
    <nav className="home-categories" aria-label="交易品种">
      {ENTRIES.map((entry) => (
        <Link key={entry.label} to="/project" search={entry.search} className="home-categories__item">
          <span className="home-categories__icon">{entry.icon}</span>
          <span className="home-categories__label">{entry.label}</span>
          <span className="home-categories__hint">{entry.hint}</span>
        </Link>
      ))}
      {EXTERNAL_ENTRIES.map((entry, i) => (
        <a key={entry.label} href={entry.url} target="_blank" rel="noopener noreferrer" className="home-categories__item home-categories__item--external">
          <span className="home-categories__icon">{EXTERNAL_ICONS[i]}</span>
          <span className="home-categories__label">{entry.label}</span>
          <span className="home-categories__hint">{entry.hint}</span>
        </a>
      ))}
    </nav>
  );
}
