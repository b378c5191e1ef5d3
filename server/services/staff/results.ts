/**
 * Results (result.publish): the 成交公告 or 结果公示 of an ended auction, generated from its outcome — the
 * winner's name masked as the portal masks names (张**, 河北****有限公司), his bid code, the price and the
 * time; a 流拍 gives a 结果公示 of no deal — stored as a trading notice (`notice`, type 2 or 3), which the
 * public portal lists (dscq-project/notice/page) from its publication time on. One notice per auction and
 * type (natural key RES-<activity>-<type>).
 */
import type { Kysely } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { formatFenAsYuan } from '#domain/rules/money';
import { maskName } from '#domain/rules/tradeContract';
import { BIDDING_MODE_NAMES } from '#domain/rules/hall';
import type { BiddingMode } from '#domain/contract/hall';
import type { StaffResultPreview } from '#domain/contract/staffLots';
import type { Database } from '../../db/schema.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { sanitizeRichText } from '../common/rich-text.ts';
import { NOTICE_TYPE_NAMES, NOTICE_TYPES } from '../content/trading-notices.ts';
import type { ApprovalContext } from './approvals.ts';
import { recordStaffAction, type StaffActor } from './audit.ts';

type Db = Kysely<Database>;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const noticeCode = (activityId: number, type: number) => `RES-${activityId}-${type}`;

/** The winner as the public reads him: the verified name masked (an organisation's as an organisation's). */
async function maskedWinner(db: Db, userId: number, fallback: string): Promise<string> {
  const v = await db.selectFrom('verification').select(['kind', 'name', 'org_name']).where('user_id', '=', userId).where('state', '=', 'approved').orderBy('id', 'desc').executeTakeFirst();
  if (v?.kind === 'org' && v.org_name) return maskName(v.org_name, 'org');
  const name = v?.name || fallback;
  return name ? maskName(name, 'person') : '';
}

export async function resultPreview(db: Db, activityId: number, wanted?: number): Promise<StaffResultPreview> {
  const a = await db.selectFrom('bid_activity').selectAll().where('id', '=', activityId).executeTakeFirst();
  if (!a) throw notFound('竞价活动不存在');
  if (a.status !== 'ended' || (a.outcome !== 'sold' && a.outcome !== 'failed')) throw new BusinessError(409, '竞价尚未结束或尚未结算，不能发布结果');
  const outcome = a.outcome;
  const noticeType = wanted ?? (outcome === 'sold' ? NOTICE_TYPES.transaction : NOTICE_TYPES.result);
  if (noticeType !== NOTICE_TYPES.transaction && noticeType !== NOTICE_TYPES.result) throw new BusinessError(400, '公告类型须为 2（成交公告）或 3（结果公示）');
  if (outcome === 'failed' && noticeType === NOTICE_TYPES.transaction) throw new BusinessError(409, '本次竞价流拍，没有成交公告，请发布结果公示');
  const p = await db
    .selectFrom('project')
    .leftJoin('project_detail', 'project_detail.project_id', 'project.id')
    .select(['project.id', 'project.assets_name', 'project.project_code', 'project.org_name', 'project_detail.transferor_name'])
    .where('project.id', '=', a.project_id)
    .executeTakeFirstOrThrow();
  const rows: Array<[string, string]> = [
    ['项目名称', p.assets_name],
    ['项目编号', p.project_code],
    // The seller by its name (the contract's 转让方), and the institution that listed the lot.
    ['转让方', p.transferor_name || p.org_name],
    ['挂牌机构', p.org_name],
    ['竞价方式', BIDDING_MODE_NAMES[a.mode as BiddingMode] ?? a.mode],
    ['竞价开始时间', formatChinaTime(Number(a.start_at))],
    ['竞价结束时间', formatChinaTime(Number(a.end_at))],
    ['起始价', formatFenAsYuan(Number(a.start_price_fen), { suffix: ' 元' })],
    ['有效出价次数', `${a.bid_count} 次`],
  ];
  let lead: string;
  if (outcome === 'sold') {
    const deal = await db.selectFrom('deal').select(['user_id', 'buyer_name', 'price_fen', 'deal_at', 'bid_code']).where('activity_id', '=', a.id).executeTakeFirst();
    const priceFen = deal ? Number(deal.price_fen) : Number(a.current_price_fen);
    const winner = deal ? await maskedWinner(db, Number(deal.user_id), deal.buyer_name) : a.leader_user_id === null ? '' : await maskedWinner(db, Number(a.leader_user_id), '');
    const at = deal ? Number(deal.deal_at) : Number(a.settled_at ?? a.end_at);
    rows.push(['竞价结果', '成交'], ['成交价', formatFenAsYuan(priceFen, { suffix: ' 元' })], ['受让方', winner || '——'], ['竞买号', deal?.bid_code ?? a.leader_bid_code ?? '——'], ['成交时间', formatChinaTime(at)]);
    lead = `经网络竞价，「${p.assets_name}」由 ${winner || '竞买人'} 以 ${formatFenAsYuan(priceFen, { suffix: ' 元' })}竞得。`;
  } else {
    rows.push(['竞价结果', '流拍（未成交）']);
    lead = Number(a.bid_count) === 0 ? `「${p.assets_name}」竞价期间无竞买人出价，本次竞价流拍，未成交。` : `「${p.assets_name}」竞价期间最高出价未达到保留价，本次竞价流拍，未成交。`;
  }
  const title = `${p.assets_name}${NOTICE_TYPE_NAMES[noticeType]}`;
  const content = sanitizeRichText(
    [
      `<p>${escapeHtml(lead)}现将${NOTICE_TYPE_NAMES[noticeType]}如下：</p>`,
      `<table><tbody>${rows.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</tbody></table>`,
      noticeType === NOTICE_TYPES.result ? '<p>公示期为5个工作日。公示期内如有异议，请以书面形式向河北产权市场反映。</p>' : '',
      '<p style="text-align:right">河北产权市场</p>',
    ].join(''),
  );
  const published = await db.selectFrom('notice').select('notice_type').where('notice_code', 'in', [noticeCode(a.id, 2), noticeCode(a.id, 3)]).execute();
  return { activityId: Number(a.id), assetsId: Number(p.id), outcome, noticeType, title, content, published: published.map((r) => r.notice_type) };
}

export async function publishResult(c: ApprovalContext, q: { activityId: number; noticeType?: number | undefined; publishAt?: number | undefined }, actor: StaffActor): Promise<{ noticeId: number; title: string; noticeType: number; publishTime: string }> {
  const preview = await resultPreview(c.db, q.activityId, q.noticeType);
  if (preview.published.includes(preview.noticeType)) throw new BusinessError(409, `该竞价的${NOTICE_TYPE_NAMES[preview.noticeType]}已发布`);
  const now = c.now();
  const publishAt = q.publishAt ?? now;
  const row = await c.db
    .insertInto('notice')
    .values({ notice_code: noticeCode(q.activityId, preview.noticeType), notice_type: preview.noticeType, title: preview.title, assets_id: preview.assetsId, content: preview.content, publish_at: publishAt, is_front_page: 0, created_at: now })
    .onConflict((oc) => oc.column('notice_code').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new BusinessError(409, `该竞价的${NOTICE_TYPE_NAMES[preview.noticeType]}已发布`);
  await recordStaffAction(c.db, now, actor, { action: 'result.publish', subject: `activity:${q.activityId}`, after: { noticeId: Number(row.id), noticeType: preview.noticeType, title: preview.title, publishAt: formatChinaTime(publishAt) } });
  return { noticeId: Number(row.id), title: preview.title, noticeType: preview.noticeType, publishTime: formatChinaTime(publishAt) };
}
