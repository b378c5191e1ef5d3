import { useState } from 'react';
import { Button, Descriptions, Tag } from 'antd';
import { Result } from '@/components/Result';
import { useSearch } from '@tanstack/react-router';
import { QueryState } from '@/components/QueryState';
import { contentLinkProps } from '#domain/rules/content';
import { type KeyProject } from '#domain/contract/content';
import { listingStatusLabel } from '#domain/rules/listing';
import { useKeyProjects } from '@/api/resources/get-key-projects';
import { useKeyProject } from '../api/get-key-project';
import { ContentTitle } from '../components/ContentLayout';
import { Pager } from '../components/Pager';
import { KEY_PROJECT_PAGE_SIZE } from '../constants';
import type { IdSearch } from '../search';
import '@/styles/portal-content.css';
import { LotPrice } from '@/components/LotPrice';

function KeyCard({ item }: { item: KeyProject }) {
  const status = listingStatusLabel(item.state);
  return (
    <li className="key-card">
      <a href={`#/zhongdianDetail?id=${item.id}`} className="key-card__link" title={item.title}>
        <img src={item.imgSrc} alt="" width={282} height={159} />
        <span className="key-card__name">{item.title}</span>
        <span className="key-card__meta">
          <LotPrice asset={item} />
          <Tag color={status === '正在报名' ? 'red' : 'default'}>{status}</Tag>
        </span>
        <span className="key-card__city">
          {item.city} · {item.typeName}
        </span>
      </a>
    </li>
  );
}

/** /zhongdianList: every key recommendation, 8 a page. */
export function KeyProjectListPage() {
  const [current, setCurrent] = useState(1);
  const projects = useKeyProjects({ current, size: KEY_PROJECT_PAGE_SIZE });
  return (
    <div className="content-page">
      <ContentTitle>重点推荐</ContentTitle>
      <p className="content-lead">我所精选的优质在售项目，涵盖产权转让、增资扩股、实物资产和房屋租赁。</p>
      <QueryState query={projects} isEmpty={(page) => page.total === 0} emptyHint="暂无重点推荐项目" rows={8}>
        {(page) => (
          <>
            <ul className="key-grid">
              {page.records.map((item) => (
                <KeyCard key={item.id} item={item} />
              ))}
            </ul>
            <Pager total={page.total} size={KEY_PROJECT_PAGE_SIZE} current={current} onChange={setCurrent} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function KeyProjectDetail({ id }: { id: number }) {
  const project = useKeyProject(id);
  return (
    <QueryState query={project} isEmpty={() => false} rows={8} back={{ href: '#/zhongdianList', label: '返回重点推荐' }}>
      {(p) => (
        <article className="article key-detail">
          <h1 className="article__title">{p.title}</h1>
          <div className="key-detail__body">
            <img src={p.imgSrc} alt="" width={400} height={225} />
            <div className="key-detail__facts">
              <p className="key-detail__summary">{p.summary}</p>
              <Descriptions
                column={1}
                size="small"
                bordered
                items={[
                  { key: 'type', label: '项目类型', children: p.typeName || '--' },
                  { key: 'city', label: '所在地', children: p.city || '--' },
                  { key: 'price', label: '价格', children: <LotPrice asset={p} /> },
                  { key: 'state', label: '项目状态', children: listingStatusLabel(p.state) },
                  { key: 'end', label: '报名截止', children: p.announcementEndTime ? p.announcementEndTime.slice(0, 16) : '--' },
                ]}
              />
              <p className="article__actions">
                <Button type="primary" {...contentLinkProps(p.url)}>
                  查看项目详情
                </Button>
                <Button href="#/zhongdianList">返回重点推荐</Button>
              </p>
            </div>
          </div>
        </article>
      )}
    </QueryState>
  );
}

/** /zhongdianDetail?id=: one key recommendation. */
export function KeyProjectDetailPage() {
  const search: IdSearch = useSearch({ strict: false });
  if (search.id === undefined) {
    return (
      <div className="article">
        <Result status="warning" title="未指定要查看的推荐项目" extra={<Button href="#/zhongdianList">返回重点推荐</Button>} />
      </div>
    );
  }
  return <KeyProjectDetail key={search.id} id={search.id} />;
}
