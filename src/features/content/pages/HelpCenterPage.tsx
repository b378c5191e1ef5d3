import { Collapse, Skeleton } from 'antd';
import { useSearch } from '@tanstack/react-router';
import { QueryState } from '@/components/QueryState';
import type { NewsPlate } from '#domain/contract/content';
import { useNewsPage } from '@/api/resources/get-news-page';
import { useNewsDetail } from '../api/get-news-detail';
import { usePlateDetail } from '../api/get-plate-detail';
import { Attachments } from '../components/Attachments';
import { ContentLayout, ContentTitle } from '../components/ContentLayout';
import { RichText } from '../components/RichText';
import type { HelpSearch } from '../search';
import '@/styles/portal-content.css';

function HelpAnswer({ id }: { id: number }) {
  const detail = useNewsDetail(id);
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (detail.isError) return <p>{detail.error.message}</p>;
  return (
    <>
      <RichText html={detail.data.content} />
      <Attachments items={detail.data.attachments} />
      <p className="help__permalink">
        <a href={`#/helpCenterDetail?newsId=${id}`}>在新页面中查看 &gt;</a>
      </p>
    </>
  );
}

/** The articles of one help plate; `num` (1-based) is the one opened. */
function HelpArticles({ plate, num }: { plate: NewsPlate; num: number }) {
  const articles = useNewsPage({ plateId: plate.id, size: 50, current: 1 });
  return (
    <QueryState query={articles} isEmpty={(page) => page.total === 0} emptyHint="本栏目暂无帮助内容" rows={8}>
      {(page) => {
        const ordered = page.records;
        const open = ordered[Math.min(Math.max(num, 1), ordered.length) - 1];
        return (
          <Collapse
            key={`${plate.id}-${num}`}
            className="content-accordion"
            defaultActiveKey={open ? [String(open.id)] : []}
            items={ordered.map((item, i) => ({
              key: String(item.id),
              label: (
                <span className="content-accordion__label">
                  <span>
                    {i + 1}. {item.title}
                  </span>
                </span>
              ),
              children: <HelpAnswer id={item.id} />,
            }))}
          />
        );
      }}
    </QueryState>
  );
}

/** /helpCenter?plateId=&num=: the help plates on the left, the chosen plate's questions on the right. */
export function HelpCenterPage() {
  const search: HelpSearch = useSearch({ strict: false });
  const root = usePlateDetail({ plateCode: 'bzzx' });
  return (
    <QueryState query={root} isEmpty={() => false} rows={10}>
      {(column) => {
        const current = column.children.find((c) => c.id === search.plateId) ?? column.children[0];
        const items = [
          ...column.children.map((c) => ({ key: String(c.id), label: c.plateName, href: `#/helpCenter?plateId=${c.id}&num=1`, active: c.id === current?.id })),
          { key: 'browser', label: '浏览器设置', href: '#/helpBrowser', active: false },
        ];
        return (
          <ContentLayout title={column.plateName} items={items}>
            <ContentTitle>{current?.plateName ?? column.plateName}</ContentTitle>
            {current ? <HelpArticles plate={current} num={search.num ?? 1} /> : null}
          </ContentLayout>
        );
      }}
    </QueryState>
  );
}
