import { useState } from 'react';
import { App, Button, Tag } from 'antd';
import { CheckOutlined, NotificationOutlined, PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttachmentInfo } from '#domain/contract/projects';
import type { Roadshow } from '#domain/contract/roadshow';
import { ROADSHOW_FOLLOW, ROADSHOW_FOLLOWED, ROADSHOW_KIND_TEXT, ROADSHOW_PHASE_TEXT, ROADSHOW_REMINDER_MINUTES } from '#domain/rules/roadshow';
import { useRoadshows } from '../api/get-roadshows';
import { postRoadshowFollow, postRoadshowUnfollow } from '../api/post-roadshow-follow';
import { AttachmentItem, DownloadDialog } from './Attachments';

const PHASE_COLOUR = { upcoming: 'blue', live: 'red', ended: 'default' } as const;
/** A file the browser plays itself; any other address is offered as a link next to the poster. */
const PLAYABLE = /\.(mp4|webm|ogg|ogv)(\?|#|$)/i;

/**
 * 关注路演 / 已关注. Following is always sent, logged in or not: an anonymous follow answers 401 and the
 * error catalogue shows 用户未登录 with 去登录 (→ /login?redirect=<this page>); failures are already shown by
 * the client. The button stays busy until the list is fresh.
 */
function FollowButton({ roadshow }: { roadshow: Roadshow }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (follow: boolean) => (follow ? postRoadshowFollow(roadshow.id) : postRoadshowUnfollow(roadshow.id)),
    onSuccess: async (_answer, follow) => {
      void message.success(follow ? `已关注，路演开始前 ${ROADSHOW_REMINDER_MINUTES} 分钟将在「我的消息」提醒您` : '已取消关注');
      await queryClient.invalidateQueries({ queryKey: ['projects', 'roadshows', roadshow.assetsId] });
    },
  });
  return (
    <Button
      type={roadshow.followed ? 'default' : 'primary'}
      icon={roadshow.followed ? <CheckOutlined /> : <NotificationOutlined />}
      loading={toggle.isPending}
      aria-pressed={roadshow.followed}
      title={roadshow.followed ? '取消关注' : `关注后开始前 ${ROADSHOW_REMINDER_MINUTES} 分钟提醒`}
      onClick={() => toggle.mutate(!roadshow.followed)}
    >
      {roadshow.followed ? ROADSHOW_FOLLOWED : ROADSHOW_FOLLOW}
    </Button>
  );
}

function Watch({ roadshow }: { roadshow: Roadshow }) {
  const { videoUrl, posterUrl, phase } = roadshow;
  if (videoUrl && PLAYABLE.test(videoUrl) && (roadshow.kind === 'recorded' || phase !== 'upcoming')) {
    return <video className="roadshow__video" controls preload="none" src={videoUrl} poster={posterUrl || undefined} aria-label={`${roadshow.title} 视频`} />;
  }
  return (
    <>
      {posterUrl && <img className="roadshow__poster" src={posterUrl} alt={`${roadshow.title} 海报`} loading="lazy" />}
      {videoUrl && (roadshow.kind === 'recorded' || phase === 'live') && (
        <a className="roadshow__watch" href={videoUrl} target="_blank" rel="noopener noreferrer">
          <PlayCircleOutlined /> {roadshow.kind === 'recorded' ? '观看录像' : '进入直播'}
        </a>
      )}
    </>
  );
}

function RoadshowItem({ roadshow, onDownload }: { roadshow: Roadshow; onDownload: (a: AttachmentInfo) => void }) {
  return (
    <article className="roadshow" aria-label={roadshow.title} data-testid="roadshow">
      <header className="roadshow__head">
        <Tag icon={<VideoCameraOutlined />}>{ROADSHOW_KIND_TEXT[roadshow.kind]}</Tag>
        <Tag color={PHASE_COLOUR[roadshow.phase]}>{ROADSHOW_PHASE_TEXT[roadshow.phase]}</Tag>
        <h3 className="roadshow__title">{roadshow.title}</h3>
      </header>
      <dl className="roadshow__facts">
        <div>
          <dt>时间</dt>
          <dd className="tabular">
            {roadshow.startTime.slice(0, 16)} 至 {roadshow.endTime.slice(11, 16)}
          </dd>
        </div>
        <div>
          <dt>主讲</dt>
          <dd>{roadshow.presenter}</dd>
        </div>
        <div>
          <dt>关注</dt>
          <dd className="tabular">{roadshow.followers} 人</dd>
        </div>
      </dl>
      <Watch roadshow={roadshow} />
      {roadshow.phase !== 'ended' && (
        <div className="roadshow__actions">
          <FollowButton roadshow={roadshow} />
        </div>
      )}
      {roadshow.materials.length > 0 && (
        <div className="roadshow__materials">
          <h4>转让方路演资料</h4>
          <ul className="attachment-list">
            {roadshow.materials.map((item) => (
              <AttachmentItem key={item.id} item={item} onDownload={onDownload} />
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}

/**
 * 项目路演 on the lot's page: its live sessions (time, title, presenter, 关注路演) and recordings, with the
 * transferor's materials (the lot's attachments, downloaded behind the image verify code as any attachment).
 * Nothing at all when the lot has no roadshow.
 */
export function RoadshowBlock({ assetsId }: { assetsId: number }) {
  const roadshows = useRoadshows(assetsId);
  const [download, setDownload] = useState<AttachmentInfo | null>(null);
  if (!roadshows.data || roadshows.data.length === 0) return null;
  return (
    <section className="detail-section roadshows" aria-labelledby="roadshows-title" data-testid="roadshows">
      <h2 className="detail-section__title" id="roadshows-title">
        项目路演
      </h2>
      {roadshows.data.map((r) => (
        <RoadshowItem key={r.id} roadshow={r} onDownload={setDownload} />
      ))}
      {download && <DownloadDialog assetsId={assetsId} attachment={download} onClose={() => setDownload(null)} />}
    </section>
  );
}
