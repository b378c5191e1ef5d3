/** /api/dscq-system: captcha, dictionaries, regions, industries, the registration agreement. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BusinessError, ok } from '../http/envelope.ts';
import { optionalText, parseParams } from '../http/params.ts';
import { requiredText } from '../http/account-params.ts';
import { createCaptcha } from '../services/accounts/captcha.ts';
import { AGREEMENT, INDUSTRIES, dictionary, regions } from '../services/accounts/reference.ts';
import type { AccountRouteDeps } from './accounts-deps.ts';
import { bareAndEnveloped } from './blade-auth.ts';

const dictParams = z.object({ code: requiredText('字典编码 code', 50) });
const regionParams = z.object({ pbh: optionalText('pbh', 12) });

export async function dscqSystemRoutes(app: FastifyInstance, { accounts }: AccountRouteDeps): Promise<void> {
  app.get('/validate-code/captcha', async () => bareAndEnveloped(await createCaptcha(accounts)));

  app.get('/dict/dictionary', async (request) => {
    const { code } = parseParams(dictParams, request);
    const entries = dictionary(code);
    if (!entries) throw new BusinessError(400, `字典编码 code 不存在: ${code.slice(0, 50)}`);
    return ok(entries);
  });

  app.get('/region/list', async (request) => ok(regions(parseParams(regionParams, request).pbh)));
  app.get('/industry/list', async () => ok(INDUSTRIES));

  const notice = async () => ok(AGREEMENT);
  app.post('/register-agreement/notice', notice);
  app.get('/register-agreement/notice', notice);
}
