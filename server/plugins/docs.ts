/**
 * The API reference: an OpenAPI 3.1 document generated from the routes' zod schemas, as JSON at
 * /api/docs/json and as a Swagger UI page at /api/docs. Registered before the routes (it collects them
 * as they are added). Every route appears, tagged by its service prefix (blade-auth, dscq-user, …);
 * only the documentation's own routes are hidden.
 *
 * zod → JSON Schema is fastify-type-provider-zod's transform (zod's `toJSONSchema`, input side: a
 * `z.preprocess` rule is described by the rule after its preprocessor). Two things are added here:
 *   - `required`: a parameter is required when its rule refuses an absent value. This is asked of the
 *     rules themselves (an empty call), since a rule built on a domain validator (phone numbers,
 *     names) has no static type to tell;
 *   - `security`: routes behind `requireUser` need the bearer token.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const DOCS_PREFIX = '/api/docs';

/** Tags, in the order the page lists them: the gateway's service prefixes. */
export const SERVICE_TAGS = [
  { name: 'blade-auth', description: '认证：登录令牌（各授权方式）、退出、图片验证码、密码加密公钥' },
  { name: 'blade-desk', description: '站点配置与内容：导航、公告信息、招聘、标题配置、热门投资、筛选条件' },
  { name: 'dscq-content', description: '内容中心：广告、重点推荐、合作伙伴、新闻、板块、栏目、下载文件' },
  { name: 'dscq-project', description: '交易中心：项目检索与详情、附件、公告、即将开始的竞价、报名' },
  { name: 'dscq-sync', description: '实时数据：竞价大厅、出价频率、竞价数据、出价、服务器时间、最新挂牌' },
  { name: 'dscq-user', description: '用户：注册、找回、短信、实名认证、账户、收藏、报名、保证金、消息' },
  { name: 'dscq-system', description: '系统：验证码、字典、地区、行业、注册协议' },
  { name: 'dscq-resource', description: '文件：上传、本人文件下载、头像' },
  { name: 'dscq-pay', description: '支付网关的异步通知（服务器之间）' },
  { name: 'dscq-ops', description: '运营接口：报名审核、保证金与付款凭证确认（仅运营账号）' },
  { name: 'judicial', description: '司法拍卖服务：应答为其自有格式 { status, message, content }，status 为 0 表示成功' },
  { name: 'web', description: '门户页面（非 API）' },
] as const;

/** Mounted at /api itself: the SpringBlade auth service's paths. */
const AUTH_AT_ROOT = new Set(['oauth', 'logout']);

export function serviceTag(url: string): string {
  const [, first, second] = url.split('/');
  if (first === 'judicial') return 'judicial';
  if (first !== 'api' || !second) return 'web';
  return AUTH_AT_ROOT.has(second) ? 'blade-auth' : second;
}

/** Names of the parameters whose rule refuses an absent value (an empty call reports them). */
function requiredKeys(schema: unknown): string[] | null {
  if (!(schema instanceof z.ZodObject)) return null;
  const result = schema.safeParse({});
  if (result.success) return [];
  const keys = new Set(Object.keys(schema.shape as object));
  return [...new Set(result.error.issues.map((issue) => String(issue.path[0])))].filter((key) => keys.has(key));
}

type JsonObjectSchema = { type?: unknown; properties?: Record<string, unknown>; required?: string[] };

function withRequired(json: unknown, zod: unknown): unknown {
  const keys = requiredKeys(zod);
  if (!keys || !json || typeof json !== 'object') return json;
  const { required: _ignored, ...rest } = json as JsonObjectSchema;
  return keys.length > 0 ? { ...rest, required: keys } : rest;
}

/** The bearer-token check (plugins/accounts.ts requireUser, or requireBearer) among a route's hooks. */
function needsLogin(route: RouteOptions): boolean {
  const hooks = [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean) as { name?: string }[];
  return hooks.some((hook) => hook.name === 'requireUser' || hook.name === 'requireBearer');
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: '河北产权交易所门户 API',
          version: '1.0.0',
          description: [
            '门户的全部接口，均挂载在 /api 下（司法拍卖服务在 /judicial 下）。',
            '',
            '- 参数：POST 接口的参数与 GET 一样放在查询字符串中（真实客户端的做法）；也可以用 JSON 或表单请求体发送，两者合并时查询字符串优先。',
            '- 应答：信封 `{ code, success, msg, data }`，HTTP 状态等于 code；分页为 `data.records` 及 `total`、`size`、`current`、`pages`。',
            '- 参数不合规时应答 400，msg 为该参数规则的中文说明；需要登录的接口在未登录时应答 401（先于参数检查）。',
            '- 金额以元传输、时间为 `YYYY-MM-DD HH:mm:ss`（北京时间）。',
            '- 需要登录的接口：请求头 `Authorization: Bearer <access_token>`（由 POST /api/oauth/token 取得）。',
          ].join('\n'),
        },
        tags: SERVICE_TAGS.map((tag) => ({ ...tag })),
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      },
      transform: (document) => {
        const { schema, url } = zodTransform(document);
        if (schema?.hide) return { schema, url };
        const original: FastifySchema = document.schema ?? {};
        const described: FastifySchema = {
          ...schema,
          tags: schema?.tags ?? [serviceTag(document.url)],
          ...(schema?.querystring ? { querystring: withRequired(schema.querystring, original.querystring) } : {}),
          ...(schema?.params ? { params: withRequired(schema.params, original.params) } : {}),
          ...(needsLogin(document.route) ? { security: [{ bearerAuth: [] }] } : {}),
        };
        return { schema: described, url };
      },
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { docExpansion: 'none', deepLinking: true, defaultModelsExpandDepth: -1 },
      // No call to the public validator badge: the page loads from our own origin only (CSP).
      validatorUrl: false,
      theme: { title: '河北产权交易所门户 API' },
    });
  },
  { name: 'docs', fastify: '5.x' },
);
