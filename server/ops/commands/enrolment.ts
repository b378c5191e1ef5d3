/**
 *   npm run ops -- enrolment list [--all] | review <id> | approve <id> | reject <id> --reason "…"
 *   npm run ops -- deposit list [--all] | confirm <depositId> | forfeit <depositId> --reason "…"
 *   npm run ops -- proof confirm <proofId> | reject <proofId> --reason "…"
 *   npm run ops -- activity list [--all]
 *   npm run ops -- activity create <assetsId> --mode <mode> [--start …] [--end …] --start-price 100000
 *                 --increment 1000 [--reserve …] [--cap …] [--extension-min 5] [--self-outbid] [--tiers …]
 *                 [--free-end …] [--cycle-sec …] [--decrement … --drop-interval-sec … --floor …]
 *                 [--final-window-sec …] [--join-window-sec …] [--ascend-sec …]   (usage below: by mode)
 *   npm run ops -- activity qualify <activityId> <loginName> [--rank 1]
 *   npm run ops -- activity suspend <activityId> --reason "…"         (the floor: services/auctions/floor.ts)
 *   npm run ops -- activity resume <activityId> --end "+10m"|"YYYY-MM-DD HH:mm" [--reason "…"]
 *   npm run ops -- activity terminate <activityId> --reason "…"
 */
import { formatChinaTime } from '#domain/rules/chinaTime';
import { DEPOSIT_STATUS_TEXT, ENROLMENT_STATUS_TEXT } from '#domain/rules/enrolment';
import { BIDDING_MODES, type BiddingMode } from '#domain/contract/hall';
import { BusinessError } from '../../lib/envelope.ts';
import { createActivity, listActivities, qualifyBidder } from '../../services/auctions/activities.ts';
import { resumeActivity, suspendActivity, terminateActivity, type FloorResult } from '../../services/auctions/floor.ts';
import { confirmDeposit, confirmProof, forfeitDeposit, listDeposits, rejectProof } from '../../services/enrolment/deposits.ts';
import { approveEnrolment, listEnrolments, rejectEnrolment, startReview } from '../../services/enrolment/enrolment.ts';
import { parseCommand, parseOpsTime, positiveId, requiredText, secondsOption, tiersOption, UsageError, yuanOption, type CommandGroup } from './shared.ts';

const OPTIONS = {
  all: { type: 'boolean' },
  reason: { type: 'string' },
  // activity create and qualify
  mode: { type: 'string' },
  start: { type: 'string' },
  end: { type: 'string' },
  'start-price': { type: 'string' },
  increment: { type: 'string' },
  reserve: { type: 'string' },
  cap: { type: 'string' },
  'extension-min': { type: 'string' },
  'self-outbid': { type: 'boolean' },
  tiers: { type: 'string' },
  'free-end': { type: 'string' },
  'cycle-sec': { type: 'string' },
  decrement: { type: 'string' },
  'drop-interval-sec': { type: 'string' },
  floor: { type: 'string' },
  'final-window-sec': { type: 'string' },
  'join-window-sec': { type: 'string' },
  'ascend-sec': { type: 'string' },
  rank: { type: 'string' },
} as const;

export const enrolmentCommands: CommandGroup = {
  names: ['enrolment', 'deposit', 'proof', 'activity'],
  usage: `  npm run ops -- enrolment list [--all] | review <id> | approve <id> | reject <id> --reason "原因"
  npm run ops -- deposit list [--all] | confirm <保证金id>
  npm run ops -- deposit forfeit <保证金id> --reason "原因"   没收保证金（悔拍等）
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
  npm run ops -- activity suspend <竞价活动id> --reason "原因"   中止：暂停出价，剩余时间冻结
  npm run ops -- activity resume <竞价活动id> --end "+10m"|"2026-11-22 15:00" [--reason "说明"]   恢复：按新的结束时间继续
  npm run ops -- activity terminate <竞价活动id> --reason "原因"   终结：无成交结果，退还保证金`,

  async run(ctx, group, argv) {
    const { db, print, reviewer } = ctx;
    const { values: o, positionals } = parseCommand(argv, OPTIONS);
    const [action, target, extra] = positionals;
    const all = o.all ?? false;
    const now = ctx.now();
    const actor = { name: reviewer, ip: '' };
    const id = () => positiveId(target, '编号须为正整数');
    const done = (changed: boolean, yes: string) => {
      if (!changed) throw new BusinessError(409, '当前状态不能执行该操作（可能已处理过）');
      print(yes);
    };
    const needReason = () => {
      if (!o.reason || o.reason.trim() === '') throw new UsageError('驳回须用 --reason "原因" 说明原因');
      return o.reason.trim();
    };
    const command = `${group} ${action ?? ''}`;
    switch (command) {
      case 'enrolment list': {
        const rows = await listEnrolments(db, all ? null : ['submitted', 'reviewing']);
        if (rows.length === 0) print(all ? '没有报名记录' : '没有待审核的报名');
        for (const r of rows) print(`#${r.id}\t${r.enrolCode}\t${ENROLMENT_STATUS_TEXT[r.status]}\t${r.loginName}\t${r.bidderName}\t[${r.assetsId}] ${r.assetsName}\t保证金 ${r.deposit} 元\t${r.submitTime}`);
        return;
      }
      case 'enrolment review':
        await startReview(db, id(), actor, now);
        print(`报名 #${target} 已进入审核`);
        return;
      case 'enrolment approve':
        return done(await approveEnrolment(db, id(), actor, now), `已通过报名 #${target}`);
      case 'enrolment reject': {
        const reason = needReason();
        return done(await rejectEnrolment(db, id(), reason, actor, now), `已驳回报名 #${target}（原因：${reason}）`);
      }
      case 'deposit list': {
        const rows = await listDeposits(db, all ? null : ['pending', 'paying', 'proofSubmitted']);
        if (rows.length === 0) print(all ? '没有保证金记录' : '没有待确认的保证金');
        for (const r of rows) {
          print(`#${r.id}\t${r.depositCode}\t${DEPOSIT_STATUS_TEXT[r.status]}\t${r.loginName}\t${r.assetsName}\t${r.amount} 元`);
          for (const p of r.proofs) print(`    凭证 #${p.id}\t${p.status}\t${p.payerName}\t${p.payerAccount}\t${p.amount} 元`);
        }
        return;
      }
      case 'deposit confirm':
        return done(await confirmDeposit(db, id(), { method: 'transfer', actor, now }), `已确认保证金 #${target} 到账`);
      case 'deposit forfeit': {
        if (!target || !/^\d{1,15}$/.test(target)) throw new UsageError('保证金id须为正整数');
        if (!o.reason || o.reason.trim() === '') throw new UsageError('没收须用 --reason "原因" 说明原因');
        const forfeited = await forfeitDeposit(db, Number(target), o.reason.trim(), actor, now);
        if (!forfeited) throw new BusinessError(409, `保证金 #${target} 不存在或不在冻结状态`);
        print(`已没收保证金 #${target}（原因：${o.reason.trim()}）`);
        return;
      }
      case 'proof confirm':
        return done(await confirmProof(db, id(), actor, now), `已确认付款凭证 #${target}，保证金已到账`);
      case 'proof reject': {
        const reason = needReason();
        return done(await rejectProof(db, id(), reason, actor, now), `已驳回付款凭证 #${target}（原因：${reason}）`);
      }
      case 'activity list': {
        const rows = await listActivities(db, all);
        if (rows.length === 0) print('没有运营创建的竞价活动');
        for (const r of rows) {
          const limits = [r.reserve_fen === null ? '' : `保留价 ${r.reserve_fen / 100} 元`, r.cap_fen === null ? '' : `封顶价 ${r.cap_fen / 100} 元`].filter(Boolean).join('，');
          print(`#${r.id}\t${r.activity_code}\t${r.mode}\t${r.status}\t[${r.assets_id}] ${r.assets_name}\t${formatChinaTime(r.start_at)} — ${formatChinaTime(r.end_at)}${limits ? `\t${limits}` : ''}`);
        }
        return;
      }
      case 'activity create': {
        const mode = (o.mode ?? 'ongoing') as BiddingMode;
        if (!BIDDING_MODES.includes(mode)) throw new UsageError(`--mode 须为 ${BIDDING_MODES.join(' / ')}`);
        const startAt = parseOpsTime(o.start ?? '+0s', now, '--start');
        const extensionMin = o['extension-min'] === undefined ? 5 : Number(o['extension-min']);
        if (!Number.isInteger(extensionMin) || extensionMin < 0 || extensionMin > 60) throw new UsageError('--extension-min 须为 0 到 60 的整数');
        const optionalTime = (text: string | undefined, name: string) => (text === undefined ? undefined : parseOpsTime(text, startAt, name));
        const created = await createActivity(
          db,
          {
            assetsId: id(),
            mode,
            startAt,
            endAt: optionalTime(o.end, '--end'),
            startPriceFen: yuanOption(o['start-price'], '--start-price', true)!,
            incrementFen: yuanOption(o.increment, '--increment', true)!,
            reserveFen: yuanOption(o.reserve, '--reserve', false),
            capFen: yuanOption(o.cap, '--cap', false),
            extensionMs: extensionMin * 60_000,
            allowSelfOutbid: o['self-outbid'] ?? false,
            tiers: tiersOption(o.tiers),
            freeEndAt: optionalTime(o['free-end'], '--free-end'),
            cycleMs: secondsOption(o['cycle-sec'], '--cycle-sec'),
            decrementFen: yuanOption(o.decrement, '--decrement', false) ?? undefined,
            dropIntervalMs: secondsOption(o['drop-interval-sec'], '--drop-interval-sec'),
            floorFen: yuanOption(o.floor, '--floor', false) ?? undefined,
            finalWindowMs: secondsOption(o['final-window-sec'], '--final-window-sec'),
            joinWindowMs: secondsOption(o['join-window-sec'], '--join-window-sec'),
            ascendMs: secondsOption(o['ascend-sec'], '--ascend-sec'),
          },
          now,
        );
        print(`已创建竞价活动 #${created.id}（${created.code}，${mode}，${formatChinaTime(created.startAt)} — ${formatChinaTime(created.endAt)}），${created.qualified} 位已缴保证金的报名人取得竞买资格`);
        return;
      }
      case 'activity qualify': {
        if (!extra) throw new UsageError('缺少登录名');
        const rank = o.rank === undefined ? null : Number(o.rank);
        if (rank !== null && (!Number.isInteger(rank) || rank < 1 || rank > 9)) throw new UsageError('--rank 须为 1 到 9 的整数');
        const q = await qualifyBidder(db, { activityId: id(), loginName: extra, preEmptiveRank: rank, actor }, now);
        print(`${extra} 已取得竞价活动 #${target} 的竞买资格，竞买号 ${q.bidCode}${rank === null ? '' : `，优先购买权第 ${rank} 顺位`}`);
        return;
      }
      case 'activity suspend':
      case 'activity resume':
      case 'activity terminate': {
        const activityId = id();
        const floor = { db, now: ctx.now, notifyChannel: ctx.notifyChannel, afterCommit: () => {} };
        const staff = { id: 0, loginName: reviewer };
        const state = (r: FloorResult) => `${formatChinaTime(r.after.endAt)}`;
        if (action === 'suspend') {
          const r = await suspendActivity(floor, { activityId, reason: requiredText(o.reason, '--reason', '中止原因'), staff });
          print(`已中止竞价活动 #${activityId}（原因：${r.after.suspendReason}），剩余时间 ${Math.ceil((r.after.remainingMs ?? 0) / 1000)} 秒已冻结`);
        } else if (action === 'resume') {
          const endsAt = parseOpsTime(o.end, now, '--end');
          const r = await resumeActivity(floor, { activityId, endsAt, reason: o.reason, staff });
          print(`已恢复竞价活动 #${activityId}，结束时间 ${state(r)}`);
        } else {
          const r = await terminateActivity(floor, { activityId, reason: requiredText(o.reason, '--reason', '终结原因'), staff });
          print(`已终结竞价活动 #${activityId}（原因：${r.after.terminateReason}），保证金已按流拍退还`);
        }
        return;
      }
      default:
        throw new UsageError(`未知命令: ${command}`);
    }
  },
};
