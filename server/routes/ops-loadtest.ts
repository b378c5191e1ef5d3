/**
 * The operator API's load-test accounts (`npm run loadtest` prepares its bidders here, over HTTP):
 * POST /api/dscq-ops/loadtest/accounts `?tag=&from=&count=&activityIds=1,2,3` makes `count` verified test
 * persons qualified in those activities and answers each one's login name, one-time login code and bid
 * codes (services/accounts/load-accounts.ts). Registered only where the installation allows it
 * (PORTAL_LOADTEST_ACCOUNTS=1): elsewhere the path does not exist. Operators only, one audit line per call.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { intWithDefault, optionalIntList } from '../http/params.ts';
import { ok } from '../lib/envelope.ts';
import { appendAudit } from '../services/accounts/audit.ts';
import { provisionLoadAccounts } from '../services/accounts/load-accounts.ts';

export const LOAD_ACCOUNTS_PATH = '/dscq-ops/loadtest/accounts';
/** Per call: a run asks in batches (each is one transaction). */
export const LOAD_ACCOUNTS_MAX = 200;

const params = z.object({
  tag: z.string({ error: '参数 tag 不能为空' }).regex(/^[a-z0-9]{1,8}$/, { error: '参数 tag 须为 1 到 8 位小写字母或数字' }).meta({ description: '本次压测的标记（登录名 lt<tag>_<n>）' }),
  from: intWithDefault('from', 0, 99_999, 0).meta({ description: '起始编号' }),
  count: intWithDefault('count', 1, LOAD_ACCOUNTS_MAX, 1).meta({ description: `账号数（每次最多 ${LOAD_ACCOUNTS_MAX}）` }),
  activityIds: optionalIntList('activityIds', 200).meta({ description: '在这些未结束的竞价活动中直接取得竞买资格；不传则只作观看用户' }),
});

export default async function opsLoadtestRoutes(app: FastifyInstance, options: { enabled: boolean }): Promise<void> {
  if (!options.enabled) return;
  const { db, now, requireUser, requireOperator } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    LOAD_ACCOUNTS_PATH,
    {
      preValidation: [requireUser, requireOperator],
      schema: { summary: '运营：压测账号（已实名的测试用户，直接取得竞买资格，各带一次性登录码；仅 PORTAL_LOADTEST_ACCOUNTS=1 的安装）', querystring: params },
    },
    async (request) => {
      const p = request.query;
      const activityIds = p.activityIds ?? [];
      const accounts = await provisionLoadAccounts(db, { tag: p.tag, from: p.from, count: p.count, activityIds }, now());
      await appendAudit(db, now(), {
        userId: request.user!.id,
        ip: request.ip,
        action: 'loadtest.accounts',
        object: `tag:${p.tag}`,
        result: 'success',
        detail: `from=${p.from} count=${p.count} activities=${activityIds.join(',')}`.slice(0, 500),
      });
      return ok({ accounts });
    },
  );
}
