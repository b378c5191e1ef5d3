/**
 * User messages (站内消息): written by enrolment, deposits and the bidding engine, read in the user centre
 * (/myMessage). `sendMessage` takes a Kysely or a transaction, so a message commits with the state change
 * it reports (a rolled-back bid or settlement sends nothing).
 */
import type { Kysely, Selectable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { MESSAGE_KIND_TEXT } from '#domain/rules/enrolment';
import { type MessageItem, type MessageKind, type MessagePage } from '#domain/contract/enrolment';
import type { Database } from '../../db/schema.ts';
import type { MessageTable } from '../../db/tables/enrolment.ts';
import { notFound } from '../../lib/envelope.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';

export interface NewMessage {
  userId: number;
  kind: MessageKind;
  title: string;
  content: string;
  /** An in-app route, e.g. '/quoteHall?activityId=12'. */
  link?: string;
  /** Epoch ms (the caller's clock, so a transaction's messages share its time). */
  at: number;
}

export async function sendMessage(db: Kysely<Database>, m: NewMessage): Promise<void> {
  await db
    .insertInto('message')
    .values({ user_id: m.userId, kind: m.kind, title: m.title, content: m.content, link: m.link ?? '', created_at: m.at, read_at: null })
    .execute();
}

const toItem = (r: Selectable<MessageTable>): MessageItem => ({
  id: r.id,
  kind: r.kind as MessageKind,
  kindText: MESSAGE_KIND_TEXT[r.kind as MessageKind] ?? '系统通知',
  title: r.title,
  content: r.content,
  link: r.link,
  read: r.read_at !== null,
  createTime: formatChinaTime(r.created_at),
});

export async function unreadCount(db: Kysely<Database>, userId: number): Promise<number> {
  const { n } = await db.selectFrom('message').where('user_id', '=', userId).where('read_at', 'is', null).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/** The newest `size` messages of a user, newest first. */
export async function latestMessages(db: Kysely<Database>, userId: number, size: number): Promise<MessageItem[]> {
  const rows = await db.selectFrom('message').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(size).execute();
  return rows.map(toItem);
}

export async function myMessages(db: Kysely<Database>, userId: number, q: PageRequest): Promise<MessagePage> {
  const page = await fetchPage(
    db.selectFrom('message').where('user_id', '=', userId),
    q,
    (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    toItem,
  );
  return { ...page, unread: await unreadCount(db, userId) };
}

/** One of my messages (404 for anyone else's), marked read. */
export async function readMessage(db: Kysely<Database>, userId: number, id: number, now: number): Promise<MessageItem> {
  await db.updateTable('message').set({ read_at: now }).where('id', '=', id).where('user_id', '=', userId).where('read_at', 'is', null).execute();
  const row = await db.selectFrom('message').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('消息不存在');
  return toItem(row);
}
