/**
 * Route parameters, in one place. Routes declare their zod rules as `schema: { querystring, params }`
 * and read the typed, parsed `request.query` / `request.params`:
 *   - the real client sends the spec's POST parameters in the query string, others send JSON or form
 *     bodies, so before validation an object body is merged under the query (the query wins; an
 *     array or text body contributes nothing; multipart bodies are left to their route);
 *   - the validator runs the route's zod rule; a failure is the ZodError itself, so the error handler
 *     answers the rule's Chinese message as a 400 envelope (a route's own handler, e.g. /judicial,
 *     its own shape).
 * Validation runs after the preValidation hooks: routes that need a login put `requireUser` there, so
 * an anonymous call with bad parameters is still a 401, not a 400.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';

/** Query string over body; a non-object body (array, text) contributes nothing. */
export function mergedParams(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  const multipart = (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
  const fromBody = !multipart && body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const fromQuery = (request.query ?? {}) as Record<string, unknown>;
  return { ...fromBody, ...fromQuery };
}

export const paramsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      request.query = mergedParams(request);
      done();
    });
    app.setValidatorCompiler<z.ZodType>(({ schema }) => (data) => {
      const result = schema.safeParse(data);
      return result.success ? { value: result.data } : { error: result.error };
    });
  },
  { name: 'params', fastify: '5.x' },
);
