/** /api/blade-auth: the login captcha and the password-transport public key. */
import type { FastifyInstance } from 'fastify';
import type { PublicKeyAnswer } from '../../src/domain/auth.ts';
import { ok } from '../http/envelope.ts';
import { createCaptcha } from '../services/accounts/captcha.ts';
import type { AccountRouteDeps } from './accounts-deps.ts';

/**
 * Blade answers these bare ({ key, image }); our client reads envelopes. Both shapes at once: the
 * envelope with `data`, and the same fields at the top level.
 */
export function bareAndEnveloped<T extends object>(data: T) {
  return { ...data, ...ok(data) };
}

export async function bladeAuthRoutes(app: FastifyInstance, { accounts }: AccountRouteDeps): Promise<void> {
  app.get('/oauth/captcha', async () => bareAndEnveloped(await createCaptcha(accounts)));
  app.get('/oauth/public-key', async () => {
    const answer: PublicKeyAnswer = { algorithm: 'RSA-OAEP-256', publicKey: accounts.secrets.rsaPublicKeySpki };
    return bareAndEnveloped(answer);
  });
}
