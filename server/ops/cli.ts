/**
 * Operator commands, on the same database as the server (config.ts: DATABASE_URL or PORTAL_DATA_DIR):
 *
 *   npm run ops -- verification list [--all]
 *   npm run ops -- verification approve <id>
 *   npm run ops -- verification reject <id> --reason "…"
 *   npm run ops -- sso-link <loginName> [--base http://localhost:8080]
 *   npm run ops -- user unlock <loginName>
 *   npm run ops -- enrolment list [--all] | review <id> | approve <id> | reject <id> --reason "…"
 *   npm run ops -- deposit list [--all] | confirm <depositId>
 *   npm run ops -- proof confirm <proofId> | reject <proofId> --reason "…"
 *   npm run ops -- activity list [--all]
 *   npm run ops -- activity create <assetsId> --mode <mode> [--start …] [--end …] --start-price 100000
 *                 --increment 1000 [--reserve …] [--cap …] [--extension-min 5] [--self-outbid] [--tiers …]
 *                 [--free-end …] [--cycle-sec …] [--decrement … --drop-interval-sec … --floor …]
 *                 [--final-window-sec …] [--join-window-sec …] [--ascend-sec …]   (USAGE below: by mode)
 *   npm run ops -- activity qualify <activityId> <loginName> [--rank 1]
 *   npm run ops -- ledger check | balance <loginName>
 *   npm run ops -- withdrawal list | pay <withdrawNo> | fail <withdrawNo> --reason "…"
 *   npm run ops -- deposit forfeit <depositId> --reason "…"
 *   npm run ops -- invoice list [--all] | issue <invoiceId> | refuse <invoiceId> --reason "…"
 *   npm run ops -- deal list [--all] | confirm-transfer <dealId> | reject-transfer <dealId> --reason "…" | handover <dealId> | certificate <dealId> | payout <dealId> | sweep
 *   npm run ops -- appeal list [--all] | accept <id> | answer <id> --answer "…" | reject <id> --reason "…"
 *   npm run ops -- demand list [--all] | answer <id> --answer "…"
 *   npm run ops -- contract list [--state signed] | seal <id> | assign-transferor <id> <loginName> | draft-missing
 *   npm run ops -- esign verify <file.pdf>
 *   npm run ops -- seal list [--all] | approve <id> | reject <id> --reason "…"
 *   npm run ops -- listing publish --name "…" --type 2 --city 石家庄市 [--county …] --start-price 100000
 *                 [--deposit 10000] --org "…" [--days 20]
 *
 * Exit code 0 on success, 1 on a failure (with a message), 2 on a usage error.
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type AppConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest, withStartupLock } from '../db/migrate.ts';
import { BusinessError } from '../lib/envelope.ts';
import { ssoLink } from '../services/accounts/login.ts';
import { loadSecrets } from '../services/accounts/secrets.ts';
import { unlockUser } from '../services/accounts/users.ts';
import { chinaTimeToEpoch, formatChinaTime } from '#domain/rules/chinaTime';
import { DEPOSIT_STATUS_TEXT, ENROLMENT_STATUS_TEXT } from '#domain/rules/enrolment';
import type { IncrementTier } from '#domain/contract/bidModes';
import { BIDDING_MODES, type BiddingMode } from '#domain/contract/hall';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { confirmDeposit, confirmProof, forfeitDeposit, listDeposits, rejectProof } from '../services/enrolment/deposits.ts';
import { userBalances } from '../services/money/ledger.ts';
import { completeWithdrawal } from '../services/money/movements.ts';
import { checkLedger } from '../services/money/reconcile.ts';
import { listInvoices, reviewInvoice } from '../services/money/invoices.ts';
import { advanceDeal, confirmDealTransfer, listDeals, payoutDeal, rejectDealTransfer, sweepDeals } from '../services/money/deals.ts';
import { DEAL_STATUS_TEXT } from '#domain/rules/settlement';
import { formatFenAsYuan } from '#domain/rules/money';
import { createActivity, listActivities, qualifyBidder } from '../services/auctions/activities.ts';
import { approveEnrolment, listEnrolments, rejectEnrolment, startReview } from '../services/enrolment/enrolment.ts';
import { listVerifications, reviewVerification } from '../services/accounts/verification.ts';
import { listAppeals, stepAppeal } from '../services/user-files/appeals.ts';
import { answerDemand, listDemands, publishListing } from '../services/user-files/demands.ts';
import { DEMAND_ASSET_TYPES } from '#domain/rules/userFiles';
import { CONTRACT_STATES, type ContractState } from '#domain/contract/tradeContract';
import { assignTransferor, draftMissingContracts } from '../services/contracts/draft.ts';
import { sealContract } from '../services/contracts/signing.ts';
import { listContracts } from '../services/contracts/views.ts';
import { localSigningProvider } from '../services/contracts/provider.ts';
import { loadProviders } from '../services/common/providers.ts';
import { ESIGN_USAGE, runEsignOps } from './esign-ops.ts';

const USAGE = `用法:
  npm run ops -- verification list [--all]
  npm run ops -- verification approve <id>
  npm run ops -- verification reject <id> --reason "原因"
  npm run ops -- sso-link <loginName> [--base http://localhost:8080]
  npm run ops -- user unlock <loginName>
  npm run ops -- enrolment list [--all] | review <id> | approve <id> | reject <id> --reason "原因"
  npm run ops -- deposit list [--all] | confirm <保证金id>
  npm run ops -- proof confirm <凭证id> | reject <凭证id> --reason "原因"
  npm run ops -- activity list [--all]
  npm run ops -- activity create <项目id> --mode <竞价方式> [--start "2026-11-22 10:00"] [--end "+2h"]
                --start-price 100000 --increment 1000 [--reserve 保留价] [--cap 封顶价] [--extension-min 5]
                [--self-outbid] [--tiers "120000:2000,150000:5000"]（起价:加价幅度，元）
      ongoing / onceOff：--end
      phased：--free-end 自由报价期结束 --cycle-sec 限时报价周期（秒，30–3600）
      final：--cap 封顶价 --final-window-sec 最终报价期（秒），以及 --end，或 --free-end 与 --cycle-sec
      first-come-first-served：--start-price 为挂牌价格，--end 为应价截止
      two-stage：--end 第一阶段截止 --join-window-sec 确认期（秒） --cycle-sec 第二阶段限时周期（秒）
      dutch-auction：--decrement 每次降价 --drop-interval-sec 降价周期（秒） --floor 最低价（结束时间自动计算）
      v-shaped：同 dutch-auction，另加 --ascend-sec 首次应价后的加价阶段时长（秒）
  npm run ops -- activity qualify <竞价活动id> <登录名> [--rank 1]   （线下确认保证金的竞买人；--rank：优先购买权顺位）
  npm run ops -- ledger check                    核对账本：借贷平衡、余额非负、与支付订单、保证金、提现一致
  npm run ops -- ledger balance <登录名>           用户可用余额与冻结金额
  npm run ops -- withdrawal list | pay <提现单号> | fail <提现单号> --reason "原因"
  npm run ops -- deposit forfeit <保证金id> --reason "原因"   没收保证金（悔拍等）
  npm run ops -- deal list [--all]                  成交与结算
  npm run ops -- invoice list [--all] | issue <发票id> | refuse <发票id> --reason "原因"
  npm run ops -- deal confirm-transfer <成交id>      确认买方银行转账到账（成交价款，含买方提交的转账凭证）
  npm run ops -- deal reject-transfer <成交id> --reason "原因"   驳回买方的转账凭证（成交回到待支付）
  npm run ops -- deal handover <成交id> | certificate <成交id> | payout <成交id>   资产交接通知书 / 产权交易凭证 / 价款划转转让方
  npm run ops -- deal sweep                          处理逾期未确认、未付款的成交（没收保证金）
  npm run ops -- appeal list [--all] | accept <申诉id> | answer <申诉id> --answer "答复" | reject <申诉id> --reason "原因"
  npm run ops -- demand list [--all] | answer <需求id> --answer "答复"
  npm run ops -- contract list [--state signed]       产权交易合同（可按状态：drafting confirming signing signed sealed）
  npm run ops -- contract seal <合同id>               各方签署后加盖交易机构鉴证章（已签署 → 已盖章）
  npm run ops -- contract assign-transferor <合同id> <登录名>   指定转让方的签署账户（起草中）
  npm run ops -- contract draft-missing               为尚无合同的已付款成交起草合同
  npm run ops -- listing publish --name "项目名称" --type <资产类型 1–6> --city 石家庄市 [--county 长安区]
                --start-price 100000 [--deposit 10000] --org "转让方" [--days 20]   （挂牌并通知匹配的投资需求）
${ESIGN_USAGE}
  (时间为北京时间 "YYYY-MM-DD HH:mm[:ss]"，或相对现在 "+10m" / "+2h"；--free-end 与 --end 的相对时间从开始时间算；金额单位为元)`;

class UsageError extends Error {}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} 需要一个值`);
  args.splice(i, 2);
  return value;
}

function positiveId(text: string | undefined): number {
  if (!text || !/^\d{1,15}$/.test(text) || Number(text) < 1) throw new UsageError('认证申请编号须为正整数');
  return Number(text);
}

export async function runOps(argv: string[], config: AppConfig, print: (line: string) => void): Promise<void> {
  const args = [...argv];
  const all = args.includes('--all');
  if (all) args.splice(args.indexOf('--all'), 1);
  const reason = option(args, '--reason');
  const answer = option(args, '--answer');
  const contractState = option(args, '--state');
  // Only `listing publish` reads these (--start-price is also activity create's).
  const listing = (args[0] === 'listing' ? Object.fromEntries(LISTING_FLAGS.map(([key, flag]) => [key, option(args, flag)])) : {}) as ListingOptions;
  const base = option(args, '--base') ?? `http://localhost:${config.port || 8080}`;
  const selfOutbid = args.includes('--self-outbid');
  if (selfOutbid) args.splice(args.indexOf('--self-outbid'), 1);
  const activityOptions: ActivityOptions = { selfOutbid };
  for (const [key, flag] of ACTIVITY_FLAGS) activityOptions[key] = option(args, flag);
  const [group, action, target, extra] = args;
  if (!group) throw new UsageError('缺少命令');

  const handle = openDatabase(config);
  try {
    await withStartupLock(handle, (db) => migrateToLatest(db, handle.schema));
    const db = handle.db;
    const now = () => Date.now();
    const reviewer = `ops:${os.userInfo().username}`;

    if (group === 'verification' && action === 'list') {
      const secrets = await loadSecrets(db, config.accounts.secrets);
      const rows = await listVerifications({ db, secrets }, all ? ['pending', 'approved', 'rejected'] : ['pending']);
      if (rows.length === 0) print(all ? '没有认证申请' : '没有待审核的认证申请');
      for (const r of rows) {
        print(`#${r.id}\t${r.state}\t${r.kind === 'org' ? '机构' : '个人'}\t${r.loginName}\t${r.submittedAt}\t${r.summary}`);
      }
      return;
    }
    if (group === 'verification' && action === 'approve') {
      const result = await reviewVerification({ db, now }, positiveId(target), { approve: true }, reviewer);
      print(`已通过认证申请 #${target}（用户 ${result.loginName}，authStatus=${result.authStatus}）`);
      return;
    }
    if (group === 'verification' && action === 'reject') {
      if (!reason || reason.trim() === '') throw new UsageError('驳回须用 --reason "原因" 说明原因');
      const result = await reviewVerification({ db, now }, positiveId(target), { approve: false, reason: reason.trim() }, reviewer);
      print(`已驳回认证申请 #${target}（用户 ${result.loginName}，原因：${reason.trim()}）`);
      return;
    }
    if (group === 'sso-link') {
      const loginName = action;
      if (!loginName) throw new UsageError('缺少登录名');
      const user = await db.selectFrom('app_user').select('login_name').where('login_key', '=', loginName.toLowerCase()).executeTakeFirst();
      if (!user) throw new BusinessError(404, `用户 ${loginName} 不存在`);
      const secrets = await loadSecrets(db, config.accounts.secrets);
      print(ssoLink(secrets.ssoSecret, user.login_name, base));
      return;
    }
    if (group === 'user' && action === 'unlock') {
      if (!target) throw new UsageError('缺少登录名');
      if (!(await unlockUser({ db, now }, target))) throw new BusinessError(404, `用户 ${target} 不存在`);
      print(`已解除 ${target} 的登录锁定`);
      return;
    }
    if (group === 'ledger' || group === 'withdrawal' || group === 'deal' || group === 'invoice' || (group === 'deposit' && action === 'forfeit')) {
      await runMoneyOps(db, { group, action, target, reason, reviewer, all, now: now() }, print);
      return;
    }
    if (group === 'enrolment' || group === 'deposit' || group === 'proof' || group === 'activity') {
      await runEnrolmentOps(db, group, { action, target, extra, all, reason, reviewer, now: now(), activity: activityOptions }, print);
      return;
    }
    if (group === 'contract') {
      await runContractOps(db, config, { action, target, extra, state: contractState, reviewer, now: now() }, print);
      return;
    }
    if (group === 'appeal' || group === 'demand' || group === 'listing') {
      await runServiceOps(db, group, { action, target, all, reason, answer, listing, actor: { name: reviewer, ip: 'cli' }, now: now() }, print);
      return;
    }
    if (group === 'esign' || group === 'seal') {
      await runEsignOps(db, config, { group, action, target, all, reason, reviewer, now: now() }, print, (m) => new UsageError(m));
      return;
    }
    throw new UsageError(`未知命令: ${args.join(' ')}`);
  } finally {
    await handle.close();
  }
}

/** The options of `activity create` and `activity qualify`, by key and flag. */
const ACTIVITY_FLAGS = [
  ['start', '--start'],
  ['end', '--end'],
  ['startPrice', '--start-price'],
  ['increment', '--increment'],
  ['mode', '--mode'],
  ['reserve', '--reserve'],
  ['cap', '--cap'],
  ['extensionMin', '--extension-min'],
  ['tiers', '--tiers'],
  ['freeEnd', '--free-end'],
  ['cycleSec', '--cycle-sec'],
  ['decrement', '--decrement'],
  ['dropIntervalSec', '--drop-interval-sec'],
  ['floor', '--floor'],
  ['finalWindowSec', '--final-window-sec'],
  ['joinWindowSec', '--join-window-sec'],
  ['ascendSec', '--ascend-sec'],
  ['rank', '--rank'],
] as const;

type ActivityOptions = { [K in (typeof ACTIVITY_FLAGS)[number][0]]?: string | undefined } & { selfOutbid: boolean };

interface EnrolmentOpsArgs {
  action: string | undefined;
  target: string | undefined;
  /** The second argument (activity qualify's login name). */
  extra: string | undefined;
  all: boolean;
  reason: string | undefined;
  reviewer: string;
  now: number;
  activity: ActivityOptions;
}

/** 'YYYY-MM-DD HH:mm[:ss]' China time, or '+10m' / '+2h' / '+30s' from now. */
export function parseOpsTime(text: string | undefined, now: number, name: string): number {
  if (!text) throw new UsageError(`缺少 ${name}`);
  const relative = /^\+(\d{1,5})([smh])$/.exec(text);
  if (relative) return now + Number(relative[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[relative[2] as 's' | 'm' | 'h'];
  const at = chinaTimeToEpoch(text);
  if (at === null) throw new UsageError(`${name} 须为 "YYYY-MM-DD HH:mm" 或 "+10m"`);
  return at;
}

function yuanOption(text: string | undefined, name: string, required: boolean): number | null {
  if (text === undefined) {
    if (required) throw new UsageError(`缺少 ${name}`);
    return null;
  }
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) throw new UsageError(`${name} 须为不超过两位小数的金额（元）`);
  return Math.round(Number(text) * 100);
}

/** Whole seconds → ms; absent → undefined. */
function secondsOption(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,7}$/.test(text)) throw new UsageError(`${name} 须为整数秒`);
  return Number(text) * 1000;
}

/** "120000:2000,150000:5000" (from price : increment, yuan) → tiers in fen. */
export function tiersOption(text: string | undefined): IncrementTier[] | undefined {
  if (text === undefined) return undefined;
  return text.split(',').map((part) => {
    const [from, step] = part.split(':');
    return { fromFen: yuanOption(from?.trim(), '--tiers', true)!, incrementFen: yuanOption(step?.trim(), '--tiers', true)! };
  });
}

async function runEnrolmentOps(db: Kysely<Database>, group: string, a: EnrolmentOpsArgs, print: (line: string) => void): Promise<void> {
  const actor = { name: a.reviewer, ip: '' };
  const id = () => {
    if (!a.target || !/^\d{1,15}$/.test(a.target) || Number(a.target) < 1) throw new UsageError('编号须为正整数');
    return Number(a.target);
  };
  const done = (changed: boolean, yes: string) => {
    if (!changed) throw new BusinessError(409, '当前状态不能执行该操作（可能已处理过）');
    print(yes);
  };
  const needReason = () => {
    if (!a.reason || a.reason.trim() === '') throw new UsageError('驳回须用 --reason "原因" 说明原因');
    return a.reason.trim();
  };
  const command = `${group} ${a.action ?? ''}`;
  switch (command) {
    case 'enrolment list': {
      const rows = await listEnrolments(db, a.all ? null : ['submitted', 'reviewing']);
      if (rows.length === 0) print(a.all ? '没有报名记录' : '没有待审核的报名');
      for (const r of rows) print(`#${r.id}\t${r.enrolCode}\t${ENROLMENT_STATUS_TEXT[r.status]}\t${r.loginName}\t${r.bidderName}\t[${r.assetsId}] ${r.assetsName}\t保证金 ${r.deposit} 元\t${r.submitTime}`);
      return;
    }
    case 'enrolment review':
      await startReview(db, id(), actor, a.now);
      print(`报名 #${a.target} 已进入审核`);
      return;
    case 'enrolment approve':
      return done(await approveEnrolment(db, id(), actor, a.now), `已通过报名 #${a.target}`);
    case 'enrolment reject': {
      const reason = needReason();
      return done(await rejectEnrolment(db, id(), reason, actor, a.now), `已驳回报名 #${a.target}（原因：${reason}）`);
    }
    case 'deposit list': {
      const rows = await listDeposits(db, a.all ? null : ['pending', 'paying', 'proofSubmitted']);
      if (rows.length === 0) print(a.all ? '没有保证金记录' : '没有待确认的保证金');
      for (const r of rows) {
        print(`#${r.id}\t${r.depositCode}\t${DEPOSIT_STATUS_TEXT[r.status]}\t${r.loginName}\t${r.assetsName}\t${r.amount} 元`);
        for (const p of r.proofs) print(`    凭证 #${p.id}\t${p.status}\t${p.payerName}\t${p.payerAccount}\t${p.amount} 元`);
      }
      return;
    }
    case 'deposit confirm':
      return done(await confirmDeposit(db, id(), { method: 'transfer', actor, now: a.now }), `已确认保证金 #${a.target} 到账`);
    case 'proof confirm':
      return done(await confirmProof(db, id(), actor, a.now), `已确认付款凭证 #${a.target}，保证金已到账`);
    case 'proof reject': {
      const reason = needReason();
      return done(await rejectProof(db, id(), reason, actor, a.now), `已驳回付款凭证 #${a.target}（原因：${reason}）`);
    }
    case 'activity list': {
      const rows = await listActivities(db, a.all);
      if (rows.length === 0) print('没有运营创建的竞价活动');
      for (const r of rows) {
        const limits = [r.reserve_fen === null ? '' : `保留价 ${r.reserve_fen / 100} 元`, r.cap_fen === null ? '' : `封顶价 ${r.cap_fen / 100} 元`].filter(Boolean).join('，');
        print(`#${r.id}\t${r.activity_code}\t${r.mode}\t${r.status}\t[${r.assets_id}] ${r.assets_name}\t${formatChinaTime(r.start_at)} — ${formatChinaTime(r.end_at)}${limits ? `\t${limits}` : ''}`);
      }
      return;
    }
    case 'activity create': {
      const o = a.activity;
      const mode = (o.mode ?? 'ongoing') as BiddingMode;
      if (!BIDDING_MODES.includes(mode)) throw new UsageError(`--mode 须为 ${BIDDING_MODES.join(' / ')}`);
      const startAt = parseOpsTime(o.start ?? '+0s', a.now, '--start');
      const extensionMin = o.extensionMin === undefined ? 5 : Number(o.extensionMin);
      if (!Number.isInteger(extensionMin) || extensionMin < 0 || extensionMin > 60) throw new UsageError('--extension-min 须为 0 到 60 的整数');
      const optionalTime = (text: string | undefined, name: string) => (text === undefined ? undefined : parseOpsTime(text, startAt, name));
      const created = await createActivity(
        db,
        {
          assetsId: id(),
          mode,
          startAt,
          endAt: optionalTime(o.end, '--end'),
          startPriceFen: yuanOption(o.startPrice, '--start-price', true)!,
          incrementFen: yuanOption(o.increment, '--increment', true)!,
          reserveFen: yuanOption(o.reserve, '--reserve', false),
          capFen: yuanOption(o.cap, '--cap', false),
          extensionMs: extensionMin * 60_000,
          allowSelfOutbid: o.selfOutbid,
          tiers: tiersOption(o.tiers),
          freeEndAt: optionalTime(o.freeEnd, '--free-end'),
          cycleMs: secondsOption(o.cycleSec, '--cycle-sec'),
          decrementFen: yuanOption(o.decrement, '--decrement', false) ?? undefined,
          dropIntervalMs: secondsOption(o.dropIntervalSec, '--drop-interval-sec'),
          floorFen: yuanOption(o.floor, '--floor', false) ?? undefined,
          finalWindowMs: secondsOption(o.finalWindowSec, '--final-window-sec'),
          joinWindowMs: secondsOption(o.joinWindowSec, '--join-window-sec'),
          ascendMs: secondsOption(o.ascendSec, '--ascend-sec'),
        },
        a.now,
      );
      print(`已创建竞价活动 #${created.id}（${created.code}，${mode}，${formatChinaTime(created.startAt)} — ${formatChinaTime(created.endAt)}），${created.qualified} 位已缴保证金的报名人取得竞买资格`);
      return;
    }
    case 'activity qualify': {
      if (!a.extra) throw new UsageError('缺少登录名');
      const rank = a.activity.rank === undefined ? null : Number(a.activity.rank);
      if (rank !== null && (!Number.isInteger(rank) || rank < 1 || rank > 9)) throw new UsageError('--rank 须为 1 到 9 的整数');
      const q = await qualifyBidder(db, { activityId: id(), loginName: a.extra, preEmptiveRank: rank, actor: { name: a.reviewer, ip: '' } }, a.now);
      print(`${a.extra} 已取得竞价活动 #${a.target} 的竞买资格，竞买号 ${q.bidCode}${rank === null ? '' : `，优先购买权第 ${rank} 顺位`}`);
      return;
    }
    default:
      throw new UsageError(`未知命令: ${command}`);
  }
}

async function runMoneyOps(
  db: Kysely<Database>,
  a: { group: string; action: string | undefined; target: string | undefined; reason: string | undefined; reviewer: string; all: boolean; now: number },
  print: (line: string) => void,
): Promise<void> {
  const command = `${a.group} ${a.action ?? ''}`.trim();
  switch (command) {
    case 'ledger check': {
      const r = await checkLedger(db);
      print(`分录 ${r.entries} 笔，过账 ${r.postings} 条，合计 ${r.totalFen} 分`);
      for (const p of r.problems) print(`✗ ${p}`);
      if (!r.ok) throw new BusinessError(500, `账本核对发现 ${r.problems.length} 处问题`);
      print('✓ 账本平衡，与支付订单、保证金、提现一致');
      return;
    }
    case 'ledger balance': {
      if (!a.target) throw new UsageError('缺少登录名');
      const user = await db.selectFrom('app_user').select(['id', 'login_name']).where('login_key', '=', a.target.toLowerCase()).executeTakeFirst();
      if (!user) throw new BusinessError(404, `用户 ${a.target} 不存在`);
      const b = await userBalances(db, user.id);
      print(`${user.login_name}	可用 ${formatFenAsYuan(b.availableFen, { suffix: ' 元' })}	冻结 ${formatFenAsYuan(b.frozenFen, { suffix: ' 元' })}`);
      return;
    }
    case 'withdrawal list': {
      const rows = await db
        .selectFrom('withdrawal')
        .innerJoin('app_user', 'app_user.id', 'withdrawal.user_id')
        .innerJoin('bank_card', 'bank_card.id', 'withdrawal.card_id')
        .select(['withdrawal.withdraw_no', 'withdrawal.amount_fen', 'withdrawal.created_at', 'app_user.login_name', 'bank_card.bank_name', 'bank_card.card_masked'])
        .where('withdrawal.status', '=', 'requested')
        .orderBy('withdrawal.created_at')
        .execute();
      if (rows.length === 0) print('没有待付的提现');
      for (const w of rows) print(`${w.withdraw_no}	${w.login_name}	${formatFenAsYuan(w.amount_fen, { suffix: ' 元' })}	${w.bank_name} ${w.card_masked}	${formatChinaTime(w.created_at)}`);
      return;
    }
    case 'withdrawal pay':
    case 'withdrawal fail': {
      if (!a.target) throw new UsageError('缺少提现单号');
      const fail = a.action === 'fail';
      if (fail && (!a.reason || a.reason.trim() === '')) throw new UsageError('退回须用 --reason "原因" 说明原因');
      const done = await completeWithdrawal(db, a.target, fail ? { ok: false, reason: a.reason!.trim() } : { ok: true }, a.now);
      if (!done) throw new BusinessError(409, `提现 ${a.target} 不存在或已处理`);
      print(fail ? `已退回提现 ${a.target}，款项回到用户可用余额` : `已确认提现 ${a.target} 付款完成`);
      return;
    }
    case 'invoice list': {
      const rows = await listInvoices(db, a.all);
      if (rows.length === 0) print(a.all ? '没有发票申请' : '没有待开具的发票申请');
      for (const r of rows) print(`#${r.id}\t${r.invoiceNo}\t${r.statusText}\t${r.loginName}\t${r.kindText}\t${r.title}\t${r.taxpayerNo || '—'}\t${r.amount} 元\t${r.email}`);
      return;
    }
    case 'invoice issue':
    case 'invoice refuse': {
      if (!a.target || !/^\d{1,15}$/.test(a.target)) throw new UsageError('发票id须为正整数');
      const refuse = a.action === 'refuse';
      if (refuse && (!a.reason || a.reason.trim() === '')) throw new UsageError('拒绝须用 --reason "原因" 说明原因');
      const done = await reviewInvoice(db, Number(a.target), refuse ? { issue: false, reason: a.reason!.trim() } : { issue: true }, { name: a.reviewer, ip: '' }, a.now);
      if (!done) throw new BusinessError(409, `发票申请 #${a.target} 不存在或已处理`);
      print(refuse ? `已拒绝发票申请 #${a.target}（原因：${a.reason!.trim()}）` : `已开具发票 #${a.target}`);
      return;
    }
    case 'deal list': {
      const rows = await listDeals(db, a.all);
      if (rows.length === 0) print(a.all ? '没有成交记录' : '没有进行中的成交');
      for (const d of rows) print(`#${d.id}\t${d.dealCode}\t${DEAL_STATUS_TEXT[d.status]}\t${d.loginName}\t${d.assetsName}\t成交价 ${d.price} 元\t应付 ${d.amountDue} 元`);
      return;
    }
    case 'deal sweep': {
      print(`已处理逾期成交 ${await sweepDeals(db, a.now)} 笔`);
      return;
    }
    case 'deal reject-transfer': {
      if (!a.target || !/^\d{1,15}$/.test(a.target)) throw new UsageError('成交id须为正整数');
      if (!a.reason || a.reason.trim() === '') throw new UsageError('驳回须用 --reason "原因" 说明原因');
      const done = await rejectDealTransfer(db, Number(a.target), a.reason, { name: a.reviewer, ip: '' }, a.now);
      if (!done) throw new BusinessError(409, `成交 #${a.target} 没有待确认的转账凭证`);
      print(`已驳回成交 #${a.target} 的转账凭证（原因：${a.reason.trim()}）`);
      return;
    }
    case 'deal confirm-transfer':
    case 'deal handover':
    case 'deal certificate':
    case 'deal payout': {
      if (!a.target || !/^\d{1,15}$/.test(a.target)) throw new UsageError('成交id须为正整数');
      const id = Number(a.target);
      const actor = { name: a.reviewer, ip: '' };
      const done =
        a.action === 'confirm-transfer'
          ? await confirmDealTransfer(db, id, actor, a.now)
          : a.action === 'payout'
            ? await payoutDeal(db, id, actor, a.now)
            : await advanceDeal(db, id, a.action === 'handover' ? 'handover' : 'certificate', actor, a.now);
      if (!done) throw new BusinessError(409, `成交 #${id} 当前状态不能执行该操作`);
      const words: Record<string, string> = { 'confirm-transfer': '已确认成交价款到账', handover: '已出具资产交接通知书', certificate: '已出具产权交易凭证', payout: '已将成交价款划转转让方' };
      print(`${words[a.action!]}（成交 #${id}）`);
      return;
    }
    case 'deposit forfeit': {
      if (!a.target || !/^\d{1,15}$/.test(a.target)) throw new UsageError('保证金id须为正整数');
      if (!a.reason || a.reason.trim() === '') throw new UsageError('没收须用 --reason "原因" 说明原因');
      const done = await forfeitDeposit(db, Number(a.target), a.reason.trim(), { name: a.reviewer, ip: '' }, a.now);
      if (!done) throw new BusinessError(409, `保证金 #${a.target} 不存在或不在冻结状态`);
      print(`已没收保证金 #${a.target}（原因：${a.reason.trim()}）`);
      return;
    }
    default:
      throw new UsageError(`未知命令: ${command}`);
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
  runOps(process.argv.slice(2), config, (line) => console.log(line)).then(
    () => process.exit(0),
    (err: unknown) => {
      if (err instanceof UsageError) {
        console.error(`${err.message}\n${USAGE}`);
        process.exit(2);
      }
      console.error(err instanceof BusinessError ? err.message : err);
      process.exit(1);
    },
  );
}

const LISTING_FLAGS = [
  ['name', '--name'],
  ['type', '--type'],
  ['city', '--city'],
  ['county', '--county'],
  ['startPrice', '--start-price'],
  ['deposit', '--deposit'],
  ['org', '--org'],
  ['days', '--days'],
] as const;
type ListingOptions = { [K in (typeof LISTING_FLAGS)[number][0]]?: string | undefined };

/** Issue 17: appeals (申诉), demands (需求) and publishing a listing that is matched against them. */
async function runServiceOps(
  db: Kysely<Database>,
  group: 'appeal' | 'demand' | 'listing',
  a: { action: string | undefined; target: string | undefined; all: boolean; reason: string | undefined; answer: string | undefined; listing: ListingOptions; actor: { name: string; ip: string }; now: number },
  print: (line: string) => void,
): Promise<void> {
  const id = () => {
    if (!a.target || !/^\d{1,15}$/.test(a.target) || Number(a.target) < 1) throw new UsageError('编号须为正整数');
    return Number(a.target);
  };
  const text = (value: string | undefined, flag: string, label: string) => {
    if (!value || value.trim() === '') throw new UsageError(`须用 ${flag} "${label}" 说明${label}`);
    return value.trim();
  };
  if (group === 'appeal' && a.action === 'list') {
    const rows = await listAppeals(db, a.all ? null : ['submitted', 'accepted']);
    if (rows.length === 0) print(a.all ? '没有申诉' : '没有待处理的申诉');
    for (const r of rows) print(`#${r.id}\t${r.appealCode}\t${r.statusText}\t${r.loginName}\t${r.kindText}\t${r.submitTime}\t${r.subjectTitle}`);
    return;
  }
  if (group === 'appeal' && (a.action === 'accept' || a.action === 'answer' || a.action === 'reject')) {
    const note = a.action === 'accept' ? '' : a.action === 'answer' ? text(a.answer, '--answer', '答复') : text(a.reason, '--reason', '原因');
    const done = await stepAppeal(db, id(), a.action, note, a.actor, a.now);
    print(`申诉 #${done.id}（${done.appealCode}）：${done.statusText}`);
    return;
  }
  if (group === 'demand' && a.action === 'list') {
    const rows = await listDemands(db, a.all);
    if (rows.length === 0) print(a.all ? '没有需求' : '没有匹配中的需求');
    for (const r of rows) print(`#${r.id}\t${r.demandCode}\t${r.statusText}\t${r.loginName}\t${r.typeText}\t${r.region}\t${r.priceText}\t${r.keywords.join('、')}\t匹配 ${r.matchCount}`);
    return;
  }
  if (group === 'demand' && a.action === 'answer') {
    const done = await answerDemand(db, id(), text(a.answer, '--answer', '答复'), a.actor, a.now);
    print(`需求 #${done.id}（${done.demandCode}）：${done.statusText}`);
    return;
  }
  if (group === 'listing' && a.action === 'publish') {
    const l = a.listing;
    const type = Number(l.type);
    if (!DEMAND_ASSET_TYPES.some((t) => t.typeCode === type)) throw new UsageError(`--type 须为 ${DEMAND_ASSET_TYPES.map((t) => `${t.typeCode}（${t.label}）`).join('、')}`);
    const days = l.days === undefined ? 20 : Number(l.days);
    if (!Number.isInteger(days) || days < 1 || days > 90) throw new UsageError('--days 须为 1 到 90 的整数');
    const published = await publishListing(
      db,
      {
        assetsName: text(l.name, '--name', '项目名称'),
        typeCode: type,
        city: text(l.city, '--city', '所在市'),
        county: l.county?.trim() ?? '',
        startPriceFen: yuanOption(l.startPrice, '--start-price', true)!,
        depositFen: yuanOption(l.deposit, '--deposit', false) ?? 0,
        orgName: text(l.org, '--org', '转让方'),
        enrolDays: days,
      },
      a.actor,
      a.now,
    );
    print(`已挂牌项目 #${published.assetsId}（${published.projectCode}），通知了 ${published.matchedDemands} 条匹配的投资需求`);
    return;
  }
  throw new UsageError(`未知命令: ${group} ${a.action ?? ''}`);
}

/** Issue 17: 产权交易合同 — the list, the exchange's seal (last), the transferor's account, drafts for paid deals. */
async function runContractOps(
  db: Kysely<Database>,
  config: AppConfig,
  a: { action: string | undefined; target: string | undefined; extra: string | undefined; state: string | undefined; reviewer: string; now: number },
  print: (line: string) => void,
): Promise<void> {
  const id = () => {
    if (!a.target || !/^\d{1,15}$/.test(a.target) || Number(a.target) < 1) throw new UsageError('合同id须为正整数');
    return Number(a.target);
  };
  if (a.action === 'list') {
    if (a.state !== undefined && !(CONTRACT_STATES as readonly string[]).includes(a.state)) throw new UsageError(`--state 须为 ${CONTRACT_STATES.join('、')} 之一`);
    const rows = await listContracts(db, a.state as ContractState | undefined);
    if (rows.length === 0) print('没有合同');
    for (const r of rows) print(`#${r.id}\t${r.contractCode}\t${r.stateText}\t${r.assetsName}\t${r.parties}\t${r.updateTime}`);
    return;
  }
  if (a.action === 'seal') {
    // The configured provider (PORTAL_ESIGN_PROVIDER), as the server uses; by default the installation's own CA.
    const provider = (await loadProviders(config, { info: () => {}, warn: (o, m) => print(`${m ?? ''} ${JSON.stringify(o)}`), error: (o, m) => print(`${m ?? ''} ${JSON.stringify(o)}`) })).signing ?? localSigningProvider(db);
    const done = await sealContract(db, provider, id(), { name: a.reviewer, ip: 'cli' }, a.now);
    print(`已加盖鉴证章：合同 #${done.id}（${done.contractCode}）已盖章生效`);
    return;
  }
  if (a.action === 'assign-transferor') {
    if (!a.extra) throw new UsageError('缺少转让方登录名');
    await assignTransferor(db, id(), a.extra, a.now);
    print(`已指定合同 #${a.target} 的转让方签署账户：${a.extra}`);
    return;
  }
  if (a.action === 'draft-missing') {
    print(`已起草合同 ${await draftMissingContracts(db, a.now)} 份`);
    return;
  }
  throw new UsageError('contract 的操作为 list、seal、assign-transferor、draft-missing');
}
