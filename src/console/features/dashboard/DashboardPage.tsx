/**
 * 工作台: the member's work queues (STAFF_PATHS.queues) as cards — how many wait, since when, coloured by
 * the longest wait — each opening its queue's page when that page exists (menu.tsx `queue`). The console
 * never polls (the session's idle clock is the member's): 刷新 asks again.
 */
import { Button, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import type { QueueSummary } from '#domain/contract/staff';
import { useMe } from '../../api/me';
import { QueryArea } from '../../layout/RouteStates';
import { pageOfQueue } from '../../menu';
import { useQueues } from './api';
import { formatWait, waitTone, waitToneRow } from '../../components/wait';

function QueueCard({ queue }: { queue: QueueSummary }) {
  const tone = queue.count > 0 && queue.oldestWaitMinutes !== null ? waitTone(queue.oldestWaitMinutes) : null;
  const page = pageOfQueue(queue.key);
  const body = (
    <Card className={`queue-card${tone ? ` queue-card--${tone}` : ''}`} hoverable={!!page} aria-label={queue.label}>
      <div className="queue-card__head">
        <span className="queue-card__label">{queue.label}</span>
        {tone && <Tag color={waitToneRow(tone).colour}>{waitToneRow(tone).label}</Tag>}
      </div>
      <div className="queue-card__count tabular">
        {queue.count}
        <span className="queue-card__unit">件待办</span>
      </div>
      <div className="queue-card__wait">
        {queue.count > 0 && queue.oldestWaitMinutes !== null ? (
          <>
            最长等待 <strong className="tabular">{formatWait(queue.oldestWaitMinutes)}</strong>
            {queue.oldestSince && <span className="console-muted">（{queue.oldestSince.slice(0, 16)} 提交）</span>}
          </>
        ) : (
          <span className="console-muted">暂无待办</span>
        )}
      </div>
      <div className="queue-card__foot">{page ? <span>进入处理 <RightOutlined /></span> : <span className="console-muted">处理页面建设中</span>}</div>
    </Card>
  );
  return page?.to ? (
    <Link to={page.to} className="queue-card__link">
      {body}
    </Link>
  ) : (
    body
  );
}

export function DashboardPage() {
  const { data: me } = useMe();
  const queues = useQueues();
  return (
    <div className="console-page">
      <div className="console-page__head">
        <div>
          <h1 className="console-title">工作台</h1>
          <Typography.Text type="secondary">{me ? `${me.staff.name}，您好。以下是您的角色负责的待办事项，按等待时间着色。` : null}</Typography.Text>
        </div>
        <Button icon={<ReloadOutlined />} loading={queues.isFetching} onClick={() => void queues.refetch()}>
          刷新
        </Button>
      </div>
      <QueryArea query={queues}>
        {(list) =>
          list.length === 0 ? (
            <Empty description="您的角色没有需要处理的工作队列" />
          ) : (
            <>
              <Row gutter={[16, 16]}>
                {[...list]
                  .sort((a, b) => (b.oldestWaitMinutes ?? -1) - (a.oldestWaitMinutes ?? -1))
                  .map((queue) => (
                    <Col key={queue.key} xs={24} sm={12} lg={8} xl={6}>
                      <QueueCard queue={queue} />
                    </Col>
                  ))}
              </Row>
              <Space className="console-legend" size="large">
                <span><Tag color="green">正常</Tag>等待不到 1 小时</span>
                <span><Tag color="orange">请尽快处理</Tag>1–4 小时</span>
                <span><Tag color="red">已积压</Tag>超过 4 小时</span>
              </Space>
            </>
          )
        }
      </QueryArea>
    </div>
  );
}
