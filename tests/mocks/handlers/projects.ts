/**
 * The trading-centre API (domain/rules/projects.ts) in memory: search with the centre's filters,
 * details, recommendations, the filter configuration, county lists, favourites per user (401 when
 * anonymous), and attachment downloads behind the image captcha of the auth mock (single use).
 * Tests steer it through `projectsMock.state` and reset it with `projectsMock.reset()`.
 *
 * search/page answers here only when the call carries `orderBy` (the centre always sends one); the home
 * and content pages' searches fall through to their own handlers.
 */
import { http, HttpResponse } from 'msw';
import type { ListedAsset } from '#domain/contract/portal';
import { PROJECT_PATHS, type CollectedAsset, type FilterConfig, type ProjectDetail } from '#domain/contract/projects';
import { envelope } from '../fixtures';
import { allProjects, childProjects, projectDetailFixture } from '../fixtures-projects';
import { authMock } from './auth';

const api = (path: string) => `/api${path}`;

function freshState() {
  return {
    projects: allProjects.map((p) => ({ ...p })),
    /** Per-id overrides of the detail answer. */
    details: new Map<number, Partial<ProjectDetail>>(),
    /** Login name → favourites (assets id, collect time), newest last. */
    favourites: new Map<string, Array<{ id: number; time: string }>>(),
    searches: [] as URLSearchParams[],
    verifyCalls: [] as Array<Record<string, unknown>>,
    logs: [] as Array<Record<string, unknown>>,
    tickets: 0,
  };
}

export const projectsMock = {
  state: freshState(),
  reset() {
    projectsMock.state = freshState();
  },
  find(id: number): ListedAsset | undefined {
    return [...projectsMock.state.projects, ...childProjects].find((p) => p.id === id);
  },
};

const fail = (msg: string, code = 400) => HttpResponse.json({ code, success: false, msg, data: null }, { status: code });

function loginNameOf(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? '';
  return authMock.state.accessTokens.get(header.replace(/^Bearer /, '')) ?? null;
}

async function readParams(request: Request): Promise<Record<string, string>> {
  const params: Record<string, string> = Object.fromEntries(new URL(request.url).searchParams);
  try {
    const body = (await request.clone().json()) as Record<string, unknown>;
    for (const [key, value] of Object.entries(body)) params[key] ??= String(value);
  } catch {
    // No JSON body.
  }
  return params;
}

const SORT_FIELDS: Record<string, (p: ListedAsset) => number | string> = {
  publishDate: (p) => p.announcementStartTime,
  price: (p) => p.startPrice,
  views: (p) => p.circuseeCount,
};

function search(params: URLSearchParams) {
  const q = params.get('q')?.toLowerCase();
  const number = (key: string) => (params.get(key) === null ? undefined : Number(params.get(key)));
  const [typeCode, associationId, projectNature, minPrice, maxPrice] = ['typeCode', 'associationId', 'projectNature', 'minPrice', 'maxPrice'].map(number);
  let rows = projectsMock.state.projects.filter(
    (p) =>
      (!q || p.assetsName.toLowerCase().includes(q) || p.projectCode.toLowerCase().includes(q)) &&
      (typeCode === undefined || p.typeCode === typeCode) &&
      (associationId === undefined || p.associationId === associationId) &&
      (projectNature === undefined || p.projectNature === projectNature) &&
      (!params.get('state') || p.state.includes(params.get('state')!)) &&
      (!params.get('city') || p.city === params.get('city')) &&
      (!params.get('county') || p.county === params.get('county')) &&
      (minPrice === undefined || p.startPrice >= minPrice) &&
      (maxPrice === undefined || p.startPrice <= maxPrice),
  );
  const key = SORT_FIELDS[params.get('orderBy') ?? 'publishDate'] ?? SORT_FIELDS.publishDate!;
  const direction = params.get('order') === 'asc' ? 1 : -1;
  rows = [...rows].sort((a, b) => (key(a) < key(b) ? -direction : key(a) > key(b) ? direction : 0));
  const size = number('size') ?? 10;
  const current = number('current') ?? 1;
  return {
    records: rows.slice((current - 1) * size, current * size),
    total: rows.length,
    size,
    current,
    pages: Math.max(1, Math.ceil(rows.length / size)),
  };
}

export const FILTER_CONFIG: FilterConfig[] = [
  {
    field: 'typeCode',
    label: '项目类别',
    options: [
      { label: '产权转让', value: '1' },
      { label: '实物资产', value: '2' },
      { label: '增资扩股', value: '4' },
      { label: '房屋租赁', value: '6' },
    ],
  },
  { field: 'associationId', label: '专项', options: [{ label: '行政事业资产', value: '88' }] },
  { field: 'price', label: '挂牌价格', options: [{ label: '100万以下', value: '-1000000' }, { label: '1000万以上', value: '10000000-' }] },
  {
    field: 'orderBy',
    label: '排序',
    options: [
      { label: '最新发布', value: 'publishDate:desc' },
      { label: '价格从低到高', value: 'price:asc' },
      { label: '价格从高到低', value: 'price:desc' },
      { label: '关注度', value: 'views:desc' },
    ],
  },
];

const COUNTIES: Record<string, string[]> = { '1301': ['长安区', '桥西区', '正定县'], '1302': ['路南区', '路北区'], '1306': ['竞秀区', '莲池区'] };

export const projectsHandlers = [
  http.post(api(PROJECT_PATHS.search), ({ request }) => {
    const params = new URL(request.url).searchParams;
    if (!params.has('orderBy')) return undefined;
    projectsMock.state.searches.push(params);
    return HttpResponse.json(envelope(search(params)));
  }),

  http.get(api(PROJECT_PATHS.detail), ({ request }) => {
    const id = Number(new URL(request.url).searchParams.get('id'));
    const base = projectsMock.find(id);
    if (!base) return fail('项目不存在或已下架');
    const user = loginNameOf(request);
    const collected = user !== null && (projectsMock.state.favourites.get(user) ?? []).some((f) => f.id === id);
    return HttpResponse.json(envelope(projectDetailFixture(base, { collected, ...projectsMock.state.details.get(id) })));
  }),

  http.post(api(PROJECT_PATHS.recommend), ({ request }) => {
    const id = Number(new URL(request.url).searchParams.get('assetsId'));
    return HttpResponse.json(envelope(projectsMock.state.projects.filter((p) => p.id !== id).slice(0, 4)));
  }),

  http.get(api(PROJECT_PATHS.filterConfig), () => HttpResponse.json(envelope(FILTER_CONFIG))),

  // Counties of a city; the province's cities come from the auth mock's region list.
  http.get('/api/dscq-system/region/list', ({ request }) => {
    const pbh = new URL(request.url).searchParams.get('pbh') ?? '';
    const counties = COUNTIES[pbh];
    if (!counties) return undefined;
    return HttpResponse.json(envelope(counties.map((name, i) => ({ code: `${pbh}${String(i + 1).padStart(2, '0')}`, name, pbh, hasChildren: false }))));
  }),

  http.post(api(PROJECT_PATHS.collectAdd), async ({ request }) => {
    const user = loginNameOf(request);
    if (!user) return fail('请求未授权', 401);
    const id = Number((await readParams(request)).assetsId);
    if (!projectsMock.find(id)) return fail('项目不存在或已下架');
    const list = projectsMock.state.favourites.get(user) ?? [];
    if (!list.some((f) => f.id === id)) list.push({ id, time: `2026-11-21 10:${String(10 + list.length).padStart(2, '0')}:00` });
    projectsMock.state.favourites.set(user, list);
    return HttpResponse.json(envelope(null));
  }),

  http.post(api(PROJECT_PATHS.collectCancel), async ({ request }) => {
    const user = loginNameOf(request);
    if (!user) return fail('请求未授权', 401);
    const id = Number((await readParams(request)).assetsId);
    projectsMock.state.favourites.set(user, (projectsMock.state.favourites.get(user) ?? []).filter((f) => f.id !== id));
    return HttpResponse.json(envelope(null));
  }),

  http.post(api(PROJECT_PATHS.collectList), async ({ request }) => {
    const user = loginNameOf(request);
    if (!user) return fail('请求未授权', 401);
    const params = await readParams(request);
    const size = Number(params.size ?? 10);
    const current = Number(params.current ?? 1);
    const rows: CollectedAsset[] = [...(projectsMock.state.favourites.get(user) ?? [])]
      .reverse()
      .map((f) => ({ ...projectsMock.find(f.id)!, collectTime: f.time }));
    return HttpResponse.json(
      envelope({ records: rows.slice((current - 1) * size, current * size), total: rows.length, size, current, pages: Math.max(1, Math.ceil(rows.length / size)) }),
    );
  }),

  http.post(api(PROJECT_PATHS.attachmentVerify), async ({ request }) => {
    const params = await readParams(request);
    projectsMock.state.verifyCalls.push(params);
    const expected = authMock.state.captchas.get(params.key ?? '');
    authMock.state.captchas.delete(params.key ?? '');
    if (expected === undefined || (params.code ?? '').toLowerCase() !== expected.toLowerCase()) return fail('验证码错误或已过期');
    projectsMock.state.tickets += 1;
    const ticket = `ticket-${projectsMock.state.tickets}`;
    return HttpResponse.json(envelope({ ticket, url: `${PROJECT_PATHS.attachmentDownload}?ticket=${ticket}`, expiresIn: 300 }));
  }),

  http.post(api(PROJECT_PATHS.attachmentLog), async ({ request }) => {
    projectsMock.state.logs.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json(envelope(null));
  }),
];
