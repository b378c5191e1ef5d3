import { QueryState } from '@/components/QueryState';
import { ProjectLink } from '@/components/ProjectLink';
import { HOME_HOT_LIST_SIZE } from '#domain/rules/constants';
import { useHotInvestments } from '../api/get-hot-investments';
import { LotPrice } from '@/components/LotPrice';

/** Hot investments (blade-desk hot-investments/list, 8): the most viewed open listings. */
export function HotInvestments() {
  const hot = useHotInvestments(HOME_HOT_LIST_SIZE);
  return (
    <section className="home-panel home-hot" aria-labelledby="home-hot-title">
      <div className="home-panel__head">
        <h2 id="home-hot-title" className="home-panel__title">
          热门投资
        </h2>
        <a className="home-panel__title-more" href="#/project">
          更多 &gt;
        </a>
      </div>
      <QueryState query={hot} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <ol className="home-hot__list">
            {list.slice(0, HOME_HOT_LIST_SIZE).map((item, i) => (
              <li key={item.id}>
                <span className={`home-hot__rank${i < 3 ? ' home-hot__rank--top' : ''}`}>{i + 1}</span>
                <ProjectLink project={{ assetsId: item.id, projectType: item.projectType }} title={item.assetsName} className="home-hot__name">
                  {item.assetsName}
                </ProjectLink>
                <LotPrice asset={item} />
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </section>
  );
}
