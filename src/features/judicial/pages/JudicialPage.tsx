import '@/styles/projects.css';
import { useState } from 'react';
import { Input, Pagination, Select } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useJudicialItems } from '@/api/resources/get-judicial-items';
import { LotStateTag } from '@/components/LotStateTag';
import { ProjectLink } from '@/components/ProjectLink';
import { QueryState } from '@/components/QueryState';
import { Price } from '@/components/Price';
import { JUDICIAL_PAGE_SIZE, type JudicialItem } from '#domain/contract/projects';
import { AUCTION_NAME_MAX_LENGTH, truncate } from '#domain/rules/text';
import { minuteText } from '#domain/rules/chinaTime';
import { tableMoneyCell } from '#domain/rules/money';
import { useJudicialCities } from '../api/get-cities';
import { useCourts } from '../api/get-courts';
import { JudicialDetailDrawer } from '../components/JudicialDetailDrawer';
import { auctionRoundLabel, JUDICIAL_STATE_OPTIONS, roomHref } from '../display';
import { offsetOf, type JudicialUrlSearch } from '../search';

function NameBox({ search, onChange }: { search: JudicialUrlSearch; onChange: (next: JudicialUrlSearch) => void }) {
  const [text, setText] = useState(search.name ?? '');
  return (
    <Input.Search
      className="judicial-filters__name"
      placeholder="请输入拍品名称"
      aria-label="拍品名称"
      value={text}
      maxLength={50}
      allowClear
      enterButton="搜索"
      onChange={(event) => setText(event.target.value)}
      onSearch={(value) => onChange({ ...search, name: value.trim() || undefined, current: undefined, pk: undefined })}
    />
  );
}

function Filters({ search, onChange }: { search: JudicialUrlSearch; onChange: (next: JudicialUrlSearch) => void }) {
  const cities = useJudicialCities();
  const cityCode = search.cityCode === undefined ? undefined : String(search.cityCode);
  const courts = useCourts(cityCode);
  return (
    <section className="judicial-filters" aria-label="筛选条件">
      <NameBox key={search.name ?? ''} search={search} onChange={onChange} />
      <Select
        className="judicial-filters__select"
        aria-label="所在城市"
        placeholder="全部城市"
        allowClear
        loading={cities.isPending}
        value={cityCode}
        options={cities.data?.map((city) => ({ value: city.cityCode, label: city.cityName }))}
        notFoundContent={cities.isError ? cities.error.message : undefined}
        onChange={(code: string | undefined) =>
          onChange({ ...search, cityCode: code ? Number(code) : undefined, courtId: undefined, current: undefined, pk: undefined })
        }
      />
      <Select
        className="judicial-filters__select judicial-filters__select--court"
        aria-label="委托法院"
        placeholder="全部法院"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={courts.isPending}
        value={search.courtId}
        options={courts.data?.map((court) => ({ value: court.courtId, label: court.courtName }))}
        notFoundContent={courts.isError ? courts.error.message : undefined}
        onChange={(courtId: number | undefined) => onChange({ ...search, courtId, current: undefined, pk: undefined })}
      />
      <Select
        className="judicial-filters__select"
        aria-label="拍卖状态"
        placeholder="全部状态"
        allowClear
        value={search.state}
        options={JUDICIAL_STATE_OPTIONS.map((state) => ({ value: state, label: state }))}
        onChange={(state: string | undefined) => onChange({ ...search, state, current: undefined, pk: undefined })}
      />
    </section>
  );
}

/**
 * One court lot: a court item opens its detail in the drawer; a listing of the portal links to its page, and
 * while its auction is open to its bidding room too, as the hall does.
 */
function ItemRow({ item, onOpen }: { item: JudicialItem; onOpen: () => void }) {
  const room = roomHref(item);
  const name = truncate(item.name, AUCTION_NAME_MAX_LENGTH);
  return (
    <tr data-source={item.source}>
      <td className="listing-table__name">
        {item.source === 'lot' && item.assetsId !== null ? (
          <ProjectLink className="judicial-table__name" project={{ assetsId: item.assetsId, projectType: item.projectType }} title={item.name}>
            {name}
          </ProjectLink>
        ) : (
          <button type="button" className="judicial-table__name" title={item.name} onClick={onOpen}>
            {name}
          </button>
        )}
        <small>{item.projecttype}</small>
      </td>
      <td className="listing-table__price">
        <Price {...tableMoneyCell(item.upsetprice)} />
      </td>
      <td className="tabular">{minuteText(item.auctiontime)}</td>
      <td>{auctionRoundLabel(item.round)}</td>
      <td className="judicial-table__court" title={item.courtName}>
        {item.courtName}
      </td>
      <td className="judicial-table__state">
        <LotStateTag label={item.state} />
        {room && (
          <a className="judicial-table__room" href={room} aria-label={`进入竞价室：${item.name}`}>
            进入竞价室
          </a>
        )}
      </td>
    </tr>
  );
}

/**
 * /sfProject: the one judicial catalogue (8 a page) — the court items of the judicial service and the portal's
 * 司法拍卖 listings, in the hall's state names, 竞价中 first, then 即将竞价 (soonest first), 正在报名, 已结束
 * (the server's order, domain/rules/judicial.ts) — with name, city, court and state filters and a detail drawer.
 */
export function JudicialPage() {
  const search: JudicialUrlSearch = useSearch({ from: '/sfProject' });
  const navigate = useNavigate({ from: '/sfProject' });
  const onChange = (next: JudicialUrlSearch) => void navigate({ search: next });
  const current = search.current ?? 1;
  const items = useJudicialItems({
    offset: offsetOf(current),
    limit: JUDICIAL_PAGE_SIZE,
    name: search.name,
    courtId: search.courtId,
    cityCode: search.cityCode === undefined ? undefined : String(search.cityCode),
    state: search.state,
  });
  const filtered = Boolean(search.name || search.cityCode || search.courtId || search.state);
  return (
    <div className="judicial-page">
      <h1 className="projects-page__title">司法拍卖</h1>
      <Filters search={search} onChange={onChange} />
      <section className="judicial-results" aria-label="拍品列表">
        <div className="sort-bar">
          <span>人民法院委托的涉诉资产，公开拍卖、阳光处置 · 竞价中在前，其后为即将竞价、正在报名、已结束</span>
          <span className="sort-bar__total">
            {items.data && (
              <>
                共 <strong className="tabular">{items.data.totalCount}</strong> 件拍品
              </>
            )}
          </span>
        </div>
        <QueryState
          query={items}
          isEmpty={(data) => data.list.length === 0}
          emptyHint={filtered ? '换个名称、城市、法院或状态试试' : '法院委托的拍品发布后将在此显示'}
          rows={8}
        >
          {(data) => (
            <>
              <table className="listing-table judicial-table">
                <thead>
                  <tr>
                    <th scope="col">拍品名称</th>
                    <th scope="col">起拍价</th>
                    <th scope="col">拍卖时间</th>
                    <th scope="col">轮次</th>
                    <th scope="col">委托法院</th>
                    <th scope="col">状态</th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((item) => (
                    <ItemRow key={item.pkHouseproject} item={item} onOpen={() => onChange({ ...search, pk: item.pkHouseproject })} />
                  ))}
                </tbody>
              </table>
              {data.totalCount > JUDICIAL_PAGE_SIZE && (
                <Pagination
                  className="project-results__pager"
                  total={data.totalCount}
                  pageSize={JUDICIAL_PAGE_SIZE}
                  current={current}
                  showSizeChanger={false}
                  onChange={(page) => onChange({ ...search, current: page > 1 ? page : undefined, pk: undefined })}
                />
              )}
            </>
          )}
        </QueryState>
      </section>
      <JudicialDetailDrawer pk={search.pk} onClose={() => onChange({ ...search, pk: undefined })} />
    </div>
  );
}
