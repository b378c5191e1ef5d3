/**
 * Request limits (services/common/rate-limit.ts), counted in the database so they hold across processes:
 * `app.rateLimit(rule, request)` counts one hit of the client's address (IPv6 per /64) and
 * `app.rateLimits.hit(rule, key)` one hit of another key (a phone); past the limit both throw the 429.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_RATE_LIMITS, type RateLimitName, type RateLimits } from '../config.ts';
import { TooManyRequestsError } from '../lib/envelope.ts';
import { addressKey, RateLimiter } from '../services/common/rate-limit.ts';

export interface RateLimitOptions {
  /** PORTAL_RATE_LIMITS; DEFAULT_RATE_LIMITS when absent. */
  limits?: RateLimits | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimiter;
    /** Counts one hit of the request's client address under `rule` (429 past the limit). */
    rateLimit(rule: RateLimitName, request: FastifyRequest): Promise<void>;
  }
}

export default fp<RateLimitOptions>(
  async (app, options) => {
    const limiter = new RateLimiter(app.db, app.now, options.limits ?? DEFAULT_RATE_LIMITS);
    // Every refusal counted by limit name (portal_rate_limited_total), whoever asked: app.rateLimit or a
    // service holding app.rateLimits.
    const hit = limiter.hit.bind(limiter);
    limiter.hit = async (rule, key) => {
      try {
        await hit(rule, key);
      } catch (error) {
        if (error instanceof TooManyRequestsError) app.metrics.rateLimited(rule);
        throw error;
      }
    };
    app.decorate('rateLimits', limiter);
    app.decorate('rateLimit', (rule: RateLimitName, request: FastifyRequest) => limiter.hit(rule, addressKey(request.ip)));
  },
  { name: 'rate-limit', dependencies: ['core', 'metrics'] },
);
