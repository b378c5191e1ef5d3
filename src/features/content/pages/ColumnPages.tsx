import type { ReactNode } from 'react';
import { Collapse, Skeleton } from 'antd';
import { useSearch } from '@tanstack/react-router';
import { QueryState } from '@/components/QueryState';
import { SOURCE_TYPES, type NewsPlate, type NewsPlateDetail } from '#domain/contract/content';
import { useNewsPage } from '@/api/resources/get-news-page';
import { useNoticeInfo } from '@/api/resources/get-notice-info';
import { useNoticeInfoDetail } from '@/api/resources/get-notice-info-detail';
import { useNewsDetail } from '../api/get-news-detail';
import { usePlateDetail } from '../api/get-plate-detail';
import { ArticleList, NoticeList } from '../components/ArticleList';
import { Attachments } from '../components/Attachments';
import { ContentLayout, ContentTitle } from '../components/ContentLayout';
import { RichText } from '../components/RichText';
import { CONTENT_PAGE_SIZE } from '../constants';
import type { PlateSearch } from '../search';
import '@/styles/portal-content.css';

/** How a column shows its articles: as a list linking to a detail route, or as an accordion in place. */
type Presentation = { kind: 'list'; detailRoute: string } | { kind: 'accordion' };

function sideItems(root: NewsPlateDetail, base: string, current: NewsPlate) {
  return [
    { key: String(root.id), label: `全部${root.plateName}`, href: `#${base}`, active: current.id === root.id },
    ...root.children.map((child) => ({
      key: String(child.id),
      label: child.plateName,
      href: `#${base}?plateId=${child.id}`,
      active: current.id === child.id,
    })),
  ];
}

/** One article read in place (the accordion's panel): fetched when opened. */
function ArticleInPlace({ id }: { id: number }) {
  const detail = useNewsDetail(id);
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (detail.isError) return <p>{detail.error.message}</p>;
  return (
    <>
      <RichText html={detail.data.content} />
      <Attachments items={detail.data.attachments} />
    </>
  );
}

function ArticleAccordion({ plateId }: { plateId: number }) {
  const news = useNewsPage({ plateId, size: 50, current: 1 });
  return (
    <QueryState query={news} isEmpty={(page) => page.total === 0} emptyHint="本栏目暂未发布内容" rows={8}>
      {(page) => (
        <Collapse
          className="content-accordion"
          defaultActiveKey={page.records[0] ? [String(page.records[0].id)] : []}
          items={page.records.map((item) => ({
            key: String(item.id),
            label: (
              <span className="content-accordion__label">
                <span>{item.title}</span>
                <time className="tabular">{item.publishDate.slice(0, 10)}</time>
              </span>
            ),
            children: <ArticleInPlace id={item.id} />,
          }))}
        />
      )}
    </QueryState>
  );
}

function PlateContent({ plate, presentation }: { plate: NewsPlate; presentation: Presentation }) {
  if (plate.sourceType === SOURCE_TYPES.notice && plate.noticeType !== null) return <NoticeList key={plate.id} noticeType={plate.noticeType} />;
  if (presentation.kind === 'accordion') return <ArticleAccordion key={plate.id} plateId={plate.id} />;
  return <ArticleList key={plate.id} plateId={plate.id} detailRoute={presentation.detailRoute} />;
}

/**
 * A column page (党建工作, 政策法规, 交易服务, 新闻中心, 信息公开, 咨询中心): the column's plates on the
 * left, the selected plate (query plateId; the whole column by default) on the right.
 */
function ColumnPage({ rootCode, base, presentation, extra }: { rootCode: string; base: string; presentation: Presentation; extra?: ReactNode }) {
  const search: PlateSearch = useSearch({ strict: false });
  const root = usePlateDetail({ plateCode: rootCode });
  const selectedId = search.plateId;
  const selected = root.data && selectedId !== undefined && selectedId !== root.data.id ? root.data.children.find((c) => c.id === selectedId) : undefined;
  // A plateId outside this column (an old link): read that plate by itself.
  const useOutside = Boolean(root.data && selectedId !== undefined && selectedId !== root.data.id && !selected);
  const outside = usePlateDetail({ id: selectedId ?? 0 }, useOutside);
  return (
    <QueryState query={root} isEmpty={() => false} rows={10}>
      {(column) => {
        const current: NewsPlate | undefined = selected ?? (useOutside ? outside.data : column);
        return (
          <ContentLayout title={column.plateName} items={sideItems(column, base, current ?? column)}>
            {current ? (
              <>
                <ContentTitle>{current.id === column.id ? column.plateName : current.plateName}</ContentTitle>
                <PlateContent plate={current} presentation={presentation} />
              </>
            ) : (
              <QueryState query={outside} isEmpty={() => false}>
                {() => null}
              </QueryState>
            )}
            {extra}
          </ContentLayout>
        );
      }}
    </QueryState>
  );
}

export const DjgzPage = () => <ColumnPage rootCode="djgz" base="/djgz" presentation={{ kind: 'list', detailRoute: '/newsDetaildjgz' }} />;
export const ZcfgPage = () => <ColumnPage rootCode="zcfg" base="/zcfg" presentation={{ kind: 'list', detailRoute: '/newsDetailzcfg' }} />;
export const JyfwPage = () => <ColumnPage rootCode="jyfw" base="/jyfw" presentation={{ kind: 'list', detailRoute: '/newsDetailjyfw' }} />;
export const XwzxPage = () => <ColumnPage rootCode="xwzx" base="/xwzx" presentation={{ kind: 'list', detailRoute: '/newsDetailxwzx' }} />;
export const HgzxPage = () => <ColumnPage rootCode="hgzx" base="/hgzx" presentation={{ kind: 'accordion' }} />;

function SiteNoticeInPlace({ id }: { id: number }) {
  const detail = useNoticeInfoDetail(id);
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (detail.isError) return <p>{detail.error.message}</p>;
  return <RichText html={detail.data.content} />;
}

/** 网站公告 (blade-desk notice-info), shown under the disclosure column. */
function SiteNoticeList() {
  const notices = useNoticeInfo({ current: 1, size: CONTENT_PAGE_SIZE });
  return (
    <section className="content-subsection" aria-labelledby="site-notice-title">
      <h2 id="site-notice-title" className="content-subtitle">
        网站公告
      </h2>
      <QueryState query={notices} isEmpty={(page) => page.total === 0}>
        {(page) => (
          <Collapse
            className="content-accordion"
            items={page.records.map((n) => ({
              key: String(n.id),
              label: (
                <span className="content-accordion__label">
                  <span>{n.title}</span>
                  <time className="tabular">{n.publishDate.slice(0, 10)}</time>
                </span>
              ),
              children: <SiteNoticeInPlace id={n.id} />,
            }))}
          />
        )}
      </QueryState>
    </section>
  );
}

export const XxgkPage = () => <ColumnPage rootCode="xxgk" base="/xxgk" presentation={{ kind: 'accordion' }} extra={<SiteNoticeList />} />;
