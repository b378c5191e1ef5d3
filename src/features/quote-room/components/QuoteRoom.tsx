import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Skeleton, Tag } from 'antd';
import { Price } from '@/components/Price';
import { ProjectLink } from '@/components/ProjectLink';
import { BidRecordLinks } from '@/components/BidRecordLinks';
import { AlertDock } from '@/components/PortalAlerts';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { BIDDING_MODE_NAMES } from '#domain/rules/hall';
import { type BiddingData } from '#domain/contract/hall';
import { useSession } from '@/lib/session';
import { isPhoneScreen } from '@/lib/viewport';
import { useLive, useLiveStream, type BiddingDataFrame } from '@/live';
import {
  currentPhase,
  extensionNotice,
  isSealed,
  pricePanelMoney,
  myStanding,
  phaseText,
  roomResult,
  suspensionNotice,
  type MyModeFields,
  type MyStanding,
} from '../room';
import { useMine } from '../useMine';
import { BidHistory } from './BidHistory';
import { MyBidReceipts } from './MyBidReceipts';
import { BidPanel } from './BidPanel';
import { ProxyPanel } from './ProxyPanel';
import { RoomAnnouncer, RoomTimer } from './RoomAnnouncer';
import { LoginNeededNotice, NotQualifiedNotice, RoomLoadFailed, RoomNotFound } from './RoomStates';
import { LiveLinkBadge, ServerClock } from './ServerClock';

/** The price chart, loaded only when a room shows it (no chart code in the other pages' bundles). */
const PriceHistoryChart = lazy(() => import('@/components/PriceHistoryChart'));

const STANDING_CLASS: Record<MyStanding, string> = { 领先: 'lead', 出局: 'out', 未出价: 'none', 已报价: 'sealed', 已入围: 'lead', 竞得: 'lead', 未竞得: 'out' };

/** The countdown's text: to the start, to the end, frozen while suspended, or the end's word. */
function countdownText(frame: BiddingDataFrame, data: BiddingData): string {
  switch (data.status) {
    case 'ended':
      return data.outcome === 'terminated' ? '竞价已终结' : '竞价已结束';
    case 'suspended':
      return frame.over ? '计时已暂停' : frame.remaining;
    case 'live':
      return frame.over ? '即将结束' : frame.remaining;
    case 'scheduled':
      return frame.over ? '即将开始' : frame.remaining;
  }
}

function countdownLabel(data: BiddingData): string {
  switch (data.status) {
    case 'ended':
      return '竞价状态';
    case 'suspended':
      return '剩余时间（竞价已中止，计时暂停）';
    case 'live':
      return '距结束（已预留 5 秒余量）';
    case 'scheduled':
      return '距开始（已预留 5 秒余量）';
  }
}

function CountdownPanel({ frame, data }: { frame: BiddingDataFrame; data: BiddingData }) {
  const notice = extensionNotice(data);
  const text = countdownText(frame, data);
  return (
    <section className={`room-card room-countdown${data.status === 'suspended' ? ' room-countdown--suspended' : ''}`} aria-labelledby="room-countdown-title">
      <h2 id="room-countdown-title" className="room-card__label">
        {countdownLabel(data)}
      </h2>
      <RoomTimer text={text} labelledBy="room-countdown-title" />
      <dl className="room-facts">
        <div>
          <dt>开始时间</dt>
          <dd className="tabular">{formatChinaTime(data.startTime)}</dd>
        </div>
        <div>
          <dt>{notice ? '当前结束时间' : '结束时间'}</dt>
          <dd className="tabular" data-testid="room-end-time">
            {formatChinaTime(data.endTime)}
          </dd>
        </div>
        {notice && (
          <div>
            <dt>原定结束时间</dt>
            <dd className="tabular">{formatChinaTime(data.originalEndTime)}</dd>
          </div>
        )}
      </dl>
      {notice && (
        <Alert
          className="room-extension"
          type="warning"
          showIcon
          data-testid="room-extension"
          title={notice}
          description={`临近结束时有新的有效出价，竞价时间已顺延（共延时 ${data.extensionCount} 次）。`}
        />
      )}
      <div className="room-countdown__clock">
        <LiveLinkBadge />
        <ServerClock />
      </div>
    </section>
  );
}

function priceLabel(data: BiddingData, phase: string | undefined): string {
  if (phase === 'final' && data.status !== 'ended') return '封顶价（价格已冻结）';
  if (isSealed(data)) return '密封报价';
  if (data.status === 'ended' && data.biddingCount > 0) return data.outcome === 'sold' ? '成交价' : '最高出价';
  if (data.mode === 'first-come-first-served') return data.biddingCount === 0 ? '挂牌价格' : '应价价格';
  if ((data.mode === 'dutch-auction' || data.mode === 'v-shaped') && data.biddingCount === 0) return '当前降价价格';
  if (phase === 'join') return '第一阶段最高报价（第二阶段起始价）';
  return data.biddingCount === 0 ? '当前价（起始价）' : '当前价';
}

const hms = (at: number) => formatChinaTime(at, 'HH:mm:ss');

/** The line under the price: who bid when, or what the mode's phase means now. */
function PriceLine({ data, phase, money }: { data: BiddingData; phase: string | undefined; money: ReturnType<typeof pricePanelMoney> }) {
  const latest = data.bids[0];
  const ms = data.modeState;
  const live = data.status === 'live';
  if (live && phase === 'final') return <>已达封顶价，最终报价期至 <span className="tabular">{hms(data.endTime)}</span>：以封顶价出价的竞买人可提交一次密封的最终报价（须高于封顶价），结束后最高者竞得；享有优先购买权的竞买人可先以封顶价应价。</>;
  if (live && phase === 'stage1') return <>第一阶段（密封报价）截止 <span className="tabular">{hms(ms?.phaseEndsAt ?? data.endTime)}</span>：每位竞买人报价一次，其他竞买人看不到您的报价；有有效报价的竞买人可确认参加第二阶段。</>;
  if (live && phase === 'join') return <>第二阶段确认期至 <span className="tabular">{ms?.phaseEndsAt ? hms(ms.phaseEndsAt) : '--'}</span>：第一阶段有有效报价的竞买人确认后参加第二阶段限时报价，第二阶段从第一阶段最高报价起。</>;
  if (isSealed(data)) return <>一次报价（密封）：每位竞买人只能报价一次，其他竞买人看不到您的报价，结束后按最高报价确定竞得人。</>;
  if (live && data.mode === 'first-come-first-served' && data.biddingCount === 0) return <>先到先得：第一位应价的竞买人以挂牌价格成交，其他竞买人的应价无效。</>;
  if (live && ms && (data.mode === 'dutch-auction' || data.mode === 'v-shaped') && data.biddingCount === 0) {
    return (
      <>
        {ms.nextDropAt ? <>下次降价时间 <span className="tabular">{formatChinaTime(ms.nextDropAt)}</span></> : '已降至最低价'}
        {ms.floorPrice !== null && <>，最低价 {money(ms.floorPrice).label}</>}
        {data.mode === 'v-shaped' && '；首次应价后转为加价竞价'}
      </>
    );
  }
  if (latest && data.biddingCount > 0) {
    return (
      <>
        竞买号 <strong>{latest.bidCode}</strong> 于 <span className="tabular">{formatChinaTime(latest.time)}</span> {data.mode === 'first-come-first-served' ? '应价' : '出价'}
        {live && phase === 'stage2' && '（第二阶段）'}
      </>
    );
  }
  return <>暂无出价</>;
}

function PricePanel({ data, flashKey, phase }: { data: BiddingData; flashKey: number; phase: string | undefined }) {
  const money = pricePanelMoney(data);
  const current = money(data.biddingPrice);
  const start = money(data.startPrice);
  const cap = data.modeState?.capPrice;
  const capText = cap == null ? null : money(cap);
  // final's window shows the frozen cap; other sealed phases hide the price.
  const sealed = isSealed(data) && phase !== 'final';
  return (
    <section className="room-card room-price" aria-labelledby="room-price-title">
      <h2 id="room-price-title" className="room-card__label">
        {priceLabel(data, phase)}
      </h2>
      <div className="room-price__value" data-testid="room-price">
        {sealed ? (
          <span className="room-price__sealed">结束前不公开</span>
        ) : (
          // Keyed on the price: a new bid (or a dutch drop) remounts the span and replays the CSS flash.
          <span key={flashKey} className={flashKey > 0 ? 'room-flash' : undefined}>
            <Price text={current.label} tooltip={current.tooltip} />
          </span>
        )}
      </div>
      <p className="room-price__time" data-testid="room-price-time">
        <PriceLine data={data} phase={phase} money={money} />
      </p>
      <dl className="room-facts room-facts--row">
        <div>
          <dt>起始价</dt>
          <dd>
            <Price text={start.label} tooltip={start.tooltip} />
          </dd>
        </div>
        <div>
          <dt>出价次数</dt>
          <dd className="tabular" data-testid="room-bid-count">
            {data.biddingCount} 次
          </dd>
        </div>
        {capText && (
          <div>
            <dt>封顶价</dt>
            <dd data-testid="room-cap">
              <Price text={capText.label} tooltip={capText.tooltip} />
            </dd>
          </div>
        )}
        <div>
          <dt>领先竞买号</dt>
          <dd>{isSealed(data) ? '不公开' : (data.leaderBidCode ?? '—')}</dd>
        </div>
      </dl>
    </section>
  );
}

function MyPanel({ myBidCode, standing }: { myBidCode: string; standing: MyStanding }) {
  return (
    <section className="room-card room-mine" aria-label="我的竞价状态">
      <div className="room-mine__item">
        <span className="room-card__label">我的竞买号</span>
        <strong className="room-mine__code tabular" data-testid="room-my-code">
          {myBidCode}
        </strong>
      </div>
      <div className="room-mine__item">
        <span className="room-card__label">我的状态</span>
        <span className={`room-standing room-standing--big room-standing--${STANDING_CLASS[standing]}`} data-testid="room-my-standing">
          {standing}
        </span>
      </div>
    </section>
  );
}

function ResultPanel({ data, myBidCode }: { data: BiddingData; myBidCode: string | null }) {
  const result = roomResult(data);
  if (!result) return null;
  const won = result.kind === 'sold' && myBidCode !== null && data.leaderBidCode === myBidCode;
  const lost = result.kind === 'sold' && myBidCode !== null && !won && data.bids.some((bid) => bid.bidCode === myBidCode);
  return (
    <section className={`room-card room-result room-result--${result.kind}`} data-testid="room-result" aria-labelledby="room-result-title">
      <h2 id="room-result-title" className="room-result__title">
        竞价结果：{result.title}
      </h2>
      <p className="room-result__detail">{result.detail}</p>
      {won && <p className="room-result__mine">恭喜您竞得本标的，保证金将转为成交价款的一部分，请留意站内消息办理后续手续。</p>}
      {lost && <p className="room-result__mine">您未竞得本标的，您交纳的保证金将按规定退还。</p>}
      {data.status === 'ended' && <BidRecordLinks activityId={data.activityId} />}
    </section>
  );
}

/** While the exchange has suspended the auction: 竞价已中止, why, and what it means (the form is disabled, the clock stands still). */
function SuspendedBanner({ data }: { data: BiddingData }) {
  const notice = suspensionNotice(data);
  if (!notice) return null;
  return <Alert className="room-suspended" type="warning" showIcon data-testid="room-suspended" title={notice.title} description={notice.detail} />;
}

/** The bidding room of one activity: everything live comes from the worker's biddingData stream. */
export function QuoteRoom({ activityId }: { activityId: number }) {
  const { isLoggedIn } = useSession();
  const own = useMine(activityId);
  const live = useLive();
  const frame = useLiveStream('biddingData', null, { activityId });
  const [bidThisVisit, setBidThisVisit] = useState(false);
  const [sessionExpired, setSessionExpired] = useState(false);
  // The answer to this visit's last bid, shown when the form is gone (the answer ended the activity).
  const [lastAnswer, setLastAnswer] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const data = frame?.data ?? null;
  // Flash only for prices that change while the room is open (a bid, or a dutch drop).
  const price = useRef<{ value: number; changes: number } | null>(null);
  if (data) {
    if (price.current === null) price.current = { value: data.biddingPrice, changes: 0 };
    else if (price.current.value !== data.biddingPrice) price.current = { value: data.biddingPrice, changes: price.current.changes + 1 };
  }
  const flashKey = price.current?.changes ?? 0;

  // On a phone the room opens on the auction itself — its name, price, countdown and bid form fill the first
  // screen — with the site's header a swipe up (it alone is taller than a third of the screen).
  const roomTop = useRef<HTMLDivElement>(null);
  const loaded = data !== null;
  useEffect(() => {
    if (loaded && isPhoneScreen()) roomTop.current?.scrollIntoView({ block: 'start' });
  }, [loaded]);


  if (own?.status === 'error' && own.code === 404) return <RoomNotFound />;
  if (!data) {
    if (frame?.meta.status === 'error') {
      return frame.meta.error?.includes('不存在') ? <RoomNotFound /> : <RoomLoadFailed text={frame.meta.error ?? '请稍后重试'} onRetry={() => live.resync(activityId)} />;
    }
    return (
      <div className="room-page" data-testid="room-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }

  // What the bidder alone knows (his code; at the cap, may match, joined, his offer): the worker's `mine`.
  const myBidCode = own?.mine?.myBidCode ?? null;
  const myFields: MyModeFields = own?.mine ?? {};
  const phase = currentPhase(data, frame!.serverNow);
  const standing = myBidCode ? myStanding(data, myBidCode, bidThisVisit, myFields) : null;
  const stale = frame?.meta.status === 'error';
  const mine = myBidCode && standing ? <MyPanel myBidCode={myBidCode} standing={standing} /> : null;

  let action;
  if (!isLoggedIn || sessionExpired) action = <LoginNeededNotice activityId={activityId} expired={sessionExpired} />;
  else if (own === null) action = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (!own.mine) action = <Alert type="error" showIcon title={own.error || '竞买资格查询失败，请刷新重试'} />;
  else if (!myBidCode) action = <NotQualifiedNotice project={data} />;
  else if (data.status !== 'ended')
    action = (
      <BidPanel
        data={data}
        myBidCode={myBidCode}
        mine={myFields}
        serverNow={frame!.serverNow}
        bidThisVisit={bidThisVisit}
        onAccepted={(answer) => {
          setBidThisVisit(true);
          // The state the bid made, from its answer: shown now, with no poll (the push event that follows
          // carries the same lock version); the bidder's own fields are asked again.
          live.accepted(activityId, answer.state ?? null);
        }}
        onJoined={() => live.accepted(activityId, null)}
        onLoggedOut={() => setSessionExpired(true)}
        onAnswer={setLastAnswer}
      />
    );
  // No form (the activity ended, perhaps by this very answer): the answer stays in the room's flow.
  const answerAfterForm =
    action === undefined && lastAnswer ? <Alert className="room-last-answer" type={lastAnswer.kind === 'success' ? 'success' : 'warning'} showIcon title={lastAnswer.kind === 'success' ? lastAnswer.text : `出价未成功：${lastAnswer.text}`} data-testid="room-last-answer" /> : null;

  return (
    <div className="room-page" data-testid="quote-room" ref={roomTop}>
      <header className="room-head">
        <div className="room-head__main">
          <h1 className="room-head__title">
            <ProjectLink project={data} title={data.assetsName}>
              {data.assetsName}
            </ProjectLink>
          </h1>
          <div className="room-head__tags">
            <Tag color="red" data-testid="room-mode">
              {BIDDING_MODE_NAMES[data.mode] ?? data.mode}
            </Tag>
            <Tag color={data.status === 'live' ? 'processing' : data.status === 'suspended' ? 'warning' : 'default'} data-testid="room-phase">
              {phaseText(data, frame!.serverNow)}
            </Tag>
            <span className="room-head__id">竞价编号 {data.activityId}</span>
          </div>
        </div>
      </header>
      {stale && <Alert className="room-stale" type="warning" showIcon title={`实时数据更新失败：${frame!.meta.error ?? ''}，正在重试，显示的是最后一次成功获取的数据`} />}
      <RoomAnnouncer data={data} serverNow={frame!.serverNow} standing={standing} />
      <SuspendedBanner data={data} />
      <ResultPanel data={data} myBidCode={myBidCode} />
      <div className="room-grid">
        <div className="room-grid__main">
          <PricePanel data={data} flashKey={flashKey} phase={phase} />
          {/* Without a bid form (ended), the bidder's own state fills the main column instead. */}
          {answerAfterForm}
          {action ?? mine}
          {myBidCode && isLoggedIn && !sessionExpired && <ProxyPanel data={data} />}
        </div>
        <div className="room-grid__side">
          <CountdownPanel frame={frame!} data={data} />
          {/* The desk's alerts line up here while the room is open: a floating toast would cover the price,
              the countdown or the bid form (on a phone, after the form in the one column). */}
          {isLoggedIn && <AlertDock />}
          {action && mine}
        </div>
      </div>
      {!isSealed(data) && (
        <section className="room-card room-chart" aria-labelledby="room-chart-title">
          <div className="room-card__head">
            <h2 id="room-chart-title" className="room-card__title">
              价格走势
            </h2>
          </div>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} title={false} />}>
            <PriceHistoryChart bids={data.bids} startPrice={data.startPrice} total={data.biddingCount} />
          </Suspense>
        </section>
      )}
      <BidHistory data={data} myBidCode={myBidCode} />
      {myBidCode && <MyBidReceipts room={data} myBidCode={myBidCode} />}
    </div>
  );
}
