import type { ReactNode } from 'react';
import { useState } from 'react';
import { Tag } from 'antd';
import { useSearchProjects } from '@/api/resources/search-projects';
import { QueryState } from '@/components/QueryState';
import { ProjectLink } from '@/components/ProjectLink';
import { contentLinkProps } from '#domain/rules/content';
import { type ColumnContent } from '#domain/contract/content';
import { listingStatusLabel } from '#domain/rules/listing';
import { ADMINISTRATIVE_ASSOCIATION_ID } from '#domain/contract/portal';
import type { ProjectSearchParams } from '#domain/contract/projects';
import { useColumnContent } from '../api/get-column-content';
import { ContentTitle } from '../components/ContentLayout';
import { Pager } from '../components/Pager';
import { RichText } from '../components/RichText';
import { PROJECT_PAGE_SIZE } from '../constants';
import '@/styles/portal-content.css';
import { LotPrice } from '@/components/LotPrice';

function Cards({ items }: { items: ColumnContent[] }) {
  return (
    <ul className="column-cards">
      {items.map((item) => (
        <li key={item.id} className="column-card">
          <a {...contentLinkProps(item.linkUrl)} className="column-card__link">
            {item.imgSrc && <img src={item.imgSrc} alt="" width={376} height={235} />}
            <span className="column-card__title">{item.title}</span>
            {item.summary && <span className="column-card__summary">{item.summary}</span>}
            <span className="column-card__more">了解详情 &gt;</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function Sections({ items }: { items: ColumnContent[] }) {
  return (
    <div className="column-sections">
      {items.map((item) => (
        <section key={item.id} className="column-section" aria-labelledby={`column-section-${item.id}`}>
          <h2 id={`column-section-${item.id}`} className="content-subtitle">
            {item.title}
          </h2>
          {item.summary && <p className="column-section__summary">{item.summary}</p>}
          <RichText html={item.content} />
        </section>
      ))}
    </div>
  );
}

/**
 * A content column drawn from columns-content: its banner, its description, then its items — linked
 * items as cards, the others as sections read in place.
 */
function ColumnView({ columnCode, title, children }: { columnCode: string; title: string; children?: ReactNode }) {
  const column = useColumnContent(columnCode);
  return (
    <div className="content-page">
      <QueryState query={column} isEmpty={(page) => page.total === 0} emptyHint="本栏目暂未发布内容" rows={8}>
        {(page) => {
          const first = page.records[0]!;
          const cards = page.records.filter((i) => i.linkUrl);
          const sections = page.records.filter((i) => !i.linkUrl);
          return (
            <>
              {first.columnImgSrc && <img className="column-banner" src={first.columnImgSrc} alt={first.columnName} width={1200} height={320} />}
              <ContentTitle>{title}</ContentTitle>
              {first.columnDescription && <p className="content-lead">{first.columnDescription}</p>}
              {cards.length > 0 && <Cards items={cards} />}
              {sections.length > 0 && <Sections items={sections} />}
            </>
          );
        }}
      </QueryState>
      {children}
    </div>
  );
}

/** A special page's project list (the trading centre's search with the special's filter). */
function SpecialProjects({ filter, title }: { filter: Omit<ProjectSearchParams, 'size' | 'current'>; title: string }) {
  const [current, setCurrent] = useState(1);
  const projects = useSearchProjects({ ...filter, size: PROJECT_PAGE_SIZE, current });
  return (
    <section className="content-subsection" aria-labelledby="special-projects-title">
      <h2 id="special-projects-title" className="content-subtitle">
        {title}
      </h2>
      <QueryState query={projects} isEmpty={(page) => page.total === 0} emptyHint="专场项目发布后将在此显示" rows={8}>
        {(page) => (
          <>
            <table className="listing-table special-table">
              <thead>
                <tr>
                  <th scope="col">项目名称</th>
                  <th scope="col">挂牌价格</th>
                  <th scope="col">所在地</th>
                  <th scope="col">挂牌日期</th>
                  <th scope="col">状态</th>
                </tr>
              </thead>
              <tbody>
                {page.records.map((p) => (
                  <tr key={p.id}>
                    <td className="listing-table__name">
                      <ProjectLink project={{ assetsId: p.id, projectType: p.projectType }} title={p.assetsName}>
                        {p.assetsName}
                      </ProjectLink>
                    </td>
                    <td className="listing-table__price">
                      <LotPrice asset={p} />
                    </td>
                    <td>{p.city}</td>
                    <td className="tabular">{p.announcementStartTime.slice(0, 10)}</td>
                    <td>
                      <Tag>{listingStatusLabel(p.state)}</Tag>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager total={page.total} size={PROJECT_PAGE_SIZE} current={current} onChange={setCurrent} />
          </>
        )}
      </QueryState>
    </section>
  );
}

export const ServiceCenterPage = () => <ColumnView columnCode="service-center" title="服务中心" />;
export const TransferServicePage = () => <ColumnView columnCode="transfer-service" title="转让服务" />;
export const InvestServicePage = () => <ColumnView columnCode="invest-service" title="投资服务" />;
export const OtherServicePage = () => <ColumnView columnCode="other-service" title="其他服务" />;
export const Hd1Page = () => <ColumnView columnCode="hd1" title="国有资产“阳光处置”宣传月" />;
export const Hd2Page = () => <ColumnView columnCode="hd2" title="京津冀产权市场项目推介会" />;
export const SpecialPage = () => <ColumnView columnCode="special" title="专题专栏" />;
export const HelpBrowserPage = () => <ColumnView columnCode="help-browser" title="浏览器设置" />;

export const SpecialCarPage = () => (
  <ColumnView columnCode="special-car" title="机动车专场">
    <SpecialProjects filter={{ q: '车' }} title="专场项目" />
  </ColumnView>
);
export const SpecialOilPage = () => <ColumnView columnCode="special-oil" title="成品油专场" />;
export const SpecialPetroleumPage = () => (
  <ColumnView columnCode="special-petroleum" title="石油化工专场">
    <SpecialProjects filter={{ q: '化工' }} title="专场项目" />
  </ColumnView>
);
export const SpecialListPage = () => (
  <ColumnView columnCode="special-list" title="项目列表">
    <SpecialProjects filter={{ state: '正在报名' }} title="正在报名的项目" />
  </ColumnView>
);
export const SpecialHgListPage = () => (
  <ColumnView columnCode="special-hg" title="专项项目列表">
    <SpecialProjects filter={{ associationId: ADMINISTRATIVE_ASSOCIATION_ID }} title="行政事业单位资产" />
  </ColumnView>
);
