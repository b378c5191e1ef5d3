/** /api/dscq-system: captcha, dictionaries, regions, industries, the registration agreement, the site's runtime (ours). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SiteRuntime } from '#domain/contract/portal';
import type { FeeSchedule } from '#domain/contract/settlement';
import { DEFAULT_FEE_SCHEDULE } from '#domain/rules/settlement';
import { bareAndEnveloped, BusinessError, ok } from '../lib/envelope.ts';
import { optionalText } from '../http/params.ts';
import { requiredText } from '../http/account-params.ts';
import { createCaptcha } from '../services/accounts/captcha.ts';
import { AGREEMENT, INDUSTRIES, dictionary, regions } from '../services/accounts/reference.ts';

const dictParams = z.object({ code: requiredText('字典编码 code', 50) });
const regionParams = z.object({ pbh: optionalText('pbh', 12) });

export async function dscqSystemRoutes(app: FastifyInstance, options: { feeSchedule?: FeeSchedule }): Promise<void> {
  const { accounts } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/validate-code/captcha', { schema: { summary: '图片验证码（key 与 image；每个地址限频）' } }, async (request) => {
    await app.rateLimit('captcha-ip', request);
    return bareAndEnveloped(await createCaptcha(accounts));
  });

  // (ours) The 演示环境 notice and the cashier read this: what kind of install answers.
  const { gateway, sandbox } = app.enrolment;
  const runtime: SiteRuntime = {
    demo: sandbox !== null || accounts.smsKind === 'outbox',
    payment: sandbox ? 'sandbox' : gateway ? 'gateway' : 'none',
    paymentName: gateway?.displayName ?? '',
    sms: accounts.smsKind,
    feeSchedule: options.feeSchedule ?? DEFAULT_FEE_SCHEDULE,
  };
  api.get('/site/runtime', { schema: { summary: '（本站）运行环境：是否演示环境（模拟网银、短信发件箱）、在线支付与短信是否开通' } }, async () => ok(runtime));

  api.get('/dict/dictionary', { schema: { summary: '数据字典（按字典编码）', querystring: dictParams } }, async (request) => {
    const { code } = request.query;
    const entries = dictionary(code);
    if (!entries) throw new BusinessError(400, `字典编码 code 不存在: ${code.slice(0, 50)}`);
    return ok(entries);
  });

  api.get('/region/list', { schema: { summary: '行政区划（按上级编号 pbh；省级不带参数）', querystring: regionParams } }, async (request) => ok(regions(request.query.pbh)));
  api.get('/industry/list', { schema: { summary: '行业分类' } }, async () => ok(INDUSTRIES));

  const notice = { schema: { summary: '用户注册协议' }, handler: async () => ok(AGREEMENT) };
  api.post('/register-agreement/notice', notice);
  api.get('/register-agreement/notice', notice);
}
