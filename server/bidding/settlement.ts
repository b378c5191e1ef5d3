/**
 * Settlement at the end of an activity, inside the sweep's locked transaction: the outcome (sold or 流拍)
 * by the mode's rules, the project state, the result notice (竞价结果公示) on the result-notice plate,
 * deposits released or kept (settleDeposits) and the bidders' messages. Everything commits together, so
 * a crash leaves either a live activity the next sweep settles or a settled one, never half of it.
 * (An activity the exchange terminates ends without this settlement: services/auctions/floor.ts.)
 */
import type { Kysely } from 'kysely';
import { lotTitle } from '#domain/rules/desk';
import { type ActivityOutcome } from '#domain/contract/activity';
import { formatFenAsYuan } from '#domain/rules/money';
import type { Database } from '../db/schema.ts';
import type { SettlementSettings } from '#domain/contract/settlement';
import { settleDeposits } from '../services/enrolment/deposits.ts';
import { sendMessage } from '../services/user-centre/messages.ts';
import { openDeal } from '../services/money/deals.ts';
import { PROJECT_STATE_AFTER, publishResultNotice } from '../services/auctions/result-notice.ts';
import { settleByLeader } from '../bidding-modes/common.ts';
import { modeRules } from '../bidding-modes/index.ts';
import type { ActivityRow } from '../bidding-modes/types.ts';

export { RESULT_PLATE_CODE } from '../services/auctions/result-notice.ts';

export async function settleActivity(trx: Kysely<Database>, activity: ActivityRow, at: number, settlement?: SettlementSettings): Promise<ActivityOutcome> {
  const result = (modeRules(activity.mode)?.settle ?? settleByLeader)(activity);
  await trx.updateTable('bid_activity').set({ status: 'ended', outcome: result.outcome, settled_at: at, updated_at: at }).where('id', '=', activity.id).execute();
  // A package's children share its state (one lot, one story).
  await trx
    .updateTable('project')
    .set({ state: PROJECT_STATE_AFTER[result.outcome] })
    .where((eb) => eb.or([eb('id', '=', activity.project_id), eb('parent_id', '=', activity.project_id)]))
    .execute();
  const project = await trx.selectFrom('project').select(['assets_name', 'project_code']).where('id', '=', activity.project_id).executeTakeFirstOrThrow();
  const winnerCode = result.winnerUserId === null ? null : activity.leader_bid_code;

  await publishResultNotice(trx, { activity, project, outcome: result.outcome, winnerCode, priceFen: result.priceFen, at });
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
