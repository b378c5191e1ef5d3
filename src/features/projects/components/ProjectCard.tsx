import { Tag } from 'antd';
import { EnvironmentOutlined, EyeOutlined } from '@ant-design/icons';
import { Price } from '@/components/Price';
import type { ListedAsset } from '#domain/contract/portal';
import { isPackageProject, projectHref } from '#domain/rules/listing';
import { minuteText } from '#domain/rules/chinaTime';
import { FavouriteButton } from './FavouriteButton';
import { ProjectCover } from './ProjectCover';
import { StatusTag } from './StatusTag';
import { lotPriceDisplay } from '#domain/rules/lotState';
import { tableMoneyCell } from '#domain/rules/money';
import { LotPrice } from '@/components/LotPrice';

/** One result of the trading centre: cover, name, facts, price (display rules of spec sections 3–5), favourite. */
export function ProjectCard({ asset, collected }: { asset: ListedAsset; collected: boolean }) {
  const href = projectHref({ assetsId: asset.id, projectType: asset.projectType });
  return (
    <article className="project-card" data-testid="project-card" aria-labelledby={`project-${asset.id}-name`}>
      <a className="project-card__cover" href={href} tabIndex={-1} aria-hidden="true">
        <ProjectCover src={asset.imgUrl} typeName={asset.typeName} className="project-card__img" />
      </a>
      <div className="project-card__body">
        <h3 className="project-card__name" id={`project-${asset.id}-name`}>
          <StatusTag state={asset.state} />
          <a href={href} title={asset.assetsName}>
            {asset.assetsName}
          </a>
        </h3>
        <p className="project-card__meta">
          <span className="tabular">项目编号：{asset.projectCode}</span>
          {asset.typeName && <Tag variant="filled">{asset.typeName}</Tag>}
          {isPackageProject(asset.projectType) && <Tag color="blue">资产包</Tag>}
        </p>
        <p className="project-card__meta">
          <span>
            <EnvironmentOutlined /> {[asset.city, asset.county].filter(Boolean).join(' · ') || '--'}
          </span>
          <span title={asset.orgName}>挂牌机构：{asset.orgName || '--'}</span>
        </p>
        <p className="project-card__meta tabular">
          <span>
            挂牌期：{minuteText(asset.announcementStartTime)} 至 {minuteText(asset.announcementEndTime)}
          </span>
        </p>
      </div>
      <div className="project-card__side">
        <div className="project-card__price-label">{lotPriceDisplay(asset).label ?? '挂牌价格'}</div>
        <div className="project-card__price">
          <LotPrice asset={asset} withLabel={false} />
        </div>
        <div className="project-card__deposit">
          保证金：<Price {...tableMoneyCell(asset.deposit)} />
        </div>
        <div className="project-card__actions">
          <span className="project-card__views tabular" title="浏览次数">
            <EyeOutlined /> {asset.circuseeCount}
          </span>
          <FavouriteButton assetsId={asset.id} collected={collected} size="small" />
        </div>
      </div>
    </article>
  );
}
