import { Tabs, Tag } from 'antd';
import { Link } from '@tanstack/react-router';
import { useSearchProjects } from '@/api/resources/search-projects';
import { QueryState } from '@/components/QueryState';
import { ProjectLink } from '@/components/ProjectLink';
import { HOME_LISTING_ROWS_PER_TYPE } from '#domain/rules/constants';
import { TYPE_CODES, type ListedAsset } from '#domain/contract/portal';
import { listingStatusLabel } from '#domain/rules/listing';
import type { ProjectSearchParams } from '#domain/contract/projects';
import { withoutHiddenNames } from '../hiddenListings';
import { LotPrice } from '@/components/LotPrice';

/** The trade listing tabs (spec section 2) with the type each shows and where its More link goes. */
const TABS: { key: string; label: string; query: Omit<ProjectSearchParams, 'size' | 'current'>; moreTypeCode?: number; hideNames?: boolean }[] = [
  { key: 'equity', label: '产权转让', query: { typeCode: TYPE_CODES.equity }, moreTypeCode: TYPE_CODES.equity, hideNames: true },
  { key: 'physical', label: '实物资产', query: { typeCode: TYPE_CODES.physical }, moreTypeCode: TYPE_CODES.physical },
  {
    key: 'capital',
    label: '增资扩股',
    query: { typeCode: TYPE_CODES.capitalIncrease },
    moreTypeCode: TYPE_CODES.capitalIncrease,
  },
  // Spec: the leasing tab lists type 3 and its More link opens type 6 (house leasing); exact names are hidden.
  { key: 'leasing', label: '房屋租赁', query: { typeCode: TYPE_CODES.leasing }, moreTypeCode: TYPE_CODES.houseLeasing, hideNames: true },
  {
    key: 'others',
    label: '其他',
    query: {
      notTypeCodeList: [TYPE_CODES.equity, TYPE_CODES.physical, TYPE_CODES.leasing, TYPE_CODES.capitalIncrease, TYPE_CODES.judicial],
    },
  },
  { key: 'judicial', label: '司法拍卖', query: { typeCode: TYPE_CODES.judicial }, moreTypeCode: TYPE_CODES.judicial },
];

const STATUS_COLOURS: Record<string, string> = {
  正在报名: 'red',
  预披露: 'orange',
  已成交: 'green',
  报名已截止: 'default',
  已结束: 'default',
};

function ListingRows({ query, hideNames }: { query: Omit<ProjectSearchParams, 'size' | 'current'>; hideNames: boolean }) {
  const listings = useSearchProjects({ ...query, size: HOME_LISTING_ROWS_PER_TYPE, current: 1 });
  const rows = (records: ListedAsset[]) => (hideNames ? withoutHiddenNames(records) : records);
  return (
    <QueryState query={listings} isEmpty={(page) => rows(page.records).length === 0} emptyHint="请稍后再来查看">
      {(page) => (
        <table className="listing-table">
          <thead>
            <tr>
              <th scope="col">项目名称</th>
              <th scope="col">挂牌价格</th>
              <th scope="col">挂牌日期</th>
              <th scope="col">状态</th>
            </tr>
          </thead>
          <tbody>
            {rows(page.records).map((asset) => {
              const status = listingStatusLabel(asset.state);
              return (
                <tr key={asset.id}>
                  <td className="listing-table__name">
                    <ProjectLink project={{ assetsId: asset.id, projectType: asset.projectType }} title={asset.assetsName}>
                      {asset.assetsName}
                    </ProjectLink>
                  </td>
                  <td className="listing-table__price">
                    <LotPrice asset={asset} />
                  </td>
                  <td className="listing-table__date tabular">{asset.announcementStartTime.slice(0, 10)}</td>
                  <td className="listing-table__status">
                    <Tag color={STATUS_COLOURS[status] ?? 'default'}>{status}</Tag>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </QueryState>
  );
}

export function ListingTabs() {
  return (
    <section className="home-panel home-listings" aria-labelledby="home-listings-title">
      <h2 id="home-listings-title" className="home-panel__title">
        交易项目
      </h2>
      <Tabs
        destroyOnHidden
        items={TABS.map((tab) => ({
          key: tab.key,
          label: tab.label,
          children: (
            <>
              <ListingRows query={tab.query} hideNames={Boolean(tab.hideNames)} />
              <div className="home-panel__more">
                <Link to="/project" search={tab.moreTypeCode ? { typeCode: tab.moreTypeCode } : {}}>
                  查看更多 &gt;
                </Link>
              </div>
            </>
          ),
        }))}
      />
    </section>
  );
}
