import type { ReactNode } from 'react';
import { Button, Result, Tag } from 'antd';
import { Link } from '@tanstack/react-router';
import { EyeOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { QueryState } from '@/components/QueryState';
import { Price } from '@/components/Price';
import { isPackageProject, listingPriceDisplay, listingStatusOf } from '#domain/rules/listing';
import { lotPriceDisplay } from '#domain/rules/lotState';
import type { ProjectDetail } from '#domain/contract/projects';
import { mySteps } from '#domain/rules/desk';
import { type MyLot } from '#domain/contract/desk';
import { useMyLots } from '@/api/resources/get-my-lots';
import { minuteText } from '#domain/rules/chinaTime';
import { tableMoneyCell } from '#domain/rules/money';
import { useProjectDetail } from '../api/get-project-detail';
import { ActivityPanel } from './ActivityPanel';
import { LotPriceHistory } from './LotPriceHistory';
import { Attachments } from './Attachments';
import { ChildAssets, CHILD_ASSETS_ID } from './ChildAssets';
import { DisclosureTabs } from './DisclosureTabs';
import { EnrolButton } from './EnrolButton';
import { EnrolCountdown } from './EnrolCountdown';
import { FavouriteButton } from './FavouriteButton';
import { ProjectCover } from './ProjectCover';
import { Recommendations } from './Recommendations';
import { StatusTag } from './StatusTag';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function showChildAssets() {
  const section = document.getElementById(CHILD_ASSETS_ID);
  section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  section?.focus({ preventScroll: true });
}

/** The key facts: price, deposit, dates, organiser, status, the enrolment countdown and the actions. */
function KeyFacts({ detail, mine }: { detail: ProjectDetail; mine: MyLot | undefined }) {
  const isPackage = isPackageProject(detail.projectType);
  const enrolling = listingStatusOf(detail.listingState) === 'enrolling';
  const lotPrice = lotPriceDisplay(detail);
  return (
    <section className="detail-head" aria-labelledby="detail-title">
      <ProjectCover src={detail.imgUrl} typeName={detail.typeName} className="detail-head__cover" />
      <div className="detail-head__main">
        <h1 className="detail-head__title" id="detail-title">
          <StatusTag state={detail.state} />
          {detail.assetsName}
        </h1>
        <div className="detail-head__tags">
          {detail.typeName && <Tag>{detail.typeName}</Tag>}
          {isPackage && <Tag color="blue">资产包</Tag>}
          {detail.features.map((feature) => (
            <Tag key={feature.id} color="gold">
              {feature.name}
            </Tag>
          ))}
          <span className="detail-head__views tabular">
            <EyeOutlined /> 浏览 {detail.circuseeCount} 次
          </span>
        </div>
        <div className="detail-price">
          <div className="detail-price__item detail-price__item--main">
            <span className="detail-price__label">{lotPrice.label ?? '挂牌价格'}</span>
            <span className="detail-price__value" data-testid="detail-price">
              <Price text={lotPrice.text} tooltip={lotPrice.tooltip} />
            </span>
          </div>
          {lotPrice.label && (
            <div className="detail-price__item">
              <span className="detail-price__label">挂牌价格</span>
              <span className="detail-price__value detail-price__value--minor">
                <Price {...listingPriceDisplay({ ...detail, state: detail.listingState })} />
              </span>
            </div>
          )}
          <div className="detail-price__item">
            <span className="detail-price__label">交易保证金</span>
            <span className="detail-price__value detail-price__value--minor">
              <Price {...tableMoneyCell(detail.deposit)} />
            </span>
          </div>
          <div className="detail-price__item">
            <span className="detail-price__label">评估价值</span>
            <span className="detail-price__value detail-price__value--minor">
              {detail.appraisedValue === null ? '未披露' : <Price {...tableMoneyCell(detail.appraisedValue)} />}
            </span>
          </div>
        </div>
        <dl className="detail-facts">
          <Fact label="项目编号">
            <span className="tabular">{detail.projectCode}</span>
          </Fact>
          <Fact label="项目状态">
            <StatusTag state={detail.state} />
          </Fact>
          <Fact label="挂牌机构">{detail.orgName || '--'}</Fact>
          <Fact label="转让方">{detail.transferorName || '--'}</Fact>
          <Fact label="所在地区">{[detail.city, detail.county].filter(Boolean).join(' ') || '--'}</Fact>
          <Fact label="挂牌期">
            <span className="tabular">
              {minuteText(detail.announcementStartTime)} 至 {minuteText(detail.announcementEndTime)}
            </span>
          </Fact>
          <Fact label="报名截止">
            <span className="tabular">{minuteText(detail.enrollEndTime)}</span>
          </Fact>
          <Fact label="联系人">
            {detail.contactName || '--'} <span className="tabular">{detail.contactPhone}</span>
          </Fact>
          {detail.parentId !== null && (
            <Fact label="所属资产包">
              <Link to="/projectPkg/{$assetsId}.html" params={{ assetsId: String(detail.parentId) }}>
                查看资产包
              </Link>
            </Fact>
          )}
        </dl>
        {enrolling && (
          <div className="detail-countdown" role="timer" aria-live="off" aria-label="距报名截止">
            距报名截止还有 <EnrolCountdown deadline={detail.enrollEndTime} />
          </div>
        )}
        <div className="detail-actions">
          {mine?.bidCode && detail.activity && detail.activity.status !== 'ended' ? (
            <a href={`#/quoteHall?activityId=${detail.activity.activityId}`} className="enrol-button enrol-button--room" data-testid="head-enter-room">
              进入竞价室
            </a>
          ) : mine?.enrolment ? (
            <a href={`#/enrollDetail?id=${mine.enrolment.id}`} className="enrol-button enrol-button--done" data-testid="my-enrolment">
              {mySteps(mine).join(' · ')}
            </a>
          ) : (
            <EnrolButton assetsId={detail.id} projectType={detail.projectType} listingState={detail.listingState} />
          )}
          <FavouriteButton assetsId={detail.id} collected={detail.collected} size="large" />
          {isPackage && (
            <Button size="large" icon={<UnorderedListOutlined />} onClick={showChildAssets}>
              查看子资产
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

/** A project's whole detail page: single asset, package or managed project (they share one call). */
export function ProjectDetailView({ id }: { id: number }) {
  const detail = useProjectDetail(id);
  const mine = useMyLots();
  if (!Number.isSafeInteger(id) || id <= 0) {
    return <Result status="404" title="项目不存在" extra={<Link to="/project">返回交易中心</Link>} />;
  }
  return (
    <div className="project-detail">
      <QueryState query={detail} isEmpty={(data) => !data} emptyHint="该项目不存在或已下架" rows={10} back={{ href: '#/project', label: '返回交易中心' }}>
        {(data) => (
          <>
            <KeyFacts detail={data} mine={mine.byAssets.get(data.id)} />
            {data.activity && <ActivityPanel detail={data} mine={mine.byAssets.get(data.id)} />}
            {data.activity && data.activity.status !== 'scheduled' && <LotPriceHistory activity={data.activity} />}
            <div className="project-detail__body">
              <div className="project-detail__main">
                {isPackageProject(data.projectType) && <ChildAssets items={data.children} />}
                <section className="detail-section" aria-label="信息披露">
                  <DisclosureTabs sections={data.sections} />
                </section>
                <Attachments assetsId={data.id} items={data.attachments} />
              </div>
              <Recommendations assetsId={data.id} />
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
