import { Link } from '@tanstack/react-router';
import { Tag } from 'antd';
import { QueryState } from '@/components/QueryState';
import { Price } from '@/components/Price';
import { HOME_JUDICIAL_LIST_SIZE } from '@/domain/constants';
import { TYPE_CODES } from '@/domain/contracts';
import { judicialStateLabel, listingPriceDisplay } from '@/domain/listing';
import { AUCTION_NAME_MAX_LENGTH, truncate } from '@/domain/text';
import { useListings } from '../api/get-listings';
import { assetHref } from '../links';

/**
 * Judicial auctions (8, spec section 9) with a More link to /sfProject. Until the separate judicial
 * service lands, the rows are the exchange's own judicial listings (type 5).
 */
export function JudicialTable() {
  const listings = useListings({ typeCode: TYPE_CODES.judicial, size: HOME_JUDICIAL_LIST_SIZE });
  return (
    <section className="home-panel home-judicial" aria-labelledby="home-judicial-title">
      <div className="home-panel__head">
        <h2 id="home-judicial-title" className="home-panel__title">
          司法拍卖
        </h2>
        <Link className="home-panel__title-more" to="/sfProject">
          更多 &gt;
        </Link>
      </div>
      <QueryState query={listings} isEmpty={(page) => page.records.length === 0}>
        {(page) => (
          <table className="listing-table listing-table--judicial">
            <thead>
              <tr>
                <th scope="col">标的名称</th>
                <th scope="col">起拍价</th>
                <th scope="col">委托法院</th>
                <th scope="col">状态</th>
              </tr>
            </thead>
            <tbody>
              {page.records.slice(0, HOME_JUDICIAL_LIST_SIZE).map((item) => {
                const state = judicialStateLabel(item.state);
                return (
                  <tr key={item.id}>
                    <td>
                      <a href={assetHref(item)} title={item.assetsName}>
                        {truncate(item.assetsName, AUCTION_NAME_MAX_LENGTH)}
                      </a>
                    </td>
                    <td className="listing-table__price">
                      <Price {...listingPriceDisplay(item)} />
                    </td>
                    <td className="listing-table__org" title={item.orgName}>
                      {item.orgName}
                    </td>
                    <td>
                      <Tag color={state === '进行中' ? 'red' : 'default'}>{state}</Tag>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </QueryState>
    </section>
  );
}
