/**
 * Demo data for the portal, loaded at start after migrations. Idempotent: every row has a natural
 * key (code, ref_code, project_code, notice_code) and is inserted with ON CONFLICT DO NOTHING, all in
 * one transaction — a second run, at any later `now`, inserts nothing and changes nothing.
 */
import type { Kysely } from 'kysely';
import type { LotTimelineSettings } from '#domain/rules/lotTimeline';
import type { SecretOverrides } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { seedAccounts } from './accounts.ts';
import { seedStaff } from './staff.ts';
import { seedStaffLots } from './staff-lots.ts';
import { seedLotPhotos } from './lot-photos.ts';
import { seedRoadshows } from './roadshows.ts';
import { EMPTY_CONTENT_REPORT, seedContent, type ContentSeedReport } from './content/seed-content.ts';
import { NAVIGATION, type NavSeed } from './data/navigation.ts';
import { NEWS, type NewsSeed } from './data/news.ts';
import { demoNotices } from './data/notices.ts';
import { PLATES } from './data/plates.ts';
import { demoProjects } from './data/projects.ts';
import { EMPTY_PROJECTS_REPORT, seedProjectDisclosures, type ProjectsSeedReport } from './projects.ts';

export interface SeedOptions {
  /** Epoch ms the relative dates are computed from. */
  now: number;
  /** Secrets from the environment (the demo ID numbers are encrypted with the field key). */
  secrets?: SecretOverrides | undefined;
  /** Data directory: the content seed writes its files (downloads, images) under it. */
  dataDir?: string | undefined;
  /** The lot timeline the server runs (config.lotTimeline; the published rules when absent): the listings' dates obey it. */
  lotTimeline?: LotTimelineSettings | undefined;
}

/** Rows inserted by this run, per table (all zero on a re-run). */
export interface SeedReport extends ContentSeedReport, Omit<ProjectsSeedReport, 'project' | 'content_file'> {
  navigation: number;
  news_plate: number;
  news: number;
  project: number;
  notice: number;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

function inserted(result: { numInsertedOrUpdatedRows?: bigint | undefined }[]): number {
  return result.reduce((sum, r) => sum + Number(r.numInsertedOrUpdatedRows ?? 0n), 0);
}

export async function seedDemoData(db: Kysely<Database>, { now, secrets, dataDir, lotTimeline }: SeedOptions): Promise<SeedReport> {
  return db.transaction().execute(async (trx) => {
    await seedAccounts(trx, { now, secrets });
    await seedStaff(trx, now);
    const report: SeedReport = { navigation: 0, news_plate: 0, news: 0, project: 0, notice: 0, ...EMPTY_CONTENT_REPORT, ...EMPTY_PROJECTS_REPORT };

    // Plates one by one, parents first, so ids follow PLATES' order on a fresh database.
    const plateIds = new Map<string, number>();
    for (const [index, plate] of PLATES.entries()) {
      const parentId = plate.parent ? plateIds.get(plate.parent) : undefined;
      report.news_plate += inserted(
        await trx
          .insertInto('news_plate')
          .values({ code: plate.code, name: plate.name, parent_id: parentId ?? null, sort: index + 1 })
          .onConflict((oc) => oc.column('code').doNothing())
          .execute(),
      );
      const { id } = await trx.selectFrom('news_plate').select('id').where('code', '=', plate.code).executeTakeFirstOrThrow();
      plateIds.set(plate.code, id);
    }

    report.navigation += await seedNavigation(trx, NAVIGATION, null, plateIds, now);
    report.news += await seedNews(trx, NEWS, plateIds, now);

    const projects = demoProjects(now, lotTimeline);
    report.project += inserted(
      await trx
        .insertInto('project')
        .values(projects)
        .onConflict((oc) => oc.column('project_code').doNothing())
        .execute(),
    );

    const projectIds = new Map(
      (await trx.selectFrom('project').select(['id', 'project_code']).execute()).map((r) => [r.project_code, r.id]),
    );
    const notices = demoNotices(projects, now).map((n) => ({
      notice_code: n.code,
      notice_type: n.type,
      title: n.title,
      assets_id: n.projectCode ? (projectIds.get(n.projectCode) ?? null) : null,
      content: n.content,
      publish_at: n.publishAt,
      is_front_page: n.frontPage ? 1 : 0,
      created_at: n.publishAt,
    }));
    report.notice += inserted(
      await trx
        .insertInto('notice')
        .values(notices)
        .onConflict((oc) => oc.column('notice_code').doNothing())
        .execute(),
    );
    const { news_plate: contentPlates, news: contentNews, ...content } = await seedContent(trx, { now, dataDir });
    report.news_plate += contentPlates;
    report.news += contentNews;
    Object.assign(report, content);
    const { project: children, content_file: covers, ...disclosures } = await seedProjectDisclosures(trx, { now, dataDir, lotTimeline });
    report.project += children;
    report.content_file += covers;
    Object.assign(report, disclosures);
    // The listings' galleries (drawn on first request; not in the report, whose counts stay as they were).
    await seedLotPhotos(trx, now);
    // The work system's demo (a lot waiting for its publication's second person, a scheduled article):
    // after every other seed; not in the report, whose counts are the public portal's.
    await seedStaffLots(trx, now);
    // 路演 (seed/roadshows.ts): after the listings and their attachments; not in the report either.
    await seedRoadshows(trx, now);
    return report;
  });
}

async function seedNavigation(
  trx: Kysely<Database>,
  entries: readonly NavSeed[],
  parentId: number | null,
  plateIds: Map<string, number>,
  now: number,
): Promise<number> {
  let count = 0;
  for (const [index, entry] of entries.entries()) {
    const plateId = entry.plate ? plateIds.get(entry.plate.code) : undefined;
    if (entry.plate && plateId === undefined) throw new Error(`seed: unknown news plate ${entry.plate.code}`);
    const url = entry.plate ? `${entry.plate.base}?plateId=${plateId}` : (entry.url ?? '');
    count += inserted(
      await trx
        .insertInto('navigation')
        .values({
          code: entry.code,
          parent_id: parentId,
          name: entry.name,
          url,
          in_station: entry.inStation ?? 1,
          open_page: entry.openPage ?? 0,
          menu_flag: entry.menuFlag ?? 1,
          sort: (index + 1) * 10,
          created_at: now,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute(),
    );
    if (entry.children?.length) {
      const { id } = await trx.selectFrom('navigation').select('id').where('code', '=', entry.code).executeTakeFirstOrThrow();
      count += await seedNavigation(trx, entry.children, id, plateIds, now);
    }
  }
  return count;
}

function newsContent(item: NewsSeed): string {
  return [
    `<p>${item.summary}</p>`,
    '<p>河北产权交易所将继续坚持公开、公平、公正的原则，依托网络交易平台，为各类市场主体提供规范、高效、便捷的产权交易服务。</p>',
    `<p style="text-align:right">来源：${item.source}</p>`,
  ].join('');
}

async function seedNews(
  trx: Kysely<Database>,
  items: readonly NewsSeed[],
  plateIds: Map<string, number>,
  now: number,
): Promise<number> {
  const rows = items.map((item, index) => {
    // Spread within office hours so items of the same day still have a clear order.
    const publishAt = now - item.daysAgo * DAY - ((index * 37) % 8) * HOUR;
    return {
      ref_code: item.ref,
      plate_id: plateIds.get(item.plate)!,
      title: item.title,
      summary: item.summary,
      img_src: '',
      is_outer_link: item.outerLinkUrl ? 1 : 0,
      outer_link_url: item.outerLinkUrl ?? '',
      source: item.source,
      content: newsContent(item),
      publish_at: Math.floor(publishAt / 60_000) * 60_000,
      created_at: Math.floor(publishAt / 60_000) * 60_000 - HOUR,
    };
  });
  return inserted(
    await trx
      .insertInto('news')
      .values(rows)
      .onConflict((oc) => oc.column('ref_code').doNothing())
      .execute(),
  );
}
