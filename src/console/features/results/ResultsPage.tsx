/** 结果公告: a published lot's ended auctions; preview the generated 成交公告 / 结果公示 and publish it to the portal. */
import { useState } from 'react';
import { Alert, App, Button, Card, Input, Popconfirm, Radio, Space, Table, Tag, Typography } from 'antd';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { StaffActivity } from '#domain/contract/staffLots';
import { NOTICE_TYPE_NAMES } from '#domain/rules/content';
import { auctionOutcomeLabel } from '#domain/rules/lotTimeline';
import { yuan } from '../../components/chinaTimeInput';
import { QueryArea } from '../../layout/RouteStates';
import { useActivities, usePreview, usePublishedLots, usePublishResult } from './api';

function Preview({ activity }: { activity: StaffActivity }) {
  const { message } = App.useApp();
  const [noticeType, setNoticeType] = useState<number | undefined>(undefined);
  const query = usePreview(activity.activityId, noticeType);
  const publish = usePublishResult();
  const send = async (type: number) => {
    try {
      const done = await publish.mutateAsync({ activityId: activity.activityId, noticeType: type });
      void message.success(`已发布${NOTICE_TYPE_NAMES[type]}：${done.title}`);
    } catch {
      // the client showed the server's text
    }
  };
  return (
    <Card size="small" title={`公告预览：${activity.activityCode}`} className="console-note" aria-label="公告预览">
      <QueryArea query={query}>
        {(preview) => {
          const already = preview.published.includes(preview.noticeType);
          return (
            <>
              <Space className="console-filters" wrap>
                <Radio.Group value={preview.noticeType} onChange={(e) => setNoticeType(e.target.value as number)} optionType="button" options={[2, 3].map((t) => ({ value: t, label: NOTICE_TYPE_NAMES[t] }))} />
                <Tag color={preview.outcome === 'sold' ? 'green' : 'volcano'}>{preview.outcome === 'sold' ? '成交' : '流拍'}</Tag>
                {already && <Tag color="purple">已发布</Tag>}
              </Space>
              <h2 className="console-notice-title">{preview.title}</h2>
              {/* The server generated and sanitised it. */}
              <div className="console-html console-notice" dangerouslySetInnerHTML={{ __html: preview.content }} />
              {already ? (
                <Alert type="success" showIcon title={`此竞价的${NOTICE_TYPE_NAMES[preview.noticeType]}已发布，门户交易公告可见`} />
              ) : (
                <Popconfirm title={`发布${NOTICE_TYPE_NAMES[preview.noticeType]}？`} description="发布后门户交易公告立即可见。" okText="发布" cancelText="取消" onConfirm={() => send(preview.noticeType)}>
                  <Button type="primary" loading={publish.isPending}>
                    发布{NOTICE_TYPE_NAMES[preview.noticeType]}
                  </Button>
                </Popconfirm>
              )}
            </>
          );
        }}
      </QueryArea>
    </Card>
  );
}

function LotResults({ assetsId }: { assetsId: number }) {
  const query = useActivities(assetsId);
  const [chosen, setChosen] = useState<StaffActivity | null>(null);
  return (
    <>
      <div className="console-page__head">
        <h1 className="console-title">结果公告</h1>
        <Space>
          <Link to="/lots/view" search={{ assetsId }}>
            项目详情
          </Link>
          <Link to="/results" search={{}}>
            选择其他项目
          </Link>
        </Space>
      </div>
      <QueryArea query={query}>
        {(activities) => (
          <Table<StaffActivity>
            rowKey="activityId"
            pagination={false}
            dataSource={activities.filter((a) => a.status === 'ended')}
            locale={{ emptyText: '此项目没有已结束的竞价' }}
            columns={[
              { title: '编号', dataIndex: 'activityCode', render: (t: string) => <span className="console-mono">{t}</span> },
              { title: '方式', dataIndex: 'modeName' },
              { title: '结果', render: (_, a) => (a.outcome === null ? '—' : auctionOutcomeLabel(a.outcome)) },
              { title: '结束', dataIndex: 'endTime' },
              { title: '成交价', align: 'right', render: (_, a) => yuan(a.currentPrice) },
              {
                title: '操作',
                render: (_, a) => (
                  <Button size="small" onClick={() => setChosen(a)}>
                    预览公告
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryArea>
      {chosen && <Preview key={chosen.activityId} activity={chosen} />}
    </>
  );
}

function LotChooser() {
  const search = useSearch({ from: '/staff/results' });
  const navigate = useNavigate({ from: '/results' });
  const query = usePublishedLots(search.q);
  return (
    <>
      <h1 className="console-title">结果公告</h1>
      <Typography.Paragraph type="secondary">竞价结束后，按结果生成成交公告或结果公示，预览后发布到门户。</Typography.Paragraph>
      <Input.Search className="console-filters" aria-label="搜索项目" placeholder="项目名称或编号" allowClear defaultValue={search.q} style={{ width: 300 }} onSearch={(q) => void navigate({ search: { q: q.trim() || undefined } })} />
      <QueryArea query={query}>
        {(page) => (
          <Table
            rowKey={(lot) => String(lot.assetsId)}
            dataSource={page.records}
            pagination={false}
            locale={{ emptyText: '没有已发布的项目' }}
            columns={[
              { title: '项目', dataIndex: 'assetsName' },
              { title: '状态', render: (_, lot) => <Tag>{lot.stageLabel}</Tag> },
              {
                title: '操作',
                render: (_, lot) => (
                  <Link to="/results" search={{ assetsId: lot.assetsId ?? undefined }}>
                    查看竞价结果
                  </Link>
                ),
              },
            ]}
          />
        )}
      </QueryArea>
    </>
  );
}

export function ResultsPage() {
  const { assetsId } = useSearch({ from: '/staff/results' });
  return <div className="console-page">{assetsId === undefined ? <LotChooser /> : <LotResults assetsId={assetsId} />}</div>;
}
