/**
 * msw handlers for my files, appeals and demands (USER_FILES_PATHS, APPEAL_PATHS, DEMAND_PATHS): a small in-memory backend of
 * one user's folders, files, appeals and demands. Records belong to a login name; another user's id
 * answers 404 as the real server does. `userFilesMock.state.quotaFull` makes the next upload refused with
 * the server's quota message.
 */
import { http, HttpResponse } from 'msw';
import { APPEAL_KINDS, APPEAL_PATHS, DEMAND_PATHS, FILE_DOWNLOAD, USER_FILES_PATHS, type AppealDetail, type DemandDetail, type FolderItem, type LibraryFile } from '#domain/contract/userFiles';
import { APPEAL_STATUS_TEXT } from '#domain/rules/userFiles';
import { envelope } from '../fixtures';
import { authMock } from './auth';

const api = (path: string) => `*/api${path}`;
const notFound = (msg: string) => HttpResponse.json({ code: 404, success: false, msg, data: null }, { status: 404 });
const badRequest = (msg: string) => HttpResponse.json({ code: 400, success: false, msg, data: null }, { status: 400 });
const unauthorized = () => HttpResponse.json({ code: 401, success: false, msg: '请求未授权', data: null }, { status: 401 });

function loginOf(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? '';
  return authMock.state.accessTokens.get(header.startsWith('Bearer ') ? header.slice(7) : '') ?? null;
}

interface Owned<T> {
  owner: string;
  value: T;
}

const NOW_TEXT = '2026-11-21 10:00:00';

function freshState() {
  return {
    folders: [] as Owned<FolderItem>[],
    files: [] as Owned<LibraryFile>[],
    appeals: [] as Owned<AppealDetail>[],
    demands: [] as Owned<DemandDetail>[],
    /** Bodies of the appeal and demand submissions, for the tests to read. */
    submits: [] as unknown[],
    quotaFull: false,
    seq: 500,
  };
}

export const userFilesMock = {
  state: freshState(),
  reset() {
    userFilesMock.state = freshState();
  },
  addFolder(owner: string, name: string, parentId: number | null = null): number {
    const id = ++userFilesMock.state.seq;
    userFilesMock.state.folders.push({ owner, value: { id, name, parentId, createTime: NOW_TEXT } });
    return id;
  },
  addFile(owner: string, name: string, folderId: number | null = null, contentType: LibraryFile['contentType'] = 'application/pdf'): string {
    const fileId = `f${++userFilesMock.state.seq}`;
    const folderPath = userFilesMock.state.folders.find((f) => f.value.id === folderId)?.value.name ?? '';
    userFilesMock.state.files.push({ owner, value: { fileId, name, size: 2048, contentType, folderId, folderPath, createTime: NOW_TEXT } });
    return fileId;
  },
  addAppeal(owner: string, over: Partial<AppealDetail> = {}): number {
    const id = ++userFilesMock.state.seq;
    userFilesMock.state.appeals.push({
      owner,
      value: {
        id, appealCode: `SS2026112100${id}`, kind: 'enrolmentRejection', kindText: '报名驳回', subjectId: 7, subjectTitle: '某仓库（报名 BM1）· 驳回原因：材料不全',
        status: 'answered', statusText: APPEAL_STATUS_TEXT.answered, submitTime: NOW_TEXT, updateTime: NOW_TEXT, reason: '材料已补齐，请复核我的报名。', attachments: [],
        answer: '经复核，维持原结论。', history: [{ status: 'submitted', statusText: '已提交', time: NOW_TEXT, note: '' }], ...over,
      },
    });
    return id;
  },
  addDemand(owner: string, over: Partial<DemandDetail> = {}): number {
    const id = ++userFilesMock.state.seq;
    userFilesMock.state.demands.push({
      owner,
      value: {
        id, demandCode: `XQ2026112100${id}`, typeCode: 2, typeText: '实物资产', region: '河北省 石家庄市', priceText: '100 万元 – 500 万元', keywords: ['设备'],
        status: 'answered', statusText: '已答复', matchCount: 1, createTime: NOW_TEXT, minPrice: 1_000_000, maxPrice: 5_000_000, note: '', answer: '已为您关注设备类项目。', answerTime: NOW_TEXT,
        matches: [{ assetsId: 6101, assetsName: '石家庄某厂闲置设备一批', projectCode: 'HBCQ-OPS20261121-00001', region: '石家庄市 长安区', startPrice: 2_000_000, matchTime: NOW_TEXT }],
        ...over,
      },
    });
    return id;
  },
};

const mine = <T,>(list: Owned<T>[], owner: string) => list.filter((r) => r.owner === owner).map((r) => r.value);
const page = <T,>(records: T[]) => envelope({ records, total: records.length, size: 10, current: 1, pages: records.length ? 1 : 0 });
const idOf = (request: Request) => Number(new URL(request.url).searchParams.get('id'));

export const userFilesHandlers = [
  http.get(api(USER_FILES_PATHS.list), ({ request }) => {
    const owner = loginOf(request);
    if (!owner) return unauthorized();
    const s = userFilesMock.state;
    const param = new URL(request.url).searchParams.get('folderId');
    const folderId = param ? Number(param) : null;
    const folder = folderId === null ? null : (mine(s.folders, owner).find((f) => f.id === folderId) ?? undefined);
    if (folder === undefined) return notFound('文件夹不存在');
    return HttpResponse.json(
      envelope({
        folder,
        path: folder ? [folder] : [],
        folders: mine(s.folders, owner).filter((f) => f.parentId === folderId),
        files: mine(s.files, owner).filter((f) => f.folderId === folderId),
        usage: { usedBytes: mine(s.files, owner).length * 2048, quotaBytes: 200 * 1024 * 1024 },
      }),
    );
  }),
  http.get(api(USER_FILES_PATHS.all), ({ request }) => {
    const owner = loginOf(request);
    return owner ? HttpResponse.json(envelope(mine(userFilesMock.state.files, owner))) : unauthorized();
  }),
  http.get(api(USER_FILES_PATHS.folders), ({ request }) => {
    const owner = loginOf(request);
    return owner ? HttpResponse.json(envelope(mine(userFilesMock.state.folders, owner).map((f) => ({ id: f.id, path: f.name })))) : unauthorized();
  }),
  http.post(api(USER_FILES_PATHS.folderCreate), ({ request }) => {
    const owner = loginOf(request);
    if (!owner) return unauthorized();
    const name = new URL(request.url).searchParams.get('name') ?? '';
    const id = userFilesMock.addFolder(owner, name);
    return HttpResponse.json(envelope(userFilesMock.state.folders.find((f) => f.value.id === id)!.value));
  }),
  http.post(api(USER_FILES_PATHS.upload), async ({ request }) => {
    const owner = loginOf(request);
    if (!owner) return unauthorized();
    if (userFilesMock.state.quotaFull) return badRequest('存储空间不足：已使用 200 MB，共 200 MB，本文件 12 KB。请删除不需要的文件后再上传');
    const form = await request.formData();
    const file = form.get('file') as File;
    const folderId = new URL(request.url).searchParams.get('folderId');
    const fileId = userFilesMock.addFile(owner, file.name, folderId ? Number(folderId) : null);
    return HttpResponse.json(envelope(userFilesMock.state.files.find((f) => f.value.fileId === fileId)!.value));
  }),
  http.get(api(`${FILE_DOWNLOAD}/:fileId`), ({ request, params }) => {
    const owner = loginOf(request);
    const file = owner ? mine(userFilesMock.state.files, owner).find((f) => f.fileId === params.fileId) : undefined;
    if (!file) return notFound('文件不存在');
    return new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': file.contentType } });
  }),

  http.get(api(APPEAL_PATHS.page), ({ request }) => {
    const owner = loginOf(request);
    return owner ? HttpResponse.json(page(mine(userFilesMock.state.appeals, owner))) : unauthorized();
  }),
  http.get(api(APPEAL_PATHS.detail), ({ request }) => {
    const owner = loginOf(request);
    const appeal = owner ? mine(userFilesMock.state.appeals, owner).find((a) => a.id === idOf(request)) : undefined;
    return appeal ? HttpResponse.json(envelope(appeal)) : notFound('申诉不存在');
  }),
  http.get(api(APPEAL_PATHS.subjects), ({ request }) => {
    if (!loginOf(request)) return unauthorized();
    return HttpResponse.json(envelope([{ id: 7, title: '某仓库（报名 BM1）· 驳回原因：材料不全' }]));
  }),
  http.post(api(APPEAL_PATHS.submit), async ({ request }) => {
    const owner = loginOf(request);
    if (!owner) return unauthorized();
    const body = (await request.json()) as { kind: string; subjectId: number; reason: string; fileIds: string[] };
    userFilesMock.state.submits.push(body);
    const id = userFilesMock.addAppeal(owner, {
      kind: body.kind as AppealDetail['kind'],
      kindText: APPEAL_KINDS.find((k) => k.kind === body.kind)!.label,
      status: 'submitted',
      statusText: '已提交',
      reason: body.reason,
      answer: '',
      attachments: body.fileIds.map((fileId) => ({ fileId, name: mine(userFilesMock.state.files, owner).find((f) => f.fileId === fileId)!.name })),
    });
    return HttpResponse.json(envelope(mine(userFilesMock.state.appeals, owner).find((a) => a.id === id)));
  }),

  http.get(api(DEMAND_PATHS.page), ({ request }) => {
    const owner = loginOf(request);
    return owner ? HttpResponse.json(page(mine(userFilesMock.state.demands, owner))) : unauthorized();
  }),
  http.get(api(DEMAND_PATHS.detail), ({ request }) => {
    const owner = loginOf(request);
    const demand = owner ? mine(userFilesMock.state.demands, owner).find((d) => d.id === idOf(request)) : undefined;
    return demand ? HttpResponse.json(envelope(demand)) : notFound('需求不存在');
  }),
  http.post(api(DEMAND_PATHS.submit), async ({ request }) => {
    const owner = loginOf(request);
    if (!owner) return unauthorized();
    const body = await request.json();
    userFilesMock.state.submits.push(body);
    const id = userFilesMock.addDemand(owner, { status: 'open', statusText: '匹配中', answer: '', answerTime: null, matches: [], matchCount: 0 });
    return HttpResponse.json(envelope(mine(userFilesMock.state.demands, owner).find((d) => d.id === id)));
  }),
];
