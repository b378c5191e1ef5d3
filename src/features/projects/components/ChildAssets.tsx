import { ProjectLink } from '@/components/ProjectLink';
import type { ListedAsset } from '#domain/contract/portal';
import { StatusTag } from './StatusTag';
import { LotPrice } from '@/components/LotPrice';

export const CHILD_ASSETS_ID = 'child-assets';

/** The child assets of a package (projectType 1, 2), each linking to its own detail. */
export function ChildAssets({ items }: { items: ListedAsset[] }) {
  return (
    <section className="detail-section" id={CHILD_ASSETS_ID} aria-labelledby="child-assets-title" tabIndex={-1}>
      <h2 className="detail-section__title" id="child-assets-title">
        子资产（{items.length}）
      </h2>
      {items.length === 0 ? (
        <p className="detail-section__empty">暂无数据，该资产包尚未列出子资产</p>
      ) : (
        <table className="listing-table child-assets">
          <thead>
            <tr>
              <th scope="col">子资产名称</th>
              <th scope="col">项目编号</th>
              <th scope="col">挂牌价格</th>
              <th scope="col">状态</th>
            </tr>
          </thead>
          <tbody>
            {items.map((child) => (
              <tr key={child.id}>
                <td className="listing-table__name">
                  <ProjectLink project={{ assetsId: child.id, projectType: child.projectType }} title={child.assetsName}>
                    {child.assetsName}
                  </ProjectLink>
                </td>
                <td className="tabular">{child.projectCode}</td>
                <td className="listing-table__price">
                  <LotPrice asset={child} />
                </td>
                <td>
                  <StatusTag state={child.state} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
