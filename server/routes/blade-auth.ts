/** /api/blade-auth: the login captcha and the password-transport public key. */
import type { FastifyInstance } from 'fastify';
import type { PublicKeyAnswer } from '#domain/contract/auth';
import { bareAndEnveloped } from '../lib/envelope.ts';
import { createCaptcha } from '../services/accounts/captcha.ts';

export async function bladeAuthRoutes(app: FastifyInstance): Promise<void> {
  const { accounts } = app;
  app.get('/oauth/captcha', { schema: { summary: '登录图片验证码（key 与 image；每个地址限频）' } }, async (request) => {
    await app.rateLimit('captcha-ip', request);
    return bareAndEnveloped(await createCaptcha(accounts));
  });
  app.get('/oauth/public-key', { schema: { summary: '密码加密公钥（RSA-OAEP-256，SPKI base64）' } }, async () => {
    const answer: PublicKeyAnswer = { algorithm: 'RSA-OAEP-256', publicKey: accounts.secrets.rsaPublicKeySpki };
    return bareAndEnveloped(answer);
  });
}
