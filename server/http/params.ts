/**
 * Request parameter rules. Routes declare them as `schema: { querystring }` (plugins/params.ts merges
 * a JSON or form body under the query string, since the real client sends the spec's POST parameters
 * in the query string and others send bodies; the query wins). Every field is checked with zod, and
 * every rule carries its Chinese message naming the field; the error handler turns the first one into
 * a 400.
 */
import { z } from 'zod';
import { chinaTimeToEpoch } from '#domain/rules/chinaTime';

/** '' and null mean "not given" (forms and query strings send empty fields); digit strings become numbers. */
function toInteger(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  if (typeof value === 'string') {
    const t = value.trim();
    return /^[+-]?\d{1,16}$/.test(t) ? Number(t) : value;
  }
  return value;
}

function intSchema(field: string, min: number, max: number, rule?: string) {
  const msg = rule ?? `参数 ${field} 必须是 ${min} 到 ${max} 之间的整数`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? `参数 ${field} 不能为空` : msg) })
    .int({ error: msg })
    .min(min, { error: msg })
    .max(max, { error: msg });
}

/** An integer in [min, max]; absent → undefined. */
export function optionalInt(field: string, min: number, max: number, rule?: string) {
  return z.preprocess(toInteger, intSchema(field, min, max, rule).optional());
}

/** An integer in [min, max]; absent → fallback. */
export function intWithDefault(field: string, min: number, max: number, fallback: number) {
  return z.preprocess(toInteger, intSchema(field, min, max).default(fallback));
}

/** A required positive id. */
export function requiredId(field: string) {
  return z.preprocess(toInteger, intSchema(field, 1, Number.MAX_SAFE_INTEGER, `参数 ${field} 必须是正整数`));
}

export function optionalId(field: string) {
  return optionalInt(field, 1, Number.MAX_SAFE_INTEGER, `参数 ${field} 必须是正整数`);
}

/** 0 or 1; a JSON body's true and false (and their text) count as 1 and 0. */
export function optionalFlag(field: string) {
  const asDigit = (value: unknown) => (value === true || value === 'true' ? 1 : value === false || value === 'false' ? 0 : value);
  return z.preprocess((value) => toInteger(asDigit(value)), intSchema(field, 0, 1, `参数 ${field} 必须是 0 或 1`).optional());
}

/** Comma-separated integers ('1,2,3'), or a JSON array of integers. Absent or empty → undefined. */
export function optionalIntList(field: string, maxItems = 50) {
  const msg = `参数 ${field} 必须是以逗号分隔的整数列表`;
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return undefined;
      const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
      const cleaned = parts.map((p) => (typeof p === 'string' ? p.trim() : p)).filter((p) => p !== '');
      return cleaned.length === 0 ? undefined : cleaned.map(toInteger);
    },
    z
      .array(z.number({ error: msg }).int({ error: msg }).min(-2147483648, { error: msg }).max(2147483647, { error: msg }), {
        error: msg,
      })
      .max(maxItems, { error: `参数 ${field} 最多 ${maxItems} 项` })
      .optional(),
  );
}

/** Free text (a search keyword): trimmed, length-limited, plain text. Absent or blank → undefined. */
export function optionalText(field: string, maxLength: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value === null ? undefined : value),
    z
      .string({ error: `参数 ${field} 必须是文本` })
      .max(maxLength, { error: `参数 ${field} 长度不能超过 ${maxLength} 个字符` })
      .optional(),
  );
}

/**
 * The parameters of a route whose handler checks them itself (per grant type, per user type), listed
 * for the API reference: every one is optional here and none is checked or changed.
 */
export function listedParams(fields: Record<string, string | { type: 'string' | 'integer'; description: string }>) {
  return z.looseObject(
    Object.fromEntries(
      Object.entries(fields).map(([name, field]) => {
        const { type, description } = typeof field === 'string' ? { type: 'string', description: field } : field;
        return [name, z.unknown().optional().meta({ type, description })];
      }),
    ),
  );
}

/** Paging parameters the list APIs share (MyBatis-Plus names). */
export function pagingParams(defaultSize = 10) {
  return {
    size: intWithDefault('size', 1, 100, defaultSize).meta({ description: '每页条数' }),
    current: intWithDefault('current', 1, 100000, 1).meta({ description: '页码（从 1 开始）' }),
  };
}

/** An amount in yuan with at most two decimals (whole fen), positive, at most 12 integer digits → fen. Absent → undefined. */
export function optionalYuanAsFen(field: string) {
  const msg = `参数 ${field} 须为大于 0 的金额（元），最多两位小数`;
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'number' ? String(value) : value),
    z
      .string({ error: msg })
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: msg })
      .transform((text) => Math.round(Number(text) * 100))
      .refine((fen) => fen > 0, { error: msg })
      .optional(),
  );
}

/** A time as the API writes it, 'YYYY-MM-DD HH:mm:ss' China time → epoch ms. Absent → undefined. */
export function optionalChinaTime(field: string) {
  const msg = `参数 ${field} 格式须为 YYYY-MM-DD HH:mm:ss（北京时间）`;
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .string({ error: msg })
      .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, { error: msg })
      .transform((text, ctx) => {
        const at = chinaTimeToEpoch(text);
        if (at === null) {
          ctx.addIssue({ code: 'custom', message: msg });
          return z.NEVER;
        }
        return at;
      })
      .optional(),
  );
}
