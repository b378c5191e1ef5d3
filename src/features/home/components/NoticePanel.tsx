import { Tabs } from 'antd';
import { QueryState } from '@/components/QueryState';
import { NOTICE_TYPES, useNotices } from '../api/get-notices';

const NOTICE_TABS = [
  { key: 'result', label: '结果公示', noticeType: NOTICE_TYPES.result },
  { key: 'transaction', label: '成交公告', noticeType: NOTICE_TYPES.transaction },
] as const;

function NoticeList({ noticeType }: { noticeType: number }) {
  const notices = useNotices({ noticeType, size: 8 });
  return (
    <QueryState query={notices} isEmpty={(page) => page.records.length === 0}>
      {(page) => (
        <ul className="text-list">
          {page.records.map((notice) => (
            <li key={notice.id}>
              <a href={`#/noticeDetail?newsId=${notice.id}&id=${notice.noticeType}`} title={notice.noticeTitle}>
                {notice.noticeTitle}
              </a>
              <time className="tabular">{notice.publishDate.slice(5, 10)}</time>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** Right panel: result notices and transaction announcements. */
export function NoticePanel() {
  return (
    <section className="home-panel home-notices" aria-labelledby="home-notices-title">
      <h2 id="home-notices-title" className="home-panel__title">
        交易公告
      </h2>
      <Tabs
        items={NOTICE_TABS.map((tab) => ({
          key: tab.key,
          label: tab.label,
          children: <NoticeList noticeType={tab.noticeType} />,
        }))}
      />
    </section>
  );
}
