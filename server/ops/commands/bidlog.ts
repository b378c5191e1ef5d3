/**
 *   npm run ops -- bidlog verify [activityId]     recompute the bid record's hash chains and check each ended
 *                                                 activity's RFC 3161 timestamp; exit 1 on any break
 */
import { formatChinaTime } from '#domain/rules/chinaTime';
import { BusinessError } from '../../lib/envelope.ts';
import { verifyBidChains } from '../../bidding/chainCheck.ts';
import { parseCommand, positiveId, UsageError, type CommandGroup } from './shared.ts';

const USAGE = `  npm run ops -- bidlog verify [竞价活动id]          从数据库重算出价记录的哈希链并核验已结束竞价的时间戳，逐笔报告被修改、删除、插入或调换的出价（有问题时退出码 1）`;

export const bidlogCommands: CommandGroup = {
  names: ['bidlog'],
  usage: USAGE,

  async run(ctx, _group, argv) {
    const { db, print } = ctx;
    const { positionals } = parseCommand(argv, {});
    const [action, target, ...extra] = positionals;
    if (action !== 'verify' || extra.length > 0) throw new UsageError(`未知命令: bidlog ${positionals.join(' ')}`);
    const activityId = target === undefined ? undefined : positiveId(target, '竞价活动编号须为正整数');
    const reports = await verifyBidChains(db, activityId);
    let broken = 0;
    let bids = 0;
    let stamped = 0;
    let waiting = 0;
    for (const r of reports) {
      bids += r.bids;
      if (r.stamp) stamped += 1;
      else if (r.ended) waiting += 1;
      if (r.breaks.length === 0 && r.stampProblems.length === 0) {
        if (activityId !== undefined) {
          const stamp = r.stamp ? `；时间戳 ${formatChinaTime(r.stamp.genTime)}（${r.stamp.tsa}）核验通过` : r.ended ? '；尚未取得时间戳' : '';
          print(`竞价活动 #${r.activityId}（${r.activityCode}）：${r.bids} 笔出价，哈希链完整，链头 ${r.head}${stamp}`);
        }
        continue;
      }
      broken += 1;
      for (const b of r.breaks) print(`竞价活动 #${r.activityId}（${r.activityCode}）第 ${b.seq} 笔：${b.message}`);
      for (const p of r.stampProblems) print(`竞价活动 #${r.activityId}（${r.activityCode}）时间戳：${p}`);
    }
    const counted = `共检查 ${reports.length} 个活动、${bids} 笔出价、${stamped} 个时间戳${waiting > 0 ? `，${waiting} 个已结束的活动尚待盖时间戳` : ''}`;
    if (broken > 0) throw new BusinessError(400, `出价记录校验未通过：${broken} 个竞价活动的哈希链或时间戳有问题（${counted}）`);
    print(`出价记录校验通过：${reports.length} 个竞价活动、${bids} 笔出价，哈希链完整；${stamped} 个时间戳核验通过${waiting > 0 ? `，${waiting} 个已结束的活动尚待盖时间戳` : ''}`);
  },
};
