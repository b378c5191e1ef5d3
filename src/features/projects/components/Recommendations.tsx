import { QueryState } from '@/components/QueryState';
import { ProjectLink } from '@/components/ProjectLink';
import { useRecommendations } from '../api/get-recommendations';
import { ProjectCover } from './ProjectCover';
import { StatusTag } from './StatusTag';
import { LotPrice } from '@/components/LotPrice';

/** 相关推荐: similar projects (same type, then same city, enrolling first). */
export function Recommendations({ assetsId }: { assetsId: number }) {
  const recommendations = useRecommendations(assetsId);
  return (
    <aside className="recommendations" aria-labelledby="recommendations-title">
      <h2 className="detail-section__title" id="recommendations-title">
        相关推荐
      </h2>
      <QueryState query={recommendations} isEmpty={(items) => items.length === 0} emptyHint="暂无相似项目" rows={4} back={false}>
        {(items) => (
          <ul className="recommendations__list">
            {items.map((asset) => (
              <li key={asset.id}>
                <ProjectLink project={{ assetsId: asset.id, projectType: asset.projectType }} className="recommendations__item" title={asset.assetsName}>
                  <ProjectCover src={asset.imgUrl} typeName={asset.typeName} className="recommendations__img" />
                  <span className="recommendations__name">{asset.assetsName}</span>
                </ProjectLink>
                <div className="recommendations__facts">
                  <LotPrice asset={asset} />
                  <StatusTag state={asset.state} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </aside>
  );
}
