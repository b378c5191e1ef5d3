/**
 * 产权交易合同 — the list, the exchange's seal (last), the transferor's account, drafts for paid deals:
 *
 *   npm run ops -- contract list [--state signed] | seal <id> | assign-transferor <id> <loginName> | draft-missing
 */
import { CONTRACT_STATES, type ContractState } from '#domain/contract/tradeContract';
import { loadProviders } from '../../services/common/providers.ts';
import { assignTransferor, draftMissingContracts } from '../../services/contracts/draft.ts';
import { localSigningProvider } from '../../services/contracts/provider.ts';
import { sealContract } from '../../services/contracts/signing.ts';
import { listContracts } from '../../services/contracts/views.ts';
import { parseCommand, positiveId, UsageError, type CommandGroup } from './shared.ts';

const OPTIONS = {
  state: { type: 'string' },
} as const;

export const contractCommands: CommandGroup = {
  names: ['contract'],
  usage: `  npm run ops -- contract list [--state signed]       产权交易合同（可按状态：drafting confirming signing signed sealed）
  npm run ops -- contract seal <合同id>               各方签署后加盖交易机构鉴证章（已签署 → 已盖章）
  npm run ops -- contract assign-transferor <合同id> <登录名>   指定转让方的签署账户（起草中）
  npm run ops -- contract draft-missing               为尚无合同的已付款成交起草合同`,

  async run(ctx, _group, argv) {
    const { db, config, print } = ctx;
    const { values, positionals } = parseCommand(argv, OPTIONS);
    const [action, target, extra] = positionals;
    const now = ctx.now();
    const id = () => positiveId(target, '合同id须为正整数');
    if (action === 'list') {
      const state = values.state;
      if (state !== undefined && !(CONTRACT_STATES as readonly string[]).includes(state)) throw new UsageError(`--state 须为 ${CONTRACT_STATES.join('、')} 之一`);
      const rows = await listContracts(db, state as ContractState | undefined);
      if (rows.length === 0) print('没有合同');
      for (const r of rows) print(`#${r.id}\t${r.contractCode}\t${r.stateText}\t${r.assetsName}\t${r.parties}\t${r.updateTime}`);
      return;
    }
    if (action === 'seal') {
      // The configured provider (PORTAL_ESIGN_PROVIDER), as the server uses; by default the installation's own CA.
      const provider = (await loadProviders(config, { info: () => {}, warn: (o, m) => print(`${m ?? ''} ${JSON.stringify(o)}`), error: (o, m) => print(`${m ?? ''} ${JSON.stringify(o)}`) })).signing ?? localSigningProvider(db);
      const done = await sealContract(db, provider, id(), { name: ctx.reviewer, ip: 'cli' }, now);
      print(`已加盖鉴证章：合同 #${done.id}（${done.contractCode}）已盖章生效`);
      return;
    }
    if (action === 'assign-transferor') {
      if (!extra) throw new UsageError('缺少转让方登录名');
      await assignTransferor(db, id(), extra, now);
      print(`已指定合同 #${target} 的转让方签署账户：${extra}`);
      return;
    }
    if (action === 'draft-missing') {
      print(`已起草合同 ${await draftMissingContracts(db, now)} 份`);
      return;
    }
    throw new UsageError('contract 的操作为 list、seal、assign-transferor、draft-missing');
  },
};
