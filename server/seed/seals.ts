/**
 * Demo data of demo_org (河北冀通物流有限公司, organisation-verified) has an approved electronic
 * seal, so it can sign contracts as an organisation at once. Idempotent: nothing is added when demo_org
 * has any seal application.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { drawSealPng } from '../lib/png.ts';

const DAY = 86_400_000;

export async function ensureDemoSeal(db: Kysely<Database>, now: number): Promise<void> {
  const org = await db.selectFrom('app_user').select(['id', 'name']).where('login_key', '=', 'demo_org').executeTakeFirst();
  if (!org) return;
  const any = await db.selectFrom('seal_application').select('id').where('user_id', '=', org.id).executeTakeFirst();
  if (any) return;
  await db
    .insertInto('seal_application')
    .values({
      user_id: org.id,
      seal_name: `${org.name}合同专用章`,
      png_base64: drawSealPng(200).toString('base64'),
      status: 'approved',
      handler: 'seed',
      decided_at: now - 20 * DAY,
      created_at: now - 21 * DAY,
      updated_at: now - 20 * DAY,
    })
    .execute();
}
