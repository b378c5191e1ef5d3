/**
 * The end of an activity as the public reads it: the project's state text after it, and the 竞价结果公示 of an activity on the result-notice plate: written by the settlement at the end (sold or
 * 流拍, server/bidding/settlement.ts) and by the floor when staff terminate an activity (终结, with its
 * reason; services/auctions/floor.ts). One notice per activity (its ref_code), in the transaction that
 * decided the outcome.
 */
import type { Kysely } from 'kysely';
import { premiumRate } from '#domain/rules/bidding';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { BIDDING_MODE_NAMES } from '#domain/rules/hall';
import { type BiddingMode } from '#domain/contract/hall';
import { type ActivityOutcome } from '#domain/contract/activity';
import { fenToYuan, formatFenAsYuan } from '#domain/rules/money';
import type { Database } from '../../db/schema.ts';
import type { ActivityRow } from '../../bidding-modes/types.ts';

/** The code of the result-notice plate (结果公示, plate 4 on a fresh database). */
export const RESULT_PLATE_CODE = 'jggs';

/** The project's state text after its auction (spec section 3 state words; 已终结 when the floor terminated it). */
export const PROJECT_STATE_AFTER: Readonly<Record<ActivityOutcome, string>> = { sold: '已成交', failed: '已结束', terminated: '已终结' };

/** The result in the notice's table: 成交, 流拍 or 终结. */
export const OUTCOME_RESULT_TEXT: Readonly<Record<ActivityOutcome, string>> = { sold: '成交', failed: '流拍', terminated: '终结' };

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface ResultNoticeInput {
  activity: ActivityRow;
  project: { assets_name: string; project_code: string };
  outcome: ActivityOutcome;
  winnerCode: string | null;
  priceFen: number | null;
  /** terminated: the reason staff gave. */
  reason?: string | undefined;
  at: number;
}

export async function publishResultNotice(trx: Kysely<Database>, n: ResultNoticeInput): Promise<void> {
  const { activity, project, outcome, winnerCode, priceFen, at } = n;
  const plate = await trx.selectFrom('news_plate').select('id').where('code', '=', RESULT_PLATE_CODE).executeTakeFirst();
  if (!plate) return; // a database without the content seed has no result plate
  const name = project.assets_name;
  let summary: string;
  switch (outcome) {
    case 'sold':
      summary = `经网络竞价，竞买号 ${winnerCode} 以 ${formatFenAsYuan(priceFen!, { suffix: ' 元' })}竞得，溢价率 ${premiumRate(fenToYuan(activity.start_price_fen), fenToYuan(priceFen!), activity.bid_count)}。`;
      break;
    case 'failed':
      summary = activity.bid_count === 0 ? '竞价期间无竞买人出价，本次竞价流拍。' : '竞价期间最高出价未达到保留价，本次竞价流拍。';
      break;
    case 'terminated':
      summary = `交易机构已终结本次网络竞价，本次竞价无成交结果${n.reason ? `。终结原因：${n.reason}` : ''}。竞买人交纳的保证金将依规退还。`;
      break;
  }
  const rows: Array<[string, string]> = [
    ['项目名称', name],
    ['项目编号', project.project_code],
    ['竞价方式', BIDDING_MODE_NAMES[activity.mode as BiddingMode] ?? activity.mode],
    ['竞价开始时间', formatChinaTime(activity.start_at)],
    [outcome === 'terminated' ? '竞价终结时间' : '竞价结束时间', formatChinaTime(outcome === 'terminated' ? at : activity.end_at)],
    ['起始价', formatFenAsYuan(activity.start_price_fen, { suffix: ' 元' })],
    ['有效出价次数', `${activity.bid_count} 次`],
    ['竞价结果', OUTCOME_RESULT_TEXT[outcome]],
    ...(outcome === 'sold' ? ([['成交价', formatFenAsYuan(priceFen!, { suffix: ' 元' })], ['竞得人竞买号', winnerCode!]] as Array<[string, string]>) : []),
    ...(outcome === 'terminated' && n.reason ? ([['终结原因', n.reason]] as Array<[string, string]>) : []),
  ];
  const opening =
    outcome === 'terminated'
      ? `<p>「${escapeHtml(name)}」的网络竞价已于 ${formatChinaTime(at)} 由交易机构终结，现将有关情况公告如下：</p>`
      : `<p>「${escapeHtml(name)}」已于 ${formatChinaTime(activity.end_at)} 结束网络竞价，现将竞价结果公示如下：</p>`;
  const content = [
    opening,
    `<table><tbody>${rows.map(([k, v]) => `<tr><td>${k}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</tbody></table>`,
    `<p>${escapeHtml(summary)}</p>`,
    // The public bid record (docs/bidding.md "The bid record"): the verification page fetches, checks and downloads it.
    `<p>本次竞价的电子竞价记录（全部出价、哈希链、交易所签名与时间戳）已公开，可<a href="#/verify?activityId=${activity.id}">在线核验并下载</a>（JSON、PDF）。</p>`,
    '<p>公示期为5个工作日。公示期内如有异议，请以书面形式向河北产权市场反映。</p>',
    '<p style="text-align:right">来源：河北产权市场</p>',
  ].join('');
  await trx
    .insertInto('news')
    .values({
      ref_code: `JG-BID-${activity.activity_code}`,
      plate_id: plate.id,
      title: outcome === 'terminated' ? `${name}竞价终结公告` : `${name}竞价结果公示`,
      summary,
      img_src: '',
      is_outer_link: 0,
      outer_link_url: '',
      source: '河北产权市场',
      content,
      publish_at: at,
      created_at: at,
    })
    .onConflict((oc) => oc.column('ref_code').doNothing())
    .execute();
}
