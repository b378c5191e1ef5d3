/**
 * How the server speaks HTTP, before any route: failures become envelopes (http/errors.ts), bodies are
 * parsed leniently (an empty JSON body is "no parameters"; forms are accepted), API answers are `no-store`
 * unless a route says otherwise, and large answers are compressed. Every request is logged once, when
 * answered (http/logging.ts).
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { installErrorHandler, isApiPath } from '../http/errors.ts';
import { installRequestLog } from '../http/logging.ts';

export default fp(
  async (app) => {
    installErrorHandler(app);
    installBodyParsers(app);
    installRequestLog(app);
    // Answers of 1 kB and more compressed for a client that accepts it (brotli at quality 4, else gzip): a
    // listing's JSON is a fifth of its size on the wire (a phone's first visit to the home page read 115 kB of
    // API answers, npm run bench:home). The built files are compressed once at build time and sent as they are
    // (plugins/static.ts), and the push stream writes to the raw socket: neither passes through here.
    await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
    // API answers describe live data: never let a proxy or the browser cache them unless a route says so.
    app.addHook('onSend', async (request, reply, payload) => {
      if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'http' },
);

/**
 * JSON bodies as usual (with Fastify's prototype-poisoning protection), but an empty body is "no
 * parameters" — clients send Content-Type: application/json on parameterless POSTs. Form bodies are
 * accepted too, since the real system's clients sometimes post forms.
 */
function installBodyParsers(app: FastifyInstance): void {
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body); // parseAs 'string' delivers a string
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
