import { Button, Tag } from 'antd';
import { Result } from '@/components/Result';
import { useSearch } from '@tanstack/react-router';
import { QueryState } from '@/components/QueryState';
import { projectHref } from '#domain/rules/listing';
import { useNewsDetail } from '../api/get-news-detail';
import { useNoticeDetail } from '../api/get-notice-detail';
import { Attachments } from '../components/Attachments';
import { RichText } from '../components/RichText';
import type { NewsSearch, NoticeSearch } from '../search';
import '@/styles/portal-content.css';

function MissingId({ back, what }: { back: string; what: string }) {
  return (
    <div className="article article--missing">
      <Result
        status="warning"
        title={`未指定要查看的${what}`}
        subTitle="链接可能不完整，请返回列表重新选择。"
        extra={
          <Button type="primary" href={`#${back}`}>
            返回列表
          </Button>
        }
      />
    </div>
  );
}

/** An article: title, date, source, plate, body (sanitised HTML) and attachments. */
function NewsArticle({ newsId, listRoute }: { newsId: number; listRoute: string }) {
  const article = useNewsDetail(newsId);
  return (
    <article className="article">
      <QueryState query={article} isEmpty={() => false} rows={10} back={{ href: `#${listRoute}`, label: '返回列表' }}>
        {(a) => (
          <>
            <h1 className="article__title">{a.title}</h1>
            <p className="article__meta">
              <span>
                发布时间：<time className="tabular">{a.publishDate.slice(0, 16)}</time>
              </span>
              {a.source && <span>来源：{a.source}</span>}
              {a.plateName && <span>栏目：{a.plateName}</span>}
            </p>
            <RichText html={a.content} />
            <Attachments items={a.attachments} />
            <p className="article__back">
              <a href={`#${listRoute}?plateId=${a.plateId}`}>&lt; 返回{a.plateName || '列表'}</a>
            </p>
          </>
        )}
      </QueryState>
    </article>
  );
}

function NewsDetailPage({ listRoute }: { listRoute: string }) {
  const search: NewsSearch = useSearch({ strict: false });
  if (search.newsId === undefined) return <MissingId back={listRoute} what="文章" />;
  return <NewsArticle key={search.newsId} newsId={search.newsId} listRoute={listRoute} />;
}

export const NewsDetailDjgzPage = () => <NewsDetailPage listRoute="/djgz" />;
export const NewsDetailZcfgPage = () => <NewsDetailPage listRoute="/zcfg" />;
export const NewsDetailGywmPage = () => <NewsDetailPage listRoute="/gywm" />;
export const NewsDetailJyfwPage = () => <NewsDetailPage listRoute="/jyfw" />;
export const NewsDetailXwzxPage = () => <NewsDetailPage listRoute="/xwzx" />;
export const HelpCenterDetailPage = () => <NewsDetailPage listRoute="/helpCenter" />;

function NoticeArticle({ id }: { id: number }) {
  const notice = useNoticeDetail(id);
  return (
    <article className="article">
      <QueryState query={notice} isEmpty={() => false} rows={10} back={{ href: '#/xwzx', label: '返回新闻中心' }}>
        {(n) => (
          <>
            <h1 className="article__title">{n.noticeTitle}</h1>
            <p className="article__meta">
              <Tag color="red">{n.noticeTypeName}</Tag>
              <span>
                发布时间：<time className="tabular">{n.publishDate.slice(0, 16)}</time>
              </span>
              <span>来源：{n.source}</span>
            </p>
            <RichText html={n.content} />
            <Attachments items={n.attachments} />
            {n.assetsId !== null && (
              <p className="article__actions">
                <Button type="primary" href={projectHref({ assetsId: n.assetsId, projectType: null })}>
                  查看项目详情
                </Button>
              </p>
            )}
          </>
        )}
      </QueryState>
    </article>
  );
}

/** /noticeDetail?newsId=&id=: a trading notice (id is the notice type, used by the links that lead here). */
export function NoticeDetailPage() {
  const search: NoticeSearch = useSearch({ strict: false });
  if (search.newsId === undefined) return <MissingId back="/xwzx" what="公告" />;
  return <NoticeArticle key={search.newsId} id={search.newsId} />;
}
