/**
 * The one place where failures become envelopes. The HTTP status equals `code`; the body never
 * carries a stack trace, SQL or driver text — those go to the server log only.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { BusinessError, fail, TooManyRequestsError } from '../lib/envelope.ts';

export const MSG_INTERNAL = '系统繁忙，请稍后再试';
export const MSG_NO_API = '接口不存在';

/** Paths answered with JSON envelopes; everything else belongs to the web app. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url === '/judicial' || url.startsWith('/judicial/');
}

function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '请求参数不正确';
  // Our parameter schemas all carry Chinese messages; anything else gets a generic one naming the field.
  if (/[\u4e00-\u9fff]/.test(issue.message)) return issue.message;
  const field = issue.path.join('.');
  return field ? `参数 ${field} 格式不正确` : '请求参数不正确';
}

/** Fastify's own client errors (bad JSON, wrong content type, too large) in Chinese. */
function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return '请求体不是合法的 JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return '请求体过大';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return '不支持的请求内容类型';
    default:
      return '请求无效';
  }
}

/** Must run before routes are registered: each route keeps the handler current at its registration. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof ZodError) {
      return reply.code(400).send(fail(400, zodMessage(error)));
    }
    if (error instanceof BusinessError) {
      if (error instanceof TooManyRequestsError) void reply.header('retry-after', String(error.retryAfterSeconds));
      // A 5xx business answer is a failure on our side or a provider's (the bank): the operator needs its cause.
      if (error.code >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.code(error.code).send(fail(error.code, error.message));
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(status).send(fail(status, clientErrorMessage(error as FastifyError)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(fail(500, MSG_INTERNAL));
  });
}

/** Unknown API paths get the JSON 404; other paths go to the web app's fallback. */
export function installNotFoundHandler(
  app: FastifyInstance,
  onNotFound: (request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return reply.code(404).send(fail(404, MSG_NO_API));
    return onNotFound(request, reply);
  });
}

/**
 * Errors of the router itself (a URL that does not decode, `%FF`), before any route or handler: the
 * envelope, in Chinese, never echoing the path (Fastify's default names it in English).
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ err: error }, 'framework error');
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send(fail(status, error.code === 'FST_ERR_BAD_URL' ? '请求地址不正确' : '请求无效'));
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; msg: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', msg: '请求地址或请求头过长' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', msg: '请求超时，请重试' },
};

/**
 * Errors Node's HTTP parser meets before Fastify has a request (a 20 kB query string, a malformed
 * request line, a timeout): the same envelope, written on the socket, then the socket is closed.
 */
export function clientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, reason: 'Bad Request', msg: '请求格式不正确' };
  const body = JSON.stringify(fail(known.status, known.msg));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
