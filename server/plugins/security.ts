/**
 * Security headers on every response (guide item 13). The app is a static SPA plus JSON, so the policy
 * allows only our own origin; antd (CSS-in-JS) needs inline styles, never inline scripts.
 * HSTS is off: the server speaks plain HTTP for now; turn it on when TLS terminates here or at a proxy
 * that forwards to us only over TLS.
 */
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  workerSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export default fp(
  async (app) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      hsts: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xContentTypeOptions: true,
      xFrameOptions: { action: 'sameorigin' },
    });
  },
  { name: 'security' },
);
