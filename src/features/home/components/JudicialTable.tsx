import { Link } from '@tanstack/react-router';
import { Tag } from 'antd';
import { LotStateTag } from '@/components/LotStateTag';
import { ProjectLink } from '@/components/ProjectLink';
import { QueryState } from '@/components/QueryState';
import { Price } from '@/components/Price';
import { HOME_JUDICIAL_LIST_SIZE } from '#domain/rules/constants';
import { auctionRoundLabel } from '#domain/rules/listing';
import { formatTableMoney } from '#domain/rules/money';
import { AUCTION_NAME_MAX_LENGTH, truncate } from '#domain/rules/text';
import { useJudicialItems } from '@/api/resources/get-judicial-items';

/**
 * Judicial auctions (8, spec section 9): the first page of the one judicial catalogue (court items and the
 * portal's 司法拍卖 listings, 竞价中 first, in the hall's state names), with a More link to /sfProject. A court
 * item opens in /sfProject's drawer, a listing of the portal on its own page.
 */
export function JudicialTable() {
  const items = useJudicialItems({ offset: 0, limit: HOME_JUDICIAL_LIST_SIZE });
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
      <QueryState query={items} isEmpty={(data) => data.list.length === 0} emptyHint="法院委托的拍品发布后将在此显示">
        {(data) => (
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
              {data.list.slice(0, HOME_JUDICIAL_LIST_SIZE).map((item) => {
                const money = formatTableMoney(item.upsetprice);
                return (
                  <tr key={item.pkHouseproject}>
                    <td>
                      <Tag variant="filled" className="listing-table__round">
                        {auctionRoundLabel(item.round)}
                      </Tag>
                      {item.source === 'lot' && item.assetsId !== null ? (
                        <ProjectLink project={{ assetsId: item.assetsId, projectType: item.projectType }} title={item.name}>
                          {truncate(item.name, AUCTION_NAME_MAX_LENGTH)}
                        </ProjectLink>
                      ) : (
                        <Link to="/sfProject" search={{ pk: item.pkHouseproject }} title={item.name}>
                          {truncate(item.name, AUCTION_NAME_MAX_LENGTH)}
                        </Link>
                      )}
                    </td>
                    <td className="listing-table__price">
                      <Price text={money?.label ?? '--'} tooltip={money?.yuanTooltip ?? null} />
                    </td>
                    <td className="listing-table__org" title={item.courtName}>
                      {item.courtName}
                    </td>
                    <td>
                      <LotStateTag label={item.state} />
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
