/**
 * Project attachments: listed with every detail, downloaded only through a single-use ticket that the
 * image verify code buys (5 minutes). Bytes live in `<dataDir>/project-files/` under generated names,
 * outside the web root; only a ticket's SHA-256 is stored. Downloads can be logged by the client.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { PROJECT_PATHS, type AttachmentInfo, type AttachmentTicket } from '#domain/contract/projects';
import type { Database } from '../../db/schema.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { extensionOf, isSafeStoredName } from '../content/files.ts';

export const PROJECT_FILES_SUBDIR = 'project-files';
export const TICKET_LIFETIME_SECONDS = 300;
export const ATTACHMENT_NOT_FOUND = '附件不存在';
export const TICKET_INVALID = '下载链接无效或已过期，请重新输入验证码';

export function projectFilesDir(dataDir: string): string {
  return path.join(dataDir, PROJECT_FILES_SUBDIR);
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function listProjectAttachments(db: Kysely<Database>, projectId: number): Promise<AttachmentInfo[]> {
  const rows = await db
    .selectFrom('project_attachment')
    .select(['id', 'file_name', 'size'])
    .where('project_id', '=', projectId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, fileName: r.file_name, fileSize: Number(r.size), fileType: extensionOf(r.file_name) }));
}

/** A ticket for one attachment (the caller has checked the verify code). */
export async function issueTicket(db: Kysely<Database>, now: number, attachmentId: number, userId: number | null): Promise<AttachmentTicket> {
  const attachment = await db.selectFrom('project_attachment').select('id').where('id', '=', attachmentId).executeTakeFirst();
  if (!attachment) throw notFound(ATTACHMENT_NOT_FOUND);
  // Spent and expired tickets are of no use to anyone: clear the old ones as we go.
  await db.deleteFrom('attachment_ticket').where('expires_at', '<', now - 86_400_000).execute();
  const ticket = randomBytes(24).toString('base64url');
  await db
    .insertInto('attachment_ticket')
    .values({ ticket_hash: hashTicket(ticket), attachment_id: attachmentId, user_id: userId, expires_at: now + TICKET_LIFETIME_SECONDS * 1000, used_at: null, created_at: now })
    .execute();
  return { ticket, url: `${PROJECT_PATHS.attachmentDownload}?ticket=${ticket}`, expiresIn: TICKET_LIFETIME_SECONDS };
}

export interface OpenedAttachment {
  fileName: string;
  mime: string;
  size: number;
  stream: NodeJS.ReadableStream;
}

/** Spends the ticket (one conditional update, so two racing downloads cannot both win) and opens the file. */
export async function redeemTicket(db: Kysely<Database>, filesDir: string, now: number, ticket: string): Promise<OpenedAttachment> {
  if (!ticket || ticket.length > 64) throw new BusinessError(404, TICKET_INVALID);
  const spent = await db
    .updateTable('attachment_ticket')
    .set({ used_at: now })
    .where('ticket_hash', '=', hashTicket(ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('attachment_id')
    .executeTakeFirst();
  if (!spent) throw new BusinessError(404, TICKET_INVALID);
  const row = await db.selectFrom('project_attachment').selectAll().where('id', '=', spent.attachment_id).executeTakeFirst();
  if (!row || !isSafeStoredName(row.stored_name)) throw notFound(ATTACHMENT_NOT_FOUND);
  const full = path.join(filesDir, row.stored_name);
  if (!existsSync(full)) throw notFound(ATTACHMENT_NOT_FOUND);
  return { fileName: row.file_name, mime: row.mime, size: statSync(full).size, stream: createReadStream(full) };
}

/** client-attachment-log/submit: the attachment must belong to the asset. */
export async function logAttachmentDownload(
  db: Kysely<Database>,
  entry: { assetsId: number; attachmentId: number; userId: number | null; ip: string; now: number },
): Promise<void> {
  const attachment = await db
    .selectFrom('project_attachment')
    .select('id')
    .where('id', '=', entry.attachmentId)
    .where('project_id', '=', entry.assetsId)
    .executeTakeFirst();
  if (!attachment) throw notFound(ATTACHMENT_NOT_FOUND);
  await db
    .insertInto('attachment_log')
    .values({ assets_id: entry.assetsId, attachment_id: entry.attachmentId, user_id: entry.userId, ip: entry.ip, created_at: entry.now })
    .execute();
}
