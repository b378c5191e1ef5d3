import { useId, useState, type ReactNode } from 'react';
import { Button, Input, Skeleton } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { sanitizeMoneyInput } from '#domain/rules/money';
import { useFilterConfig } from '../api/get-filter-config';
import { useCities, useCounties } from '../api/get-regions';
import { filterGroups, type CategoryOption } from '../display';
import { wanToYuan, yuanToWanText } from '../price';
import { withFilter, type ProjectUrlSearch } from '../search';

export const KEYWORD_PLACEHOLDER = '请输入项目关键字、拼音、类别';

type Change = (next: ProjectUrlSearch) => void;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="filter-row" role="group" aria-label={label}>
      <div className="filter-row__label">{label}：</div>
      <div className="filter-row__options">{children}</div>
    </div>
  );
}

function Choice({ active, onClick, children }: { active: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={`filter-choice${active ? ' filter-choice--active' : ''}`} aria-pressed={active} onClick={onClick}>
      {children}
    </button>
  );
}

/** The keyword box; keyed by the URL's q so a new search from elsewhere (the header) resets it. */
function KeywordBox({ search, onChange }: { search: ProjectUrlSearch; onChange: Change }) {
  const [text, setText] = useState(search.q ?? '');
  return (
    <Input.Search
      className="filter-keyword"
      size="large"
      placeholder={KEYWORD_PLACEHOLDER}
      aria-label="项目关键字"
      value={text}
      maxLength={50}
      allowClear
      enterButton="搜索"
      onChange={(event) => setText(event.target.value)}
      onSearch={(value) => onChange(withFilter(search, { q: value.trim() || undefined }))}
    />
  );
}

const sameCategory = (search: ProjectUrlSearch, option: CategoryOption) =>
  search.typeCode === option.typeCode && search.associationId === option.associationId;

function RegionRows({ search, onChange }: { search: ProjectUrlSearch; onChange: Change }) {
  const cities = useCities();
  const cityCode = cities.data?.find((city) => city.name === search.city)?.code;
  const counties = useCounties(cityCode);
  return (
    <>
      <Row label="所在地区">
        <Choice active={!search.city} onClick={() => onChange(withFilter(search, { city: undefined, county: undefined }))}>
          全部
        </Choice>
        {cities.isPending && <Skeleton.Input active size="small" />}
        {cities.isError && <span className="filter-row__note">地区加载失败</span>}
        {cities.data?.map((city) => (
          <Choice
            key={city.code}
            active={search.city === city.name}
            onClick={() => onChange(withFilter(search, { city: city.name, county: undefined }))}
          >
            {city.name}
          </Choice>
        ))}
      </Row>
      {search.city && (counties.data?.length ?? 0) > 0 && (
        <Row label={`${search.city}区县`}>
          <Choice active={!search.county} onClick={() => onChange(withFilter(search, { county: undefined }))}>
            全部
          </Choice>
          {counties.data!.map((county) => (
            <Choice key={county.code} active={search.county === county.name} onClick={() => onChange(withFilter(search, { county: county.name }))}>
              {county.name}
            </Choice>
          ))}
        </Row>
      )}
    </>
  );
}

/** Two 万元 inputs (money input rule) sent as yuan; keyed by the URL's range so it follows the URL. */
function PriceRange({ search, onChange }: { search: ProjectUrlSearch; onChange: Change }) {
  const [min, setMin] = useState(yuanToWanText(search.minPrice));
  const [max, setMax] = useState(yuanToWanText(search.maxPrice));
  const apply = () => {
    let low = wanToYuan(min);
    let high = wanToYuan(max);
    // A reversed range means the user swapped the boxes.
    if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low];
    onChange(withFilter(search, { minPrice: low, maxPrice: high }));
  };
  return (
    <span className="filter-price">
      <Input
        size="small"
        aria-label="最低价格（万元）"
        placeholder="最低价"
        suffix="万元"
        value={min}
        onChange={(event) => setMin(sanitizeMoneyInput(event.target.value))}
        onPressEnter={apply}
      />
      <span className="filter-price__dash">—</span>
      <Input
        size="small"
        aria-label="最高价格（万元）"
        placeholder="最高价"
        suffix="万元"
        value={max}
        onChange={(event) => setMax(sanitizeMoneyInput(event.target.value))}
        onPressEnter={apply}
      />
      <Button size="small" type="primary" ghost onClick={apply}>
        确定
      </Button>
    </span>
  );
}

/** Keyword, category, region, price and status (spec section 2 and api-reference's filters). */
export function FilterBar({ search, onChange, showCategories = true }: { search: ProjectUrlSearch; onChange: Change; showCategories?: boolean }) {
  const config = useFilterConfig();
  const groups = filterGroups(config.data);
  const noPrice = search.minPrice === undefined && search.maxPrice === undefined;
  // On a phone the rows fold under 筛选 (src/styles/phone.css), so the results follow the keyword box; the
  // desktop shows them always and never the button.
  const [open, setOpen] = useState(false);
  const rowsId = useId();
  const chosen = [search.typeCode !== undefined || search.associationId !== undefined, search.city !== undefined, !noPrice, search.state !== undefined].filter(Boolean).length;
  return (
    <section className="filter-bar" aria-label="筛选条件">
      <KeywordBox key={search.q ?? ''} search={search} onChange={onChange} />
      <Button
        className="filter-bar__toggle"
        block
        icon={open ? <UpOutlined /> : <DownOutlined />}
        iconPlacement="end"
        aria-expanded={open}
        aria-controls={rowsId}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? '收起筛选' : chosen > 0 ? `筛选（已选 ${chosen} 项）` : '筛选'}
      </Button>
      <div id={rowsId} className={`filter-bar__rows${open ? ' filter-bar__rows--open' : ''}`}>
        {showCategories && (
          <Row label="项目类别">
            <Choice active={!search.typeCode && !search.associationId} onClick={() => onChange(withFilter(search, { typeCode: undefined, associationId: undefined }))}>
              全部
            </Choice>
            {groups.categories.map((option) => (
              <Choice
                key={option.label}
                active={sameCategory(search, option)}
                onClick={() => onChange(withFilter(search, { typeCode: option.typeCode, associationId: option.associationId }))}
              >
                {option.label}
              </Choice>
            ))}
          </Row>
        )}
        <RegionRows search={search} onChange={onChange} />
        <Row label="挂牌价格">
          <Choice active={noPrice} onClick={() => onChange(withFilter(search, { minPrice: undefined, maxPrice: undefined }))}>
            全部
          </Choice>
          {groups.priceBands.map((band) => (
            <Choice
              key={band.label}
              active={search.minPrice === band.min && search.maxPrice === band.max && !noPrice}
              onClick={() => onChange(withFilter(search, { minPrice: band.min, maxPrice: band.max }))}
            >
              {band.label}
            </Choice>
          ))}
          <PriceRange key={`${search.minPrice ?? ''}-${search.maxPrice ?? ''}`} search={search} onChange={onChange} />
        </Row>
        <Row label="项目状态">
          <Choice active={!search.state} onClick={() => onChange(withFilter(search, { state: undefined }))}>
            全部
          </Choice>
          {groups.states.map((state) => (
            <Choice key={state} active={search.state === state} onClick={() => onChange(withFilter(search, { state }))}>
              {state}
            </Choice>
          ))}
        </Row>
      </div>
    </section>
  );
}
