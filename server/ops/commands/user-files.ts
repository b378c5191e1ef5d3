/**
 * Appeals (申诉), demands (需求) and publishing a listing that is matched against them:
 *
 *   npm run ops -- appeal list [--all] | accept <id> | answer <id> --answer "…" | reject <id> --reason "…"
 *   npm run ops -- demand list [--all] | answer <id> --answer "…"
 *   npm run ops -- listing publish --name "…" --type 2 --city 石家庄市 [--county …] --start-price 100000
 *                 [--deposit 10000] --org "…" [--days 20]
 */
import { DEMAND_ASSET_TYPES } from '#domain/rules/userFiles';
import { listAppeals, stepAppeal } from '../../services/user-files/appeals.ts';
import { answerDemand, listDemands, publishListing } from '../../services/user-files/demands.ts';
import { parseCommand, positiveId, requiredText, UsageError, yuanOption, type CommandGroup } from './shared.ts';

const OPTIONS = {
  all: { type: 'boolean' },
  reason: { type: 'string' },
  answer: { type: 'string' },
  // listing publish
  name: { type: 'string' },
  type: { type: 'string' },
  city: { type: 'string' },
  county: { type: 'string' },
  'start-price': { type: 'string' },
  deposit: { type: 'string' },
  org: { type: 'string' },
  days: { type: 'string' },
} as const;

export const userFilesCommands: CommandGroup = {
  names: ['appeal', 'demand', 'listing'],
  usage: `  npm run ops -- appeal list [--all] | accept <申诉id> | answer <申诉id> --answer "答复" | reject <申诉id> --reason "原因"
  npm run ops -- demand list [--all] | answer <需求id> --answer "答复"
  npm run ops -- listing publish --name "项目名称" --type <资产类型 1–6> --city 石家庄市 [--county 长安区]
                --start-price 100000 [--deposit 10000] --org "转让方" [--days 20]   （挂牌并通知匹配的投资需求）`,

  async run(ctx, group, argv) {
    const { db, print } = ctx;
    const { values: o, positionals } = parseCommand(argv, OPTIONS);
    const [action, target] = positionals;
    const all = o.all ?? false;
    const now = ctx.now();
    const actor = { name: ctx.reviewer, ip: 'cli' };
    const id = () => positiveId(target, '编号须为正整数');
    if (group === 'appeal' && action === 'list') {
      const rows = await listAppeals(db, all ? null : ['submitted', 'accepted']);
      if (rows.length === 0) print(all ? '没有申诉' : '没有待处理的申诉');
      for (const r of rows) print(`#${r.id}\t${r.appealCode}\t${r.statusText}\t${r.loginName}\t${r.kindText}\t${r.submitTime}\t${r.subjectTitle}`);
      return;
    }
    if (group === 'appeal' && (action === 'accept' || action === 'answer' || action === 'reject')) {
      const note = action === 'accept' ? '' : action === 'answer' ? requiredText(o.answer, '--answer', '答复') : requiredText(o.reason, '--reason', '原因');
      const done = await stepAppeal(db, id(), action, note, actor, now);
      print(`申诉 #${done.id}（${done.appealCode}）：${done.statusText}`);
      return;
    }
    if (group === 'demand' && action === 'list') {
      const rows = await listDemands(db, all);
      if (rows.length === 0) print(all ? '没有需求' : '没有匹配中的需求');
      for (const r of rows) print(`#${r.id}\t${r.demandCode}\t${r.statusText}\t${r.loginName}\t${r.typeText}\t${r.region}\t${r.priceText}\t${r.keywords.join('、')}\t匹配 ${r.matchCount}`);
      return;
    }
    if (group === 'demand' && action === 'answer') {
      const done = await answerDemand(db, id(), requiredText(o.answer, '--answer', '答复'), actor, now);
      print(`需求 #${done.id}（${done.demandCode}）：${done.statusText}`);
      return;
    }
    if (group === 'listing' && action === 'publish') {
      const type = Number(o.type);
      if (!DEMAND_ASSET_TYPES.some((t) => t.typeCode === type)) throw new UsageError(`--type 须为 ${DEMAND_ASSET_TYPES.map((t) => `${t.typeCode}（${t.label}）`).join('、')}`);
      const days = o.days === undefined ? 20 : Number(o.days);
      if (!Number.isInteger(days) || days < 1 || days > 90) throw new UsageError('--days 须为 1 到 90 的整数');
      const published = await publishListing(
        db,
        {
          assetsName: requiredText(o.name, '--name', '项目名称'),
          typeCode: type,
          city: requiredText(o.city, '--city', '所在市'),
          county: o.county?.trim() ?? '',
          startPriceFen: yuanOption(o['start-price'], '--start-price', true)!,
          depositFen: yuanOption(o.deposit, '--deposit', false) ?? 0,
          orgName: requiredText(o.org, '--org', '转让方'),
          enrolDays: days,
        },
        actor,
        now,
      );
      print(`已挂牌项目 #${published.assetsId}（${published.projectCode}），通知了 ${published.matchedDemands} 条匹配的投资需求`);
      return;
    }
    throw new UsageError(`未知命令: ${group} ${action ?? ''}`);
  },
};
