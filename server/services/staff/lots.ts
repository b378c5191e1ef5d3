/**
 * The work system's lots: staff (lot.edit) create a draft with every listing field the portal shows — the
 * disclosure tabs as rich text sanitised with the portal's sanitiser, attachments and a cover photo stored
 * as listing attachments are — and edit it; nobody outside the work system sees a draft (it lives in
 * lot_draft until published, so no public query can list it). Publication is four eyes (lot.publish): one
 * member prepares it, another approves, and the executor registered here publishes the listing through
 * the operator's publishListing (the listing row, its disclosure, attachments, cover, a 挂牌公告 and the
 * demand matches) — enrolment opens at its start date. The lot's timeline (domain/rules/lotTimeline.ts)
 * is checked at preparation and again at execution. Once published, its fields are locked: an edit is a
 * 409, and a change is another four-eyes item of the same kind ({action: 'change'}).
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import { chinaTimeToEpoch, formatChinaTime } from '#domain/rules/chinaTime';
import { fenToYuan } from '#domain/rules/money';
import { auctionProblems, lotAssetClass, lotProblems, lotStageAt, LOT_STAGE_LABELS, type LotAssetClass, type LotDates, type LotStage, type LotTimelineSettings } from '#domain/rules/lotTimeline';
import { DISCLOSURE_SECTIONS, type DisclosureSectionKey } from '#domain/contract/projects';
import type { Page } from '#domain/contract/envelope';
import type { StaffLotDetail, StaffLotFields, StaffLotFile, StaffLotFileKind, StaffLotSummary } from '#domain/contract/staffLots';
import type { Database } from '../../db/schema.ts';
import type { LotDraftTable } from '../../db/tables/staff.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { contentFilesDir, extensionOf, publicFileUrl } from '../content/files.ts';
import { NOTICE_TYPES } from '../content/trading-notices.ts';
import { getProjectDetail } from '../projects/detail.ts';
import { searchKeys } from '../projects/search-keys.ts';
import { PRE_DISCLOSURE_NOTICE_PREFIX, writeLotAnnouncement } from '../projects/announcement.ts';
import { projectFilesDir } from '../projects/attachments.ts';
import { draftPhotoRows, publishDraftPhotos, toStaffPhoto } from '../projects/photos.ts';
import { sanitizeRichText } from '../common/rich-text.ts';
import { inTransaction } from '../common/transactions.ts';
import { pageOffset, toPage, type PageRequest } from '../common/paging.ts';
import { publishListing } from '../user-files/demands.ts';
import type { ApprovalContext, ApprovalExecutor } from './approvals.ts';
import { recordStaffAction, type StaffActor } from './audit.ts';
import { lotActivities } from './lot-activities.ts';

type Db = Kysely<Database>;

/** What the checks of a lot's timeline need: the four-eyes context and the installation's periods. */
export interface TimelineContext extends ApprovalContext {
  lotTimeline: LotTimelineSettings;
}

export interface LotContext extends TimelineContext {
  dataDir: string;
}

/** A lot's fields as stored (fen, epoch ms): lot_draft.data, and what a published lot's rows come to. */
export interface LotFieldsStored {
  assetsName: string;
  typeCode: number;
  projectNature: number;
  assetClass: LotAssetClass;
  priceType: number;
  startPriceFen: number | null;
  priceUnit: string;
  priceOther: string;
  depositFen: number;
  appraisedFen: number | null;
  announcementStartAt: number | null;
  enrolmentEndAt: number | null;
  depositEndAt: number | null;
  city: string;
  county: string;
  orgName: string;
  transferorName: string;
  contactName: string;
  contactPhone: string;
  managed: boolean;
  sections: Partial<Record<DisclosureSectionKey, string>>;
}

export type LotInput = Partial<LotFieldsStored>;

export const MSG_LOT_LOCKED = '项目已发布，关键信息已锁定；如需变更请提交变更复核（须另一位工作人员复核）';
export const MSG_LOT_PENDING = '项目发布复核中，不能修改；如需修改请先撤回复核单';
export const MSG_DRAFT_NOT_FOUND = '项目草稿不存在';
export const MSG_PROJECT_NOT_FOUND = '项目不存在';

const EMPTY: LotFieldsStored = {
  assetsName: '',
  typeCode: 2,
  projectNature: 1,
  assetClass: 'other',
  priceType: 1,
  startPriceFen: null,
  priceUnit: '元',
  priceOther: '',
  depositFen: 0,
  appraisedFen: null,
  announcementStartAt: null,
  enrolmentEndAt: null,
  depositEndAt: null,
  city: '',
  county: '',
  orgName: '',
  transferorName: '',
  contactName: '',
  contactPhone: '',
  managed: false,
  sections: {},
};

const sanitizeSections = (sections: LotInput['sections']) =>
  sections === undefined ? undefined : Object.fromEntries(Object.entries(sections).map(([k, v]) => [k, sanitizeRichText(v ?? '')]));

/** Merges an input over fields: only what the input gives; sections key by key; rich text sanitised. */
function merged(base: LotFieldsStored, input: LotInput): LotFieldsStored {
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as LotInput;
  const sections = sanitizeSections(defined.sections);
  const out = { ...base, ...defined, sections: { ...base.sections, ...sections } };
  // An explicit class wins; otherwise the class follows the type and nature.
  if (input.assetClass === undefined && (input.typeCode !== undefined || input.projectNature !== undefined) && base.assetClass === lotAssetClass(base.typeCode, base.projectNature)) {
    out.assetClass = lotAssetClass(out.typeCode, out.projectNature);
  }
  return out;
}

const parseFields = (row: Selectable<LotDraftTable>): LotFieldsStored => ({ ...EMPTY, ...(JSON.parse(row.data) as Partial<LotFieldsStored>) });

export function lotDatesOf(f: Pick<LotFieldsStored, 'assetClass' | 'announcementStartAt' | 'enrolmentEndAt' | 'depositEndAt'>): LotDates {
  return { assetClass: f.assetClass, announcementStartAt: f.announcementStartAt ?? 0, enrolmentEndAt: f.enrolmentEndAt ?? 0, depositEndAt: f.depositEndAt };
}

/** What any public lot needs: it told (its announcement) and its seller and contact named. */
function disclosureProblems(f: LotFieldsStored): string[] {
  const problems: string[] = [];
  if (!f.assetsName.trim()) problems.push('请填写项目名称');
  if (!f.city) problems.push('请选择所在城市');
  if (!f.orgName.trim()) problems.push('请填写挂牌机构');
  if (!f.transferorName.trim()) problems.push('请填写转让方');
  if (!f.contactName.trim() || !f.contactPhone.trim()) problems.push('请填写联系人及联系电话');
  if (!(f.sections.announcement ?? '').replace(/<[^>]*>/g, '').trim()) problems.push('请填写项目公告');
  return problems;
}

/** What a lot needs before its formal listing (beyond its timeline): also a price and its dates. */
export function completenessProblems(f: LotFieldsStored): string[] {
  const problems = disclosureProblems(f);
  if (f.priceType !== 3 && (f.startPriceFen === null || f.startPriceFen <= 0)) problems.push('正式挂牌须填写挂牌价格（面议仅用于预披露）');
  if (f.priceType === 3) problems.push('正式挂牌须有挂牌价格，不能为面议');
  if (f.announcementStartAt === null || f.enrolmentEndAt === null) problems.push('请填写公告开始时间与报名截止时间');
  return problems;
}

/** Everything that stops a formal listing (正式挂牌) at `now`. */
export function publicationProblems(f: LotFieldsStored, now: number, settings: LotTimelineSettings): string[] {
  const missing = completenessProblems(f);
  if (f.announcementStartAt === null || f.enrolmentEndAt === null) return missing;
  return [...missing, ...lotProblems(lotDatesOf(f), now, settings)];
}

/**
 * What stops a pre-disclosure (信息预披露): the lot told and its seller named; the price may be 面议 and no
 * enrolment dates are needed (a pre-disclosed lot takes no enrolment until its formal listing).
 */
export const preDisclosureProblems = disclosureProblems;

const PRE_DISCLOSED = '预披露';
const ENROLLING = '正在报名';

const refuse = (problems: string[]) => {
  if (problems.length > 0) throw new BusinessError(400, problems.join('；'));
};

async function draftRow(db: Db, id: number): Promise<Selectable<LotDraftTable>> {
  const row = await db.selectFrom('lot_draft').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG_DRAFT_NOT_FOUND);
  return row;
}

async function pendingApproval(db: Db, subject: string): Promise<number | null> {
  const row = await db.selectFrom('staff_approval').select('id').where('kind', '=', 'lot.publish').where('subject', '=', subject).where('state', '=', 'pending').executeTakeFirst();
  return row ? Number(row.id) : null;
}

export const draftSubject = (id: number) => `lotDraft:${id}`;
const projectSubject = (id: number) => `project:${id}`;

/** A draft may change: not published, no publication waiting. */
export async function editableDraft(db: Db, id: number): Promise<Selectable<LotDraftTable>> {
  const row = await draftRow(db, id);
  if (row.project_id !== null) throw new BusinessError(409, MSG_LOT_LOCKED);
  if ((await pendingApproval(db, draftSubject(id))) !== null) throw new BusinessError(409, MSG_LOT_PENDING);
  return row;
}

/* ---------- drafts ---------- */

export async function createDraft(c: LotContext, input: LotInput, actor: StaffActor): Promise<StaffLotDetail> {
  const fields = merged({ ...EMPTY, assetClass: lotAssetClass(input.typeCode ?? EMPTY.typeCode, input.projectNature ?? EMPTY.projectNature) }, input);
  if (!fields.assetsName.trim()) throw new BusinessError(400, '请填写项目名称');
  const now = c.now();
  const temp = `TMP-${now}-${randomBytes(4).toString('hex')}`;
  const row = await c.db
    .insertInto('lot_draft')
    .values({ draft_code: temp, data: JSON.stringify(fields), project_id: null, created_by: actor.id, created_at: now, updated_at: now, published_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await c.db.updateTable('lot_draft').set({ draft_code: `LOT-${formatChinaTime(now, 'YYYY-MM-DD').replace(/\D/g, '')}-${String(id).padStart(5, '0')}` }).where('id', '=', id).execute();
  await recordStaffAction(c.db, now, actor, { action: 'lot.create', subject: draftSubject(id), after: fields });
  return lotDetail(c, { draftId: id });
}

export async function editDraft(c: LotContext, draftId: number, input: LotInput, actor: StaffActor): Promise<StaffLotDetail> {
  const row = await editableDraft(c.db, draftId);
  const before = parseFields(row);
  const after = merged(before, input);
  if (!after.assetsName.trim()) throw new BusinessError(400, '请填写项目名称');
  const now = c.now();
  const done = await c.db
    .updateTable('lot_draft')
    .set({ data: JSON.stringify(after), updated_at: Math.max(now, Number(row.updated_at) + 1) })
    .where('id', '=', draftId)
    .where('project_id', 'is', null)
    .where('updated_at', '=', row.updated_at)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new BusinessError(409, '项目草稿已被他人修改，请刷新后重试');
  await recordStaffAction(c.db, now, actor, { action: 'lot.edit', subject: draftSubject(draftId), before, after });
  return lotDetail(c, { draftId });
}

const ATTACHMENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  zip: 'application/zip',
};
const PHOTO_TYPES = new Set(['jpg', 'jpeg', 'png']);

/** The bytes' own signature agrees with the extension for the types that have one. */
function looksLike(ext: string, data: Buffer): boolean {
  if (ext === 'pdf') return data.subarray(0, 5).toString('latin1') === '%PDF-';
  if (ext === 'png') return data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (ext === 'jpg' || ext === 'jpeg') return data[0] === 0xff && data[1] === 0xd8;
  if (ext === 'docx' || ext === 'xlsx' || ext === 'zip') return data[0] === 0x50 && data[1] === 0x4b;
  return data.length > 0;
}

const toFile = (r: { id: number; kind: string; file_name: string; size: number }): StaffLotFile => ({
  id: Number(r.id),
  kind: r.kind as StaffLotFileKind,
  fileName: r.file_name,
  fileSize: Number(r.size),
  fileType: extensionOf(r.file_name),
});

/** An attachment or the cover photo (a new photo replaces the old); bytes under project-files/ as listing attachments. */
export async function addDraftFile(c: LotContext, draftId: number, kind: StaffLotFileKind, file: { name: string; data: Buffer }, actor: StaffActor): Promise<StaffLotFile> {
  await editableDraft(c.db, draftId);
  const name = path.basename(file.name).trim().slice(0, 120);
  const ext = extensionOf(name);
  const mime = ATTACHMENT_TYPES[ext];
  if (!name || !mime || (kind === 'photo' && !PHOTO_TYPES.has(ext))) {
    throw new BusinessError(400, kind === 'photo' ? '封面图片须为 JPG 或 PNG' : '附件须为 PDF、Word、Excel、JPG、PNG 或 ZIP 文件');
  }
  if (file.data.length === 0 || !looksLike(ext, file.data)) throw new BusinessError(400, '文件内容与类型不符');
  const stored = `lot-${draftId}-${randomBytes(8).toString('hex')}.${ext === 'jpeg' ? 'jpg' : ext}`;
  const dir = projectFilesDir(c.dataDir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, stored), file.data);
  const now = c.now();
  const replaced = kind === 'photo' ? await c.db.selectFrom('lot_draft_file').selectAll().where('draft_id', '=', draftId).where('kind', '=', 'photo').execute() : [];
  const count = await c.db.selectFrom('lot_draft_file').select((eb) => eb.fn.countAll<number>().as('n')).where('draft_id', '=', draftId).executeTakeFirstOrThrow();
  const row = await inTransaction(c.db, async (trx) => {
    if (replaced.length > 0) await trx.deleteFrom('lot_draft_file').where('id', 'in', replaced.map((r) => r.id)).execute();
    return trx
      .insertInto('lot_draft_file')
      .values({ draft_id: draftId, kind, file_name: name, stored_name: stored, mime, size: file.data.length, sort: Number(count.n) + 1, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  for (const r of replaced) rmSync(path.join(dir, r.stored_name), { force: true });
  await c.db.updateTable('lot_draft').set({ updated_at: now }).where('id', '=', draftId).execute();
  await recordStaffAction(c.db, now, actor, { action: 'lot.file.add', subject: draftSubject(draftId), after: { kind, fileName: name, size: file.data.length }, before: replaced.length ? replaced.map((r) => r.file_name) : undefined });
  return toFile(row);
}

export async function deleteDraftFile(c: LotContext, draftId: number, fileId: number, actor: StaffActor): Promise<void> {
  await editableDraft(c.db, draftId);
  const row = await c.db.selectFrom('lot_draft_file').selectAll().where('id', '=', fileId).where('draft_id', '=', draftId).executeTakeFirst();
  if (!row) throw notFound('附件不存在');
  await c.db.deleteFrom('lot_draft_file').where('id', '=', fileId).execute();
  rmSync(path.join(projectFilesDir(c.dataDir), row.stored_name), { force: true });
  const now = c.now();
  await c.db.updateTable('lot_draft').set({ updated_at: now }).where('id', '=', draftId).execute();
  await recordStaffAction(c.db, now, actor, { action: 'lot.file.delete', subject: draftSubject(draftId), before: { kind: row.kind, fileName: row.file_name } });
}

/* ---------- published lots: their fields from the listing's rows ---------- */

export async function projectFields(db: Db, assetsId: number): Promise<LotFieldsStored> {
  const p = await db.selectFrom('project').selectAll().where('id', '=', assetsId).executeTakeFirst();
  if (!p) throw notFound(MSG_PROJECT_NOT_FOUND);
  const d = await db.selectFrom('project_detail').selectAll().where('project_id', '=', assetsId).executeTakeFirst();
  const sections = await db.selectFrom('project_section').select(['section_key', 'content']).where('project_id', '=', assetsId).execute();
  return {
    assetsName: p.assets_name,
    typeCode: p.type_code ?? 2,
    projectNature: p.project_nature,
    assetClass: lotAssetClass(p.type_code, p.project_nature, d?.asset_class),
    priceType: p.price_type,
    startPriceFen: p.price_type === 3 ? null : Number(p.start_price_fen),
    priceUnit: p.price_unit,
    priceOther: p.price_other,
    depositFen: Number(p.deposit_fen),
    appraisedFen: d?.appraised_value_fen === null || d?.appraised_value_fen === undefined ? null : Number(d.appraised_value_fen),
    announcementStartAt: Number(p.announcement_start_at),
    enrolmentEndAt: Number(p.announcement_end_at),
    depositEndAt: d?.deposit_end_at === null || d?.deposit_end_at === undefined ? null : Number(d.deposit_end_at),
    city: p.city,
    county: p.county,
    orgName: p.org_name,
    transferorName: d?.transferor_name || p.org_name,
    contactName: d?.contact_name ?? '',
    contactPhone: d?.contact_phone ?? '',
    managed: d?.managed === 1,
    sections: Object.fromEntries(sections.map((s) => [s.section_key, s.content])),
  };
}

/** The timeline facts of a published lot (for its auctions). */
export async function projectLotDates(db: Db, assetsId: number): Promise<LotDates> {
  return lotDatesOf(await projectFields(db, assetsId));
}

/* ---------- list and detail ---------- */

const yuan = (fen: number | null) => (fen === null ? null : fenToYuan(fen));
const time = (at: number | null) => (at === null || at === 0 ? '' : formatChinaTime(at));

export function toWireFields(f: LotFieldsStored): StaffLotFields {
  return {
    assetsName: f.assetsName,
    typeCode: f.typeCode,
    projectNature: f.projectNature,
    assetClass: f.assetClass,
    priceType: f.priceType,
    startPrice: yuan(f.startPriceFen),
    priceUnit: f.priceUnit,
    priceOther: f.priceOther,
    depositAmount: fenToYuan(f.depositFen),
    appraisedValue: yuan(f.appraisedFen),
    announcementStartTime: time(f.announcementStartAt),
    enrolEndTime: time(f.enrolmentEndAt),
    depositEndTime: f.depositEndAt === null ? null : time(f.depositEndAt),
    city: f.city,
    county: f.county,
    orgName: f.orgName,
    transferorName: f.transferorName,
    contactName: f.contactName,
    contactPhone: f.contactPhone,
    managed: f.managed,
    sections: Object.fromEntries(DISCLOSURE_SECTIONS.map(({ key }) => [key, sanitizeRichText(f.sections[key] ?? '')])) as StaffLotFields['sections'],
  };
}

async function stageOfProject(db: Db, assetsId: number, f: LotFieldsStored, listingState: string, now: number): Promise<LotStage> {
  const activities = await lotActivities(db, assetsId);
  const current = activities.find((a) => a.status === 'live') ?? activities.find((a) => a.status === 'scheduled') ?? activities[0] ?? null;
  const results = await db.selectFrom('notice').select('id').where('assets_id', '=', assetsId).where('notice_type', 'in', [NOTICE_TYPES.transaction, NOTICE_TYPES.result]).where('hidden', '=', 0).executeTakeFirst();
  const handed = await db.selectFrom('deal').select('id').where('project_id', '=', assetsId).where('handover_at', 'is not', null).executeTakeFirst();
  return lotStageAt(
    {
      published: true,
      preDisclosure: listingState.includes('预披露'),
      ...lotDatesOf(f),
      auction: current ? { status: current.status, outcome: current.outcome, startAt: chinaTimeToEpoch(current.startTime) ?? 0, endAt: chinaTimeToEpoch(current.endTime) ?? 0 } : null,
      resultPublished: results !== undefined,
      handedOver: handed !== undefined,
    },
    now,
  );
}

export interface LotFilter {
  /** draft | pending | published | a listing word (正在报名 …). */
  state?: string | undefined;
  q?: string | undefined;
}

const like = (q: string) => `%${q.replace(/[%_]/g, '')}%`;

/** Drafts (newest first) and then the listings (newest first), filtered and paged as one list. */
export async function lotPage(c: LotContext, filter: LotFilter, page: PageRequest): Promise<Page<StaffLotSummary>> {
  const now = c.now();
  const state = filter.state?.trim();
  const wantDrafts = !state || state === 'draft' || state === 'pending';
  const wantProjects = state !== 'draft' && state !== 'pending';
  let drafts = c.db.selectFrom('lot_draft').where('project_id', 'is', null);
  if (filter.q) drafts = drafts.where((eb) => eb.or([eb('data', 'like', like(filter.q!)), eb('draft_code', 'like', like(filter.q!))]));
  if (state === 'pending') {
    const subjects = await c.db.selectFrom('staff_approval').select('subject').where('kind', '=', 'lot.publish').where('state', '=', 'pending').where('subject', 'like', 'lotDraft:%').execute();
    const ids = subjects.map((s) => Number(s.subject.slice('lotDraft:'.length))).filter(Number.isSafeInteger);
    drafts = drafts.where('id', 'in', ids.length ? ids : [0]);
  }
  let projects = c.db.selectFrom('project').where('parent_id', 'is', null);
  if (filter.q) projects = projects.where((eb) => eb.or([eb('search_text', 'like', like(filter.q!.toLowerCase())), eb('assets_name', 'like', like(filter.q!))]));
  if (state && state !== 'published' && wantProjects) projects = projects.where('state', 'like', like(state));
  const draftCount = wantDrafts ? Number((await drafts.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n) : 0;
  const projectCount = wantProjects ? Number((await projects.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n) : 0;
  const offset = pageOffset(page);
  const records: StaffLotSummary[] = [];
  if (wantDrafts && offset < draftCount) {
    const rows = await drafts.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').offset(offset).limit(page.size).execute();
    for (const r of rows) records.push(await draftSummary(c.db, r));
  }
  if (wantProjects && records.length < page.size) {
    const skip = Math.max(0, offset - draftCount);
    const rows = await projects.select(['id']).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(skip).limit(page.size - records.length).execute();
    for (const r of rows) records.push(await projectSummary(c.db, Number(r.id), now));
  }
  return toPage(page, draftCount + projectCount, records);
}

async function draftSummary(db: Db, row: Selectable<LotDraftTable>): Promise<StaffLotSummary> {
  const f = parseFields(row);
  return {
    draftId: Number(row.id),
    assetsId: null,
    projectCode: row.draft_code,
    assetsName: f.assetsName,
    stage: 'draft',
    stageLabel: LOT_STAGE_LABELS.draft,
    listingState: '',
    startPrice: yuan(f.startPriceFen),
    enrolEndTime: time(f.enrolmentEndAt),
    pendingApprovalId: await pendingApproval(db, draftSubject(Number(row.id))),
    updateTime: formatChinaTime(Number(row.updated_at)),
  };
}

async function projectSummary(db: Db, assetsId: number, now: number): Promise<StaffLotSummary> {
  const p = await db.selectFrom('project').select(['project_code', 'state', 'created_at']).where('id', '=', assetsId).executeTakeFirstOrThrow();
  const draft = await db.selectFrom('lot_draft').select(['id', 'updated_at']).where('project_id', '=', assetsId).executeTakeFirst();
  const f = await projectFields(db, assetsId);
  const stage = await stageOfProject(db, assetsId, f, p.state, now);
  return {
    draftId: draft ? Number(draft.id) : null,
    assetsId,
    projectCode: p.project_code,
    assetsName: f.assetsName,
    stage,
    stageLabel: LOT_STAGE_LABELS[stage],
    listingState: p.state,
    startPrice: yuan(f.startPriceFen),
    enrolEndTime: time(f.enrolmentEndAt),
    pendingApprovalId: await pendingApproval(db, projectSubject(assetsId)),
    updateTime: formatChinaTime(Number(draft?.updated_at ?? p.created_at)),
  };
}

/** Everything about one lot: its fields, files, timeline problems, auctions, and what the portal shows of it once published. */
export async function lotDetail(c: LotContext, by: { draftId?: number | undefined; assetsId?: number | undefined }): Promise<StaffLotDetail> {
  const now = c.now();
  let assetsId = by.assetsId ?? null;
  if (by.draftId !== undefined) {
    const row = await draftRow(c.db, by.draftId);
    if (row.project_id === null) {
      const f = parseFields(row);
      const files = await c.db.selectFrom('lot_draft_file').selectAll().where('draft_id', '=', by.draftId).orderBy('sort').orderBy('id').execute();
      const photos = await draftPhotoRows(c.db, by.draftId);
      const legacyPhoto = files.find((r) => r.kind === 'photo');
      const cover = photos[0];
      return {
        ...(await draftSummary(c.db, row)),
        fields: toWireFields(f),
        attachments: files.filter((r) => r.kind === 'attachment').map(toFile),
        photo: cover ? { id: Number(cover.id), kind: 'photo', fileName: cover.file_name, fileSize: Number(cover.size), fileType: 'webp' } : legacyPhoto ? toFile(legacyPhoto) : null,
        imgUrl: '',
        photos: photos.map(toStaffPhoto),
        locked: false,
        problems: publicationProblems(f, now, c.lotTimeline),
        preDisclosureProblems: preDisclosureProblems(f),
        activities: [],
        portal: null,
      };
    }
    assetsId = Number(row.project_id);
  }
  if (assetsId === null) throw new BusinessError(400, '请指定 draftId 或 assetsId');
  const summary = await projectSummary(c.db, assetsId, now);
  const f = await projectFields(c.db, assetsId);
  const portal = await getProjectDetail(c.db, assetsId, null, now, false);
  const activities = await lotActivities(c.db, assetsId);
  const scheduled = activities.find((a) => a.status === 'scheduled');
  // A pre-disclosed lot: what stops its formal listing now (its disclosure counted from now).
  const problems = summary.stage === 'preDisclosure'
    ? publicationProblems({ ...f, announcementStartAt: Math.max(now, f.announcementStartAt ?? now) }, now, c.lotTimeline)
    : scheduled
    ? auctionProblems(lotDatesOf(f), { startAt: chinaTimeToEpoch(scheduled.startTime)!, endAt: chinaTimeToEpoch(scheduled.endTime)!, startPriceFen: Math.round(scheduled.startPrice * 100), openAuctions: 0, previousFailedStartFen: null }, Math.min(now, chinaTimeToEpoch(scheduled.startTime)!), c.lotTimeline)
    : [];
  return {
    ...summary,
    fields: toWireFields(f),
    attachments: portal.attachments.map((a) => ({ id: a.id, kind: 'attachment', fileName: a.fileName, fileSize: a.fileSize, fileType: a.fileType })),
    photo: null,
    imgUrl: portal.imgUrl ?? '',
    photos: (await c.db.selectFrom('lot_photo').selectAll().where('project_id', '=', assetsId).orderBy('is_cover', 'desc').orderBy('sort').orderBy('id').execute()).map(toStaffPhoto),
    locked: true,
    problems,
    preDisclosureProblems: [],
    activities,
    portal,
  };
}

/* ---------- four eyes: publication and change (kind lot.publish) ---------- */

export type LotPublishPayload =
  | { action: 'publish'; draftId: number; updatedAt: number; assetsName: string; preDisclosure?: boolean }
  /** formal: a pre-disclosed lot's formal listing (正式挂牌) with these changes. */
  | { action: 'change'; assetsId: number; changes: LotInput; reason: string; formal?: boolean };

function describeChanges(before: LotFieldsStored, after: LotFieldsStored): string {
  const labels: Partial<Record<keyof LotFieldsStored, string>> = {
    assetsName: '名称',
    startPriceFen: '挂牌价格',
    depositFen: '保证金',
    announcementStartAt: '公告开始',
    enrolmentEndAt: '报名截止',
    depositEndAt: '保证金截止',
    orgName: '挂牌机构',
    transferorName: '转让方',
    contactName: '联系人',
    contactPhone: '联系电话',
    sections: '披露信息',
  };
  const changed = (Object.keys(after) as Array<keyof LotFieldsStored>).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return changed.map((k) => labels[k] ?? k).join('、') || '无';
}

/** The executor of lot.publish: publication of a draft, or a change of a published lot's locked fields. */
export function lotPublishExecutor(c: LotContext): ApprovalExecutor<LotPublishPayload> {
  return {
    async prepare(input) {
      const p = input as { draftId?: number; preDisclosure?: boolean; assetsId?: number; changes?: LotInput; reason?: string; formal?: boolean };
      const now = c.now();
      if (p.draftId !== undefined) {
        const row = await draftRow(c.db, p.draftId);
        if (row.project_id !== null) throw new BusinessError(409, '项目已发布');
        const f = parseFields(row);
        const preDisclosure = p.preDisclosure === true;
        refuse(preDisclosure ? preDisclosureProblems(f) : publicationProblems(f, now, c.lotTimeline));
        return {
          subject: draftSubject(p.draftId),
          summary: preDisclosure
            ? `预披露项目「${f.assetsName}」（${row.draft_code}）：不接受报名，正式挂牌须再经复核`
            : `发布项目「${f.assetsName}」（${row.draft_code}）：公告 ${time(f.announcementStartAt)} 起，报名截止 ${time(f.enrolmentEndAt)}，挂牌价格 ${yuan(f.startPriceFen)} 元`,
          payload: { action: 'publish', draftId: p.draftId, updatedAt: Number(row.updated_at), assetsName: f.assetsName, preDisclosure },
          before: f,
        };
      }
      const assetsId = p.assetsId!;
      const before = await projectFields(c.db, assetsId);
      const after = merged(before, p.changes ?? {});
      const formal = p.formal === true;
      if (formal) await checkFormal(c, assetsId, after, now);
      else await checkChange(c, assetsId, before, after, now);
      return {
        subject: projectSubject(assetsId),
        summary: formal
          ? `预披露项目「${before.assetsName}」转为正式挂牌：公告 ${time(Math.max(now, after.announcementStartAt ?? now))} 起，报名截止 ${time(after.enrolmentEndAt)}，挂牌价格 ${yuan(after.startPriceFen)} 元（${p.reason ?? ''}）`
          : `变更已发布项目「${before.assetsName}」：${describeChanges(before, after)}（原因：${p.reason ?? ''}）`,
        payload: { action: 'change', assetsId, changes: p.changes ?? {}, reason: p.reason ?? '', formal },
        before,
      };
    },
    async execute(payload, approver) {
      return payload.action === 'publish' ? publishDraft(c, payload, approver) : applyChange(c, payload);
    },
  };
}

/** A change must keep the lot's timeline (from its actual start) and its scheduled auction's; never once bidding began. */
async function checkChange(c: LotContext, assetsId: number, before: LotFieldsStored, after: LotFieldsStored, now: number): Promise<void> {
  const activities = await lotActivities(c.db, assetsId);
  if (activities.some((a) => a.status !== 'scheduled')) throw new BusinessError(409, '竞价已开始或已结束，项目信息不能再变更');
  const problems = completenessProblems(after);
  const datesChanged = before.announcementStartAt !== after.announcementStartAt || before.enrolmentEndAt !== after.enrolmentEndAt || before.depositEndAt !== after.depositEndAt || before.assetClass !== after.assetClass;
  if (datesChanged) {
    // Already public: the disclosure counts from its start (a later start counts from now).
    const countFrom = Math.min(now, after.announcementStartAt ?? now);
    problems.push(...lotProblems(lotDatesOf(after), countFrom, c.lotTimeline).filter((m) => m !== '报名截止时间须晚于当前时间'));
    if ((after.enrolmentEndAt ?? 0) <= now) problems.push('报名截止时间须晚于当前时间');
    for (const a of activities) {
      problems.push(
        ...auctionProblems(lotDatesOf(after), { startAt: chinaTimeToEpoch(a.startTime)!, endAt: chinaTimeToEpoch(a.endTime)!, startPriceFen: Math.round(a.startPrice * 100), openAuctions: 0, previousFailedStartFen: null }, now, c.lotTimeline),
      );
    }
  }
  refuse(problems);
}

/**
 * The lot's 挂牌公告 (or 信息预披露公告), public from `now`: written from the lot's stored facts (the one
 * announcement builder, projects/announcement.ts), the staff's announcement text as its 其他事项; the same
 * text becomes the 项目公告 tab.
 */
async function insertListingNotice(db: Db, n: { assetsId: number; projectCode: string; fields: LotFieldsStored; preDisclosure: boolean; now: number }): Promise<void> {
  const announcement = await writeLotAnnouncement(db, n.assetsId, n.fields.sections.announcement ?? '');
  await db
    .insertInto('notice')
    .values({
      notice_code: `${n.preDisclosure ? PRE_DISCLOSURE_NOTICE_PREFIX : 'GP-'}${n.projectCode}`,
      notice_type: NOTICE_TYPES.listing,
      title: announcement.title,
      assets_id: n.assetsId,
      content: announcement.content,
      publish_at: n.now,
      is_front_page: 0,
      created_at: n.now,
    })
    .execute();
}

/** A pre-disclosed lot's formal listing: everything a formal publication needs, its disclosure counted from now. */
async function checkFormal(c: LotContext, assetsId: number, after: LotFieldsStored, now: number): Promise<void> {
  const { state } = await c.db.selectFrom('project').select('state').where('id', '=', assetsId).executeTakeFirstOrThrow();
  if (!state.includes(PRE_DISCLOSED)) throw new BusinessError(409, '只有预披露项目可以转为正式挂牌');
  refuse(publicationProblems({ ...after, announcementStartAt: Math.max(now, after.announcementStartAt ?? now) }, now, c.lotTimeline));
}

async function publishDraft(c: LotContext, payload: Extract<LotPublishPayload, { action: 'publish' }>, approver: StaffActor) {
  const now = c.now();
  const row = await draftRow(c.db, payload.draftId);
  if (row.project_id !== null) throw new BusinessError(409, '项目已发布');
  if (Number(row.updated_at) !== payload.updatedAt) throw new BusinessError(409, '项目草稿在提交复核后已被修改，请退回后重新提交发布复核');
  const f = parseFields(row);
  const preDisclosure = payload.preDisclosure === true;
  // Time has moved on since it was prepared: the timeline again, at the moment of publication.
  refuse(preDisclosure ? preDisclosureProblems(f) : publicationProblems(f, now, c.lotTimeline));
  const files = await c.db.selectFrom('lot_draft_file').selectAll().where('draft_id', '=', payload.draftId).orderBy('sort').orderBy('id').execute();
  const result = await inTransaction(c.db, async (trx) => {
    const listed = await publishListing(
      trx,
      {
        assetsName: f.assetsName.trim(),
        typeCode: f.typeCode,
        city: f.city,
        county: f.county,
        startPriceFen: f.startPriceFen ?? 0,
        depositFen: f.depositFen,
        orgName: f.orgName.trim(),
        enrolDays: 0,
        projectNature: f.projectNature,
        priceType: f.priceType,
        priceUnit: f.priceUnit,
        priceOther: f.priceOther,
        // A pre-disclosure is public from now; its dates are the plan until the formal listing sets them.
        announcementStartAt: preDisclosure ? Math.max(now, f.announcementStartAt ?? now) : f.announcementStartAt!,
        announcementEndAt: preDisclosure ? Math.max(now, f.enrolmentEndAt ?? now) : f.enrolmentEndAt!,
        codePrefix: 'LOT',
      },
      { name: `staff:${approver.loginName}`, ip: approver.ip },
      now,
    );
    const assetsId = listed.assetsId;
    if (preDisclosure) await trx.updateTable('project').set({ state: PRE_DISCLOSED }).where('id', '=', assetsId).execute();
    await trx
      .insertInto('project_detail')
      .values({
        project_id: assetsId,
        transferor_name: f.transferorName.trim(),
        contact_name: f.contactName.trim(),
        contact_phone: f.contactPhone.trim(),
        appraised_value_fen: f.appraisedFen,
        managed: f.managed ? 1 : 0,
        created_at: now,
        asset_class: f.assetClass,
        deposit_end_at: f.depositEndAt,
      })
      .execute();
    for (const { key } of DISCLOSURE_SECTIONS) {
      const content = sanitizeRichText(f.sections[key] ?? '');
      if (content.trim()) await trx.insertInto('project_section').values({ project_id: assetsId, section_key: key, content }).execute();
    }
    for (const [i, file] of files.filter((r) => r.kind === 'attachment').entries()) {
      await trx
        .insertInto('project_attachment')
        .values({ ref_code: `LOT-${payload.draftId}-F${file.id}`, project_id: assetsId, file_name: file.file_name, stored_name: file.stored_name, mime: file.mime, size: Number(file.size), sort: i + 1, created_at: now })
        .execute();
    }
    // The gallery goes with the draft (its cover is the listing's imgUrl); a draft of before the galleries had one cover file.
    const hasGallery = await publishDraftPhotos(trx, payload.draftId, assetsId);
    const photo = hasGallery ? undefined : files.find((r) => r.kind === 'photo');
    if (photo) {
      // The cover is public: a content file served as the other covers are.
      const dir = contentFilesDir(c.dataDir);
      mkdirSync(dir, { recursive: true });
      copyFileSync(path.join(projectFilesDir(c.dataDir), photo.stored_name), path.join(dir, photo.stored_name));
      const cover = await trx
        .insertInto('content_file')
        .values({ ref_code: `LOT-${payload.draftId}-PHOTO-${photo.id}`, file_name: photo.file_name, stored_name: photo.stored_name, mime: photo.mime, size: Number(photo.size), created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('project').set({ img_url: publicFileUrl(Number(cover.id)) }).where('id', '=', assetsId).execute();
    }
    await insertListingNotice(trx, { assetsId, projectCode: listed.projectCode, fields: f, preDisclosure, now });
    const moved = await trx.updateTable('lot_draft').set({ project_id: assetsId, published_at: now }).where('id', '=', payload.draftId).where('project_id', 'is', null).executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new BusinessError(409, '项目已发布');
    return { assetsId, projectCode: listed.projectCode, matchedDemands: listed.matchedDemands };
  });
  return result;
}

async function applyChange(c: LotContext, payload: Extract<LotPublishPayload, { action: 'change' }>) {
  const now = c.now();
  const before = await projectFields(c.db, payload.assetsId);
  const after = merged(before, payload.changes);
  if (payload.formal) {
    await checkFormal(c, payload.assetsId, after, now);
    // Its disclosure runs from the formal listing.
    after.announcementStartAt = Math.max(now, after.announcementStartAt ?? now);
  } else await checkChange(c, payload.assetsId, before, after, now);
  await inTransaction(c.db, async (trx) => {
    await trx
      .updateTable('project')
      .set({
        assets_name: after.assetsName.trim(),
        type_code: after.typeCode,
        project_nature: after.projectNature,
        price_type: after.priceType,
        start_price_fen: after.startPriceFen ?? 0,
        price_unit: after.priceUnit,
        price_other: after.priceOther,
        deposit_fen: after.depositFen,
        announcement_start_at: after.announcementStartAt!,
        announcement_end_at: after.enrolmentEndAt!,
        city: after.city,
        county: after.county,
        org_name: after.orgName.trim(),
      })
      .where('id', '=', payload.assetsId)
      .execute();
    if (payload.formal) {
      const moved = await trx.updateTable('project').set({ state: ENROLLING }).where('id', '=', payload.assetsId).where('state', 'like', `%${PRE_DISCLOSED}%`).executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new BusinessError(409, '只有预披露项目可以转为正式挂牌');
      const { project_code } = await trx.selectFrom('project').select('project_code').where('id', '=', payload.assetsId).executeTakeFirstOrThrow();
      await insertListingNotice(trx, { assetsId: payload.assetsId, projectCode: project_code, fields: after, preDisclosure: false, now });
    }
    if (after.assetsName !== before.assetsName) {
      const { project_code } = await trx.selectFrom('project').select('project_code').where('id', '=', payload.assetsId).executeTakeFirstOrThrow();
      await trx.updateTable('project').set(searchKeys(after.assetsName, project_code)).where('id', '=', payload.assetsId).execute();
    }
    const detail = {
      transferor_name: after.transferorName.trim(),
      contact_name: after.contactName.trim(),
      contact_phone: after.contactPhone.trim(),
      appraised_value_fen: after.appraisedFen,
      managed: after.managed ? 1 : 0,
      asset_class: after.assetClass,
      deposit_end_at: after.depositEndAt,
    };
    const updated = await trx.updateTable('project_detail').set(detail).where('project_id', '=', payload.assetsId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('project_detail').values({ project_id: payload.assetsId, created_at: now, ...detail }).execute();
    for (const { key } of DISCLOSURE_SECTIONS) {
      if (JSON.stringify(before.sections[key] ?? '') === JSON.stringify(after.sections[key] ?? '')) continue;
      await trx.deleteFrom('project_section').where('project_id', '=', payload.assetsId).where('section_key', '=', key).execute();
      const content = sanitizeRichText(after.sections[key] ?? '');
      if (content.trim()) await trx.insertInto('project_section').values({ project_id: payload.assetsId, section_key: key, content }).execute();
    }
    await trx.updateTable('lot_draft').set({ data: JSON.stringify(after), updated_at: now }).where('project_id', '=', payload.assetsId).execute();
    // The announcement follows the changed facts (its tab and its listing notice).
    await writeLotAnnouncement(trx, payload.assetsId, after.sections.announcement ?? '');
  });
  return { assetsId: payload.assetsId, before, after };
}
