/**
 * 路演 in memory (domain/contract/roadshow.ts): a lot's roadshows (none unless a test adds some) and
 * follows per user, 401 when anonymous. Tests steer it through `roadshowsMock.state` and reset it with
 * `roadshowsMock.reset()`.
 */
import { http, HttpResponse } from 'msw';
import { ROADSHOW_PATHS, STAFF_ROADSHOW_PATHS, type Roadshow, type StaffRoadshow } from '#domain/contract/roadshow';
import type { AttachmentInfo } from '#domain/contract/projects';
import { envelope } from '../fixtures';
import { authMock } from './auth';

const api = (path: string) => `/api${path}`;
const fail = (msg: string, code = 400) => HttpResponse.json({ code, success: false, msg, data: null }, { status: code });

function freshState() {
  return {
    /** The roadshows of every lot (followed / followers are computed from `follows`). */
    roadshows: [] as Array<Omit<Roadshow, 'followed' | 'followers'>>,
    /** Login name → followed roadshow ids. */
    follows: new Map<string, Set<number>>(),
    calls: [] as Array<{ path: string; roadshowId: number; user: string | null }>,
    /** The work system's list (all lots), the attachments of each lot, and what 安排路演 / 修改 sent. */
    staff: [] as StaffRoadshow[],
    attachments: new Map<number, AttachmentInfo[]>(),
    saved: [] as Array<Record<string, string>>,
  };
}

export const roadshowsMock = {
  state: freshState(),
  reset() {
    roadshowsMock.state = freshState();
  },
};

function loginNameOf(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? '';
  return authMock.state.accessTokens.get(header.replace(/^Bearer /, '')) ?? null;
}

async function roadshowIdOf(request: Request): Promise<number> {
  const query = new URL(request.url).searchParams.get('roadshowId');
  if (query) return Number(query);
  try {
    return Number(((await request.clone().json()) as Record<string, unknown>).roadshowId);
  } catch {
    return NaN;
  }
}

const followers = (id: number) => [...roadshowsMock.state.follows.values()].filter((s) => s.has(id)).length;

function toggle(path: string, follow: boolean) {
  return http.post(api(path), async ({ request }) => {
    const user = loginNameOf(request);
    const roadshowId = await roadshowIdOf(request);
    roadshowsMock.state.calls.push({ path, roadshowId, user });
    if (!user) return fail('请求未授权', 401);
    if (!roadshowsMock.state.roadshows.some((r) => r.id === roadshowId)) return fail('路演不存在或已取消', 404);
    const mine = roadshowsMock.state.follows.get(user) ?? new Set<number>();
    if (follow) mine.add(roadshowId);
    else mine.delete(roadshowId);
    roadshowsMock.state.follows.set(user, mine);
    return HttpResponse.json(envelope({ roadshowId, followed: follow, followers: followers(roadshowId) }));
  });
}

export const roadshowHandlers = [
  http.get(api(ROADSHOW_PATHS.list), ({ request }) => {
    const assetsId = Number(new URL(request.url).searchParams.get('assetsId'));
    const user = loginNameOf(request);
    const mine = (user && roadshowsMock.state.follows.get(user)) || new Set<number>();
    const list: Roadshow[] = roadshowsMock.state.roadshows
      .filter((r) => r.assetsId === assetsId)
      .map((r) => ({ ...r, followers: followers(r.id), followed: mine.has(r.id) }));
    return HttpResponse.json(envelope(list));
  }),
  toggle(ROADSHOW_PATHS.follow, true),
  toggle(ROADSHOW_PATHS.unfollow, false),

  http.get(api(STAFF_ROADSHOW_PATHS.page), ({ request }) => {
    const assetsId = Number(new URL(request.url).searchParams.get('assetsId')) || null;
    const records = roadshowsMock.state.staff.filter((r) => assetsId === null || r.assetsId === assetsId);
    const attachments = assetsId === null ? [] : (roadshowsMock.state.attachments.get(assetsId) ?? []);
    return HttpResponse.json(envelope({ records, total: records.length, size: 20, current: 1, pages: records.length > 0 ? 1 : 0, attachments }));
  }),
  http.post(api(STAFF_ROADSHOW_PATHS.save), async ({ request }) => {
    const params: Record<string, string> = Object.fromEntries(new URL(request.url).searchParams);
    try {
      for (const [key, value] of Object.entries((await request.clone().json()) as Record<string, unknown>)) if (value !== undefined) params[key] ??= String(value);
    } catch {
      // No JSON body.
    }
    roadshowsMock.state.saved.push(params);
    const saved: StaffRoadshow = {
      id: 100 + roadshowsMock.state.saved.length,
      assetsId: Number(params.assetsId),
      kind: params.kind === 'recorded' ? 'recorded' : 'live',
      title: params.title ?? '',
      presenter: params.presenter ?? '',
      startTime: params.startTime ?? '',
      endTime: params.endTime ?? '',
      phase: 'upcoming',
      videoUrl: params.videoUrl ?? '',
      posterUrl: params.posterUrl ?? '',
      materials: [],
      followers: 0,
      assetsName: '测试项目',
      projectCode: 'HBCQ-TEST',
      createdBy: 'op_editor',
      reminded: 0,
    };
    roadshowsMock.state.staff.push(saved);
    return HttpResponse.json(envelope(saved));
  }),
];
