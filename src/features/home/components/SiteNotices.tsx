import { useState } from 'react';
import { Modal, Skeleton, Tag } from 'antd';
import { QueryState } from '@/components/QueryState';
import { useNoticeInfo } from '@/api/resources/get-notice-info';
import { useNoticeInfoDetail } from '@/api/resources/get-notice-info-detail';

const SITE_NOTICE_COUNT = 6;

function NoticeInfoDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useNoticeInfoDetail(id);
  return (
    <Modal open title={detail.data?.title ?? '网站公告'} onCancel={onClose} footer={null} width={640}>
      {detail.isPending ? (
        <Skeleton active />
      ) : detail.isError ? (
        <p>{detail.error.message}</p>
      ) : (
        <>
          <p className="article__meta">发布时间：{detail.data.publishDate.slice(0, 10)}</p>
          {/* Sanitised on the server (allowlist) before it was stored and again when served. */}
          <div className="article__body" dangerouslySetInnerHTML={{ __html: detail.data.content }} />
        </>
      )}
    </Modal>
  );
}

/** Site notices (blade-desk notice-info): pinned first; a click opens the notice in a dialog. */
export function SiteNotices() {
  const notices = useNoticeInfo({ current: 1, size: SITE_NOTICE_COUNT });
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section className="home-panel home-site-notices" aria-labelledby="home-site-notices-title">
      <div className="home-panel__head">
        <h2 id="home-site-notices-title" className="home-panel__title">
          网站公告
        </h2>
        <a className="home-panel__title-more" href="#/xxgk">
          更多 &gt;
        </a>
      </div>
      <QueryState query={notices} isEmpty={(page) => page.records.length === 0} rows={6}>
        {(page) => (
          <ul className="home-site-notices__list">
            {page.records.map((n) => (
              <li key={n.id}>
                <button type="button" className="link-button" onClick={() => setOpen(n.id)} title={n.title}>
                  {n.isTop === 1 && <Tag color="red">置顶</Tag>}
                  {n.title}
                </button>
                <time className="tabular">{n.publishDate.slice(5, 10)}</time>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {open !== null && <NoticeInfoDialog id={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
