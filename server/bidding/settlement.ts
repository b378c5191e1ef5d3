/**
 * Settlement at the end of an activity, inside the sweep's locked transaction: the outcome (sold or 流拍)
 * by the mode's rules, the project state, the result notice (竞价结果公示) on the result-notice plate,
 * deposits released or kept (settleDeposits) and the bidders' messages. Everything commits together, so
 * a crash leaves either a live activity the next sweep settles or a settled one, never half of it.
 */
import type { Kysely } from 'kysely';
import { premiumRate } from '#domain/rules/bidding';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { lotTitle } from '#domain/rules/desk';
import { BIDDING_MODE_NAMES } from '#domain/rules/hall';
import { type BiddingMode } from '#domain/contract/hall';
import { type ActivityOutcome } from '#domain/contract/activity';
import { fenToYuan, formatFenAsYuan } from '#domain/rules/money';
import type { Database } from '../db/schema.ts';
import type { SettlementSettings } from '#domain/contract/settlement';
import { settleDeposits } from '../services/enrolment/deposits.ts';
import { sendMessage } from '../services/user-centre/messages.ts';
import { openDeal } from '../services/money/deals.ts';
import { settleByLeader } from '../bidding-modes/common.ts';
import { modeRules } from '../bidding-modes/index.ts';
import type { ActivityRow } from '../bidding-modes/types.ts';

/** The code of the result-notice plate (结果公示, plate 4 on a fresh database). */
export const RESULT_PLATE_CODE = 'jggs';

/** Project state text after the auction (spec section 3 state words). */
const PROJECT_STATE_AFTER: Record<ActivityOutcome, string> = { sold: '已成交', failed: '已结束' };

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function settleActivity(trx: Kysely<Database>, activity: ActivityRow, at: number, settlement?: SettlementSettings): Promise<ActivityOutcome> {
  const result = (modeRules(activity.mode)?.settle ?? settleByLeader)(activity);
  await trx.updateTable('bid_activity').set({ status: 'ended', outcome: result.outcome, settled_at: at, updated_at: at }).where('id', '=', activity.id).execute();
  await trx.updateTable('project').set({ state: PROJECT_STATE_AFTER[result.outcome] }).where('id', '=', activity.project_id).execute();
  const project = await trx.selectFrom('project').select(['assets_name', 'project_code']).where('id', '=', activity.project_id).executeTakeFirstOrThrow();
  const winnerCode = result.winnerUserId === null ? null : activity.leader_bid_code;

  await publishResultNotice(trx, activity, project, result.outcome, winnerCode, result.priceFen, at);
  await settleDeposits(trx, { activityId: activity.id, winnerUserId: result.winnerUserId, at });
  // The winner's deal and its 成交确认书: confirmation, then settlement of the amount due.
  if (result.outcome === 'sold' && result.winnerUserId !== null && result.priceFen !== null) {
    await openDeal(trx, { activityId: activity.id, projectId: activity.project_id, winnerUserId: result.winnerUserId, bidCode: winnerCode ?? '', priceFen: result.priceFen, at, ...(settlement ? { settings: settlement } : {}) });
  }

  const bidders = await trx.selectFrom('bid').select('user_id').distinct().where('activity_id', '=', activity.id).execute();
  const link = `/quoteHall?activityId=${activity.id}`;
  for (const { user_id: userId } of bidders) {
    if (userId === result.winnerUserId) {
      await sendMessage(trx, {
        userId,
        kind: 'won',
        title: lotTitle('恭喜您竞得标的', project.assets_name),
        content: `您以 ${formatFenAsYuan(result.priceFen!, { suffix: ' 元' })}竞得「${project.assets_name}」（竞买号 ${winnerCode}）。请在「项目结算」中在线确认成交确认书并支付价款，您的保证金将转为交易价款的一部分。`,
        link,
        at,
      });
    } else if (result.outcome === 'sold') {
      await sendMessage(trx, {
        userId,
        kind: 'lost',
        title: lotTitle('竞价结果通知：未竞得', project.assets_name),
        content: `「${project.assets_name}」竞价已结束，竞买号 ${winnerCode} 以 ${formatFenAsYuan(result.priceFen!, { suffix: ' 元' })}竞得，您未竞得该标的。您的保证金将依规退还。`,
        link,
        at,
      });
    } else {
      await sendMessage(trx, {
        userId,
        kind: 'failed',
        title: lotTitle('竞价结果通知：流拍', project.assets_name),
        content: `「${project.assets_name}」竞价已结束，最高出价未达到保留价，本次竞价流拍。您的保证金将依规退还。`,
        link,
        at,
      });
    }
  }
  return result.outcome;
}

async function publishResultNotice(
  trx: Kysely<Database>,
  activity: ActivityRow,
  project: { assets_name: string; project_code: string },
  outcome: ActivityOutcome,
  winnerCode: string | null,
  priceFen: number | null,
  at: number,
): Promise<void> {
  const plate = await trx.selectFrom('news_plate').select('id').where('code', '=', RESULT_PLATE_CODE).executeTakeFirst();
  if (!plate) return; // a database without the content seed has no result plate
  const name = project.assets_name;
  const summary =
    outcome === 'sold'
      ? `经网络竞价，竞买号 ${winnerCode} 以 ${formatFenAsYuan(priceFen!, { suffix: ' 元' })}竞得，溢价率 ${premiumRate(fenToYuan(activity.start_price_fen), fenToYuan(priceFen!), activity.bid_count)}。`
      : activity.bid_count === 0
        ? '竞价期间无竞买人出价，本次竞价流拍。'
        : '竞价期间最高出价未达到保留价，本次竞价流拍。';
  const rows: Array<[string, string]> = [
    ['项目名称', name],
    ['项目编号', project.project_code],
    ['竞价方式', BIDDING_MODE_NAMES[activity.mode as BiddingMode] ?? activity.mode],
    ['竞价开始时间', formatChinaTime(activity.start_at)],
    ['竞价结束时间', formatChinaTime(activity.end_at)],
    ['起始价', formatFenAsYuan(activity.start_price_fen, { suffix: ' 元' })],
    ['有效出价次数', `${activity.bid_count} 次`],
    ['竞价结果', outcome === 'sold' ? '成交' : '流拍'],
    ...(outcome === 'sold' ? ([['成交价', formatFenAsYuan(priceFen!, { suffix: ' 元' })], ['竞得人竞买号', winnerCode!]] as Array<[string, string]>) : []),
  ];
  const content = [
    `<p>「${escapeHtml(name)}」已于 ${formatChinaTime(activity.end_at)} 结束网络竞价，现将竞价结果公示如下：</p>`,
    `<table><tbody>${rows.map(([k, v]) => `<tr><td>${k}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</tbody></table>`,
    `<p>${escapeHtml(summary)}</p>`,
    '<p>公示期为5个工作日。公示期内如有异议，请以书面形式向河北产权市场反映。</p>',
    '<p style="text-align:right">来源：河北产权市场</p>',
  ].join('');
  await trx
    .insertInto('news')
    .values({
      ref_code: `JG-BID-${activity.activity_code}`,
      plate_id: plate.id,
      title: `${name}竞价结果公示`,
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
