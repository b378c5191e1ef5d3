import { useState } from 'react';
import { Collapse, Descriptions, Skeleton } from 'antd';
import { QueryState } from '@/components/QueryState';
import { useNewsPage } from '@/api/resources/get-news-page';
import { useNewsDetail } from '../api/get-news-detail';
import { usePlateDetail } from '../api/get-plate-detail';
import { useRecruitDetail } from '../api/get-recruit-detail';
import { useRecruits } from '../api/get-recruits';
import { Attachments } from '../components/Attachments';
import { ContentLayout, ContentTitle } from '../components/ContentLayout';
import { RichText } from '../components/RichText';
import '@/styles/portal-content.css';

const RECRUIT_KEY = 'recruit';

function AboutArticle({ id }: { id: number }) {
  const article = useNewsDetail(id);
  return (
    <QueryState query={article} isEmpty={() => false} rows={8}>
      {(a) => (
        <>
          <ContentTitle>{a.title}</ContentTitle>
          <RichText html={a.content} />
          <Attachments items={a.attachments} />
        </>
      )}
    </QueryState>
  );
}

function RecruitBody({ id }: { id: number }) {
  const detail = useRecruitDetail(id);
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  if (detail.isError) return <p>{detail.error.message}</p>;
  return <RichText html={detail.data.content} />;
}

/** 人才招聘 (blade-desk recruit): positions, each opening its detail in place. */
function Recruits() {
  const recruits = useRecruits();
  return (
    <>
      <ContentTitle>人才招聘</ContentTitle>
      <QueryState query={recruits} isEmpty={(page) => page.total === 0} emptyHint="目前没有招聘中的岗位">
        {(page) => (
          <Collapse
            className="content-accordion"
            defaultActiveKey={page.records[0] ? [String(page.records[0].id)] : []}
            items={page.records.map((r) => ({
              key: String(r.id),
              label: (
                <span className="content-accordion__label">
                  <span>{r.title}</span>
                  <span className="recruit__dept">{r.department}</span>
                </span>
              ),
              children: (
                <>
                  <Descriptions
                    size="small"
                    column={3}
                    items={[
                      { key: 'n', label: '招聘人数', children: `${r.headcount} 人` },
                      { key: 'l', label: '工作地点', children: r.location },
                      { key: 'e', label: '学历要求', children: r.education },
                      { key: 'p', label: '发布日期', children: r.publishDate.slice(0, 10) },
                      { key: 'd', label: '截止日期', children: r.deadline.slice(0, 10) },
                    ]}
                  />
                  <RecruitBody id={r.id} />
                  <p className="recruit__apply">应聘方式：请将个人简历发送至 service@hbcqjys.cn，邮件标题注明“应聘岗位＋姓名”。</p>
                </>
              ),
            }))}
          />
        )}
      </QueryState>
    </>
  );
}

function AboutColumn({ plateId, plateName }: { plateId: number; plateName: string }) {
  const articles = useNewsPage({ plateId, size: 20, current: 1 });
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <QueryState query={articles} isEmpty={() => false} rows={8}>
      {(page) => {
        // The exchange's pages read in the order they were written (简介 first).
        const ordered = [...page.records].sort((a, b) => a.publishDate.localeCompare(b.publishDate) || a.id - b.id);
        const current = selected ?? (ordered[0] ? String(ordered[0].id) : RECRUIT_KEY);
        const entries = [...ordered.map((a) => ({ key: String(a.id), label: a.title })), { key: RECRUIT_KEY, label: '人才招聘' }];
        return (
          <ContentLayout
            title={plateName}
            items={[]}
            aside={
              <ul className="content-side__menu" aria-label="关于我们目录">
                {entries.map((entry) => (
                  <li key={entry.key}>
                    <button
                      type="button"
                      className={current === entry.key ? 'is-active' : undefined}
                      aria-pressed={current === entry.key}
                      onClick={() => setSelected(entry.key)}
                    >
                      {entry.label}
                    </button>
                  </li>
                ))}
              </ul>
            }
          >
            {current === RECRUIT_KEY ? <Recruits /> : <AboutArticle key={current} id={Number(current)} />}
          </ContentLayout>
        );
      }}
    </QueryState>
  );
}

/** /gywm: the exchange's own pages (简介, 组织机构, 业务范围, 联系我们) and its open positions. */
export function AboutPage() {
  const plate = usePlateDetail({ plateCode: 'gywm' });
  return (
    <QueryState query={plate} isEmpty={() => false} rows={8}>
      {(p) => <AboutColumn plateId={p.id} plateName={p.plateName} />}
    </QueryState>
  );
}
