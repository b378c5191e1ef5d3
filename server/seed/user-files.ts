/**
 * Demo data of my files, appeals and demands for bidder01: files in folders (a PDF and a PNG, bytes written under the data
 * directory as uploads are), an answered appeal against a rejected enrolment (with one of those files as
 * its attachment), and a demand with a matched listing and the exchange's answer. Run at every start;
 * natural keys (the enrolment, appeal and demand codes, the folder names) make it idempotent.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { ENROLMENT_COMMITMENTS } from '#domain/contract/enrolment';
import type { Database } from '../db/schema.ts';
import { renderPdf } from '../lib/pdf.ts';
import { drawPng } from '../lib/png.ts';
import { PROVINCE } from '../reference/places.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const DEMO_APPEAL_CODE = 'SS-DEMO-0001';
export const DEMO_DEMAND_CODE = 'XQ-DEMO-0001';
const DEMO_ENROL_CODE = 'BM-DEMO-APPEAL-01';

/** A one-page PDF with a title, as the exchange's documents are made (lib/pdf.ts). */
export async function demoPdf(title: string): Promise<Buffer> {
  return Buffer.from(await renderPdf({ title, blocks: [] }));
}

/** A small PNG: a blue band on white (a stand-in for a scanned photo). */
export function demoPng(width = 240, height = 160): Buffer {
  return drawPng(width, height, (_x, y) => (y > height / 3 && y < (2 * height) / 3 ? [0x1f, 0x6f, 0xd0, 255] : [255, 255, 255, 255]));
}

export async function storeFile(trx: Kysely<Database>, dataDir: string | undefined, userId: number, folderId: number | null, name: string, data: Buffer, contentType: string, at: number) {
  const id = randomBytes(18).toString('base64url');
  const storedName = randomBytes(24).toString('base64url');
  if (dataDir) {
    const dir = path.join(dataDir, 'uploads');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFile(path.join(dir, storedName), data, { mode: 0o600, flag: 'wx' });
  }
  await trx
    .insertInto('uploaded_file')
    .values({ id, user_id: userId, original_name: name, stored_name: storedName, content_type: contentType, size: data.length, sha256: createHash('sha256').update(data).digest('hex'), created_at: at })
    .execute();
  await trx.insertInto('library_file').values({ file_id: id, user_id: userId, folder_id: folderId, name, size: data.length, created_at: at, updated_at: at }).execute();
  return { fileId: id, name };
}

export async function ensureDemoUserFiles(db: Kysely<Database>, now: number, dataDir: string | undefined): Promise<void> {
  const user = await db.selectFrom('app_user').select(['id', 'name']).where('login_name', '=', 'bidder01').executeTakeFirst();
  if (!user) return;
  const userId = user.id;
  await db.transaction().execute(async (trx) => {
    // Files in folders: 资质材料 / 2026年度 holds a PDF, 现场照片 a PNG (only when bidder01 has no folder yet).
    let attachment: { fileId: string; name: string } | null = null;
    const hasFolders = await trx.selectFrom('file_folder').select('id').where('user_id', '=', userId).executeTakeFirst();
    if (!hasFolders) {
      const folder = (name: string, parentId: number | null) =>
        trx.insertInto('file_folder').values({ user_id: userId, parent_id: parentId, name, created_at: now - 5 * DAY, updated_at: now - 5 * DAY }).returning('id').executeTakeFirstOrThrow();
      const papers = await folder('资质材料', null);
      const year = await folder('2026年度', papers.id);
      const photos = await folder('现场照片', null);
      attachment = await storeFile(trx, dataDir, userId, year.id, '营业执照副本.pdf', await demoPdf('Business licence (copy) - bidder01'), 'application/pdf', now - 4 * DAY);
      await storeFile(trx, dataDir, userId, papers.id, '授权委托书.pdf', await demoPdf('Power of attorney - bidder01'), 'application/pdf', now - 4 * DAY + HOUR);
      await storeFile(trx, dataDir, userId, photos.id, '标的现场照片.png', demoPng(), 'image/png', now - 3 * DAY);
    }

    // An answered appeal against a rejected enrolment.
    const hasAppeal = await trx.selectFrom('appeal').select('id').where('appeal_code', '=', DEMO_APPEAL_CODE).executeTakeFirst();
    if (!hasAppeal) {
      let enrolment = await trx.selectFrom('enrolment').innerJoin('project', 'project.id', 'enrolment.project_id').select(['enrolment.id', 'project.assets_name', 'enrolment.reject_reason']).where('enrol_code', '=', DEMO_ENROL_CODE).executeTakeFirst();
      if (!enrolment) {
        const project = await trx
          .selectFrom('project')
          .select(['id', 'assets_name', 'deposit_fen', 'announcement_start_at', 'announcement_end_at'])
          .where('parent_id', 'is', null)
          .where('state', '=', '已结束')
          .where((eb) => eb.not(eb.exists(eb.selectFrom('enrolment').select('enrolment.id').whereRef('enrolment.project_id', '=', 'project.id').where('enrolment.user_id', '=', userId))))
          .orderBy('id')
          .executeTakeFirst();
        if (project) {
          // Inside the lot's enrolment period (ten days ago, or just before its deadline).
          const at = Math.max(Number(project.announcement_start_at), Math.min(now - 10 * DAY, Number(project.announcement_end_at) - 3 * HOUR));
          const row = await trx
            .insertInto('enrolment')
            .values({
              enrol_code: DEMO_ENROL_CODE, user_id: userId, project_id: project.id, kind: 'normal', status: 'rejected', bidder_type: 1, bidder_name: user.name, id_masked: '',
              contact_name: user.name, contact_phone: '13000000001', contact_email: '', address: '', attachments: '[]', commitments: JSON.stringify(ENROLMENT_COMMITMENTS.map((c) => c.key)),
              deposit_fen: project.deposit_fen, reject_reason: '营业执照副本未加盖公章', reviewer: 'ops:demo', activity_id: null, bid_code: null, submitted_at: at, reviewed_at: at + 2 * HOUR, qualified_at: null, updated_at: at + 2 * HOUR,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          enrolment = { id: row.id, assets_name: project.assets_name, reject_reason: '营业执照副本未加盖公章' };
        }
      }
      if (enrolment) {
        const at = now - 9 * DAY;
        const answer = '经复核，您补充提交的营业执照副本已加盖公章，材料齐全。原报名审核结论予以撤销，请关注该项目重新挂牌公告。';
        const appeal = await trx
          .insertInto('appeal')
          .values({
            appeal_code: DEMO_APPEAL_CODE, user_id: userId, kind: 'enrolmentRejection', subject_id: enrolment.id,
            subject_title: `${enrolment.assets_name}（报名 ${DEMO_ENROL_CODE}）· 驳回原因：${enrolment.reject_reason}`,
            reason: '报名时提交的营业执照副本已加盖公章，审核时可能未看到盖章页，现补充提交清晰扫描件，请予复核。',
            attachments: JSON.stringify(attachment ? [attachment] : []), status: 'answered', answer, handler: 'ops:demo', created_at: at, updated_at: at + 2 * DAY,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const events = [
          { status: 'submitted', note: '', actor: `user:${userId}`, created_at: at },
          { status: 'accepted', note: '', actor: 'ops:demo', created_at: at + DAY },
          { status: 'answered', note: answer, actor: 'ops:demo', created_at: at + 2 * DAY },
        ];
        await trx.insertInto('appeal_event').values(events.map((e) => ({ ...e, appeal_id: appeal.id }))).execute();
        await trx
          .insertInto('message')
          .values({ user_id: userId, kind: 'appeal', title: '申诉已答复', content: `您的申诉（${DEMO_APPEAL_CODE}）已答复：${answer}`, link: `/shensuRecord?id=${appeal.id}`, created_at: at + 2 * DAY, read_at: null })
          .execute();
      }
    }

    // A demand with the exchange's answer and one matched listing.
    const hasDemand = await trx.selectFrom('demand').select('id').where('demand_code', '=', DEMO_DEMAND_CODE).executeTakeFirst();
    if (!hasDemand) {
      const project = await trx
        .selectFrom('project')
        .select(['id', 'assets_name', 'project_code', 'city', 'start_price_fen', 'type_code'])
        .where('parent_id', 'is', null)
        .where('state', '=', '正在报名')
        .where('type_code', '=', 2)
        .where('price_type', '<>', 3)
        .orderBy('id')
        .executeTakeFirst();
      if (project) {
        const price = Number(project.start_price_fen);
        // A round range around the price: steps of 100 万元 (10 万元 for small lots), in fen.
        const step = price >= 200_000_000 ? 100_000_000 : 10_000_000;
        const at = now - 6 * DAY;
        const demand = await trx
          .insertInto('demand')
          .values({
            demand_code: DEMO_DEMAND_CODE, user_id: userId, type_code: 2, province: PROVINCE, city: project.city,
            min_price_fen: Math.floor(price / 2 / step) * step || null, max_price_fen: Math.ceil((price * 2) / step) * step,
            keywords: '[]', note: '拟购置生产经营用实物资产，优先考虑本市项目。', status: 'answered',
            answer: '已登记您的投资需求，交易所将在符合条件的项目挂牌时第一时间通知您，也可致电 0311-00000000 咨询项目经理。',
            answered_at: at + DAY, created_at: at, updated_at: at + DAY,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('demand_match').values({ demand_id: demand.id, project_id: project.id, created_at: at + 2 * DAY }).execute();
        await trx
          .insertInto('message')
          .values({
            user_id: userId, kind: 'demand', title: `新挂牌项目符合您的需求：${project.assets_name}`,
            content: `新挂牌项目“${project.assets_name}”（${project.project_code}）符合您登记的需求（${DEMO_DEMAND_CODE}）。`,
            link: `/projectDetail/${project.id}.html`, created_at: at + 2 * DAY, read_at: null,
          })
          .execute();
      }
    }
  });
}
