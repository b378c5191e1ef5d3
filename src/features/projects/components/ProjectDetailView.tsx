import type { ReactNode } from 'react';
import { Button, Result, Tag } from 'antd';
import { Link } from '@tanstack/react-router';
import { EyeOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Later } from '@/components/Later';
import { WhenNear } from '@/components/WhenNear';
import { QueryState } from '@/components/QueryState';
import { CostSummary } from '@/components/CostSummary';
import { Price } from '@/components/Price';
import { isPackageProject, listingPriceDisplay } from '#domain/rules/listing';
import { lotNextStep, type LotCountdown, type LotNextStep } from '#domain/rules/nextStep';
import { lotPriceDisplay } from '#domain/rules/lotState';
import type { ProjectDetail } from '#domain/contract/projects';
import { mySteps } from '#domain/rules/desk';
import { type MyLot } from '#domain/contract/desk';
import { useMyLots } from '@/api/resources/get-my-lots';
import { minuteText } from '#domain/rules/chinaTime';
import { tableMoneyCell } from '#domain/rules/money';
import { useProjectDetail } from '../api/get-project-detail';
import { ActivityPanel, ACTIVITY_PANEL_ID } from './ActivityPanel';
import { LotPriceHistory } from './LotPriceHistory';
import { Attachments } from './Attachments';
import { ChildAssets, CHILD_ASSETS_ID } from './ChildAssets';
import { DisclosureTabs } from './DisclosureTabs';
import { EnrolButton } from './EnrolButton';
import { DeadlineCountdown } from '@/components/DeadlineCountdown';
import { FavouriteButton } from './FavouriteButton';
import { LotGallery } from './LotGallery';
import { Recommendations } from './Recommendations';
import { RoadshowBlock } from './RoadshowBlock';
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

const COUNTDOWN_OVER: Record<LotCountdown['label'], string> = { 距报名截止: '报名已截止', 距竞价开始: '竞价已开始', 距竞价结束: '竞价已结束' };

/** The lot's one next step for this visitor (domain/rules/nextStep.ts) as the head's main button. */
function NextStepButton({ detail, mine, next }: { detail: ProjectDetail; mine: MyLot | undefined; next: LotNextStep }) {
  switch (next.action) {
    case 'enrol':
      return <EnrolButton assetsId={detail.id} projectType={detail.projectType} listingState={detail.listingState} />;
    case 'enterRoom':
      return (
        <a href={`#/quoteHall?activityId=${detail.lot.activityId}`} className="enrol-button enrol-button--room" data-testid="head-enter-room">
          进入竞价室
        </a>
      );
    case 'payDeposit':
    case 'waiting':
    case 'refused':
      return mine?.enrolment ? (
        <a href={`#/enrollDetail?id=${mine.enrolment.id}`} className={`enrol-button ${next.action === 'payDeposit' ? 'enrol-button--room' : 'enrol-button--done'}`} data-testid="my-enrolment">
          {next.action === 'payDeposit' ? '缴纳保证金' : mySteps(mine).join(' · ')}
        </a>
      ) : (
        <Button size="large" disabled className="enrol-button">
          {next.label}
        </Button>
      );
    case 'viewResult':
      return (
        <Button size="large" className="enrol-button" onClick={() => document.getElementById(ACTIVITY_PANEL_ID)?.scrollIntoView({ behavior: 'smooth' })}>
          查看结果
        </Button>
      );
    case 'closed':
    case 'notOpen':
      return (
        <Button size="large" disabled className="enrol-button">
          {next.label}
        </Button>
      );
  }
}

/** The key facts: price, deposit, dates, organiser, status, the lot's one countdown and its next step. */
function KeyFacts({ detail, mine }: { detail: ProjectDetail; mine: MyLot | undefined }) {
  const isPackage = isPackageProject(detail.projectType);
  const lotPrice = lotPriceDisplay(detail);
  const next = lotNextStep(detail.lot, detail.enrollEndTime, mine, Date.now());
  return (
    <section className="detail-head" aria-labelledby="detail-title">
      <LotGallery detail={detail} />
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
        {detail.priceType !== 3 && detail.priceType !== 2 && (
          <CostSummary
            priceYuan={detail.lot.price ?? (detail.startPrice > 0 ? detail.startPrice : null)}
            depositYuan={detail.deposit}
            priceLabel={detail.lot.price !== null && detail.lot.priceLabel ? detail.lot.priceLabel : '挂牌价格'}
          />
        )}
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
          {(detail.contactName || detail.contactPhone) && (
            <Fact label="联系人">
              {detail.contactName} <span className="tabular">{detail.contactPhone}</span>
            </Fact>
          )}
          {detail.parentId !== null && (
            <Fact label="所属资产包">
              <Link to="/projectPkg/{$assetsId}.html" params={{ assetsId: String(detail.parentId) }}>
                查看资产包
              </Link>
            </Fact>
          )}
        </dl>
        {next.countdown && (
          <div className="detail-countdown" role="timer" aria-live="off" aria-label={next.countdown.label} data-testid="detail-countdown">
            {next.countdown.label}还有 <DeadlineCountdown deadline={next.countdown.deadline} over={COUNTDOWN_OVER[next.countdown.label]} />
          </div>
        )}
        <div className="detail-actions" data-testid="detail-next-step" data-action={next.action}>
          <NextStepButton detail={detail} mine={mine} next={next} />
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

/** The disclosure, roadshow, attachments and recommendations one under the other on a phone, about this high. */
const LOWER_SECTIONS_PHONE_HEIGHT = 1600;

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
            {/* Under a phone's first screen: a commit of their own (components/Later.tsx). */}
            <Later>
              {data.activity && data.activity.status !== 'scheduled' && <LotPriceHistory activity={data.activity} />}
              {/* On a phone, drawn when the reader comes near (components/WhenNear.tsx): antd's disclosure tabs
                  measure themselves, a forced layout of the whole new page in the app's first long tasks. A
                  package's at once: its first screen's 查看子资产 scrolls to the child assets. */}
              <WhenNear height={LOWER_SECTIONS_PHONE_HEIGHT} now={isPackageProject(data.projectType)}>
                <div className="project-detail__body">
                  <div className="project-detail__main">
                    {isPackageProject(data.projectType) && <ChildAssets items={data.children} />}
                    <section className="detail-section" aria-label="信息披露">
                      <DisclosureTabs sections={data.sections} />
                    </section>
                    {/* 项目路演 (issue 26): its own component, nothing when the lot has none. */}
                    <RoadshowBlock assetsId={data.id} />
                    <Attachments assetsId={data.id} items={data.attachments} />
                  </div>
                  <Recommendations assetsId={data.id} />
                </div>
              </WhenNear>
            </Later>
          </>
        )}
      </QueryState>
    </div>
  );
}
