/**
 * Seeds the trading centre's disclosures inside the demo seed's transaction, after the listings
 * and the content centre: package children, detail rows, disclosure sections, feature tags, attachments
 * (files in `<dataDir>/project-files/`, outside the web root), the filter bar, default cover pictures (as
 * content files) and the judicial-auction service. Idempotent: natural keys with ON CONFLICT DO NOTHING;
 * a missing file is written again on every run (each server process sharing a PostgreSQL database writes
 * its own data directory).
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { contentFilesDir } from '../services/content/files.ts';
import { PROJECT_FILES_SUBDIR } from '../services/projects/attachments.ts';
import { coverRef, JUDICIAL_COVER_KINDS, TYPE_COVERS } from '../services/projects/detail.ts';
import { sanitizeRichText } from '../services/common/rich-text.ts';
import { PALETTES, pictureSvg } from './content/files.ts';
import {
  attachmentsFor,
  childrenFor,
  detailFor,
  featuresFor,
  FEATURES,
  isPackage,
  sectionsFor,
} from './data/projects-detail.ts';
import { PROJECT_FILTER_CODE, PROJECT_FILTERS } from './data/projects-filters.ts';
import { demoAssetClassCode, demoProjects, type ProjectSeed } from './data/projects.ts';
import type { LotTimelineSettings } from '#domain/rules/lotTimeline';
import { seedJudicial } from './judicial.ts';
import { ATTACHMENT_MIME, attachmentBytes } from './projects-files.ts';

export interface ProjectsSeedReport {
  /** Package children (the listings themselves are inserted by seed.ts). */
  project: number;
  /** Default cover pictures. */
  content_file: number;
  project_detail: number;
  project_section: number;
  assets_feature: number;
  project_feature: number;
  project_attachment: number;
  filter_query_config: number;
  judicial_court: number;
  judicial_item: number;
}

export const EMPTY_PROJECTS_REPORT: Omit<ProjectsSeedReport, 'project' | 'content_file'> = {
  project_detail: 0,
  project_section: 0,
  assets_feature: 0,
  project_feature: 0,
  project_attachment: 0,
  filter_query_config: 0,
  judicial_court: 0,
  judicial_item: 0,
};

export function inserted(result: { numInsertedOrUpdatedRows?: bigint | undefined }[]): number {
  return result.reduce((sum, r) => sum + Number(r.numInsertedOrUpdatedRows ?? 0n), 0);
}

/** Rows per INSERT: far below SQLite's and PostgreSQL's bound-parameter limits. */
export function chunks<T>(rows: readonly T[], size = 200): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Write then rename: a reader never sees half a file, a crash leaves no partial one under the name. */
export async function writeFileOnce(target: string, bytes: () => Buffer | Promise<Buffer>): Promise<void> {
  if (existsSync(target)) return;
  const temp = `${target}.${process.pid}.tmp`;
  writeFileSync(temp, await bytes());
  renameSync(temp, target);
}

async function seedCovers(trx: Kysely<Database>, now: number, dataDir: string | undefined): Promise<number> {
  const filesDir = dataDir ? contentFilesDir(dataDir) : undefined;
  if (filesDir) mkdirSync(filesDir, { recursive: true });
  const pictures = [
    ...TYPE_COVERS.map((c, i) => ({ ref: coverRef(c.key), word: c.name, palette: PALETTES[i % PALETTES.length]!, motif: c.motif })),
    ...JUDICIAL_COVER_KINDS.map((c, i) => ({ ref: coverRef(c.key), word: c.name, palette: PALETTES[(i + 3) % PALETTES.length]!, motif: c.motif })),
  ];
  let count = 0;
  for (const p of pictures) {
    const storedName = `${p.ref.toLowerCase()}.svg`;
    const bytes = () => pictureSvg(p.word, '河北产权交易所', p.palette, p.motif);
    if (filesDir) await writeFileOnce(path.join(filesDir, storedName), bytes);
    count += inserted(
      await trx
        .insertInto('content_file')
        .values({ ref_code: p.ref, file_name: storedName, stored_name: storedName, mime: 'image/svg+xml', size: bytes().length, created_at: now })
        .onConflict((oc) => oc.column('ref_code').doNothing())
        .execute(),
    );
  }
  return count;
}

export async function seedProjectDisclosures(
  trx: Kysely<Database>,
  { now, dataDir, lotTimeline }: { now: number; dataDir?: string | undefined; lotTimeline?: LotTimelineSettings | undefined },
): Promise<ProjectsSeedReport> {
  const report: ProjectsSeedReport = { project: 0, content_file: 0, ...EMPTY_PROJECTS_REPORT };

  report.assets_feature += inserted(
    await trx
      .insertInto('assets_feature')
      .values(FEATURES.map((f, i) => ({ code: f.code, name: f.name, sort: i + 1 })))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute(),
  );
  report.filter_query_config += inserted(
    await trx
      .insertInto('filter_query_config')
      .values(PROJECT_FILTERS.map((f, i) => ({ code: PROJECT_FILTER_CODE, field: f.field, label: f.label, options: JSON.stringify(f.options), sort: i + 1 })))
      .onConflict((oc) => oc.columns(['code', 'field']).doNothing())
      .execute(),
  );
  report.content_file += await seedCovers(trx, now, dataDir);

  const listings = demoProjects(now, lotTimeline);
  const stored = await trx.selectFrom('project').select(['id', 'project_code', 'announcement_start_at', 'announcement_end_at']).execute();
  const projectIds = new Map(stored.map((r) => [r.project_code, r.id]));

  // Package children, under their package.
  const childrenOf = new Map<string, ProjectSeed[]>();
  const childRows = [];
  for (const pkg of listings.filter(isPackage)) {
    const children = childrenFor(pkg);
    childrenOf.set(pkg.project_code, children);
    const parentId = projectIds.get(pkg.project_code);
    if (parentId === undefined) throw new Error(`seed: package ${pkg.project_code} missing`);
    childRows.push(...children.map((c) => ({ ...c, parent_id: parentId })));
  }
  for (const batch of chunks(childRows)) {
    report.project += inserted(await trx.insertInto('project').values(batch).onConflict((oc) => oc.column('project_code').doNothing()).execute());
  }
  for (const r of await trx.selectFrom('project').select(['id', 'project_code']).where('parent_id', 'is not', null).execute()) {
    projectIds.set(r.project_code, r.id);
  }

  const featureIds = new Map((await trx.selectFrom('assets_feature').select(['id', 'code']).execute()).map((r) => [r.code, r.id]));
  const details = [];
  const sections = [];
  const features = [];
  for (const p of [...listings, ...childRows]) {
    const projectId = projectIds.get(p.project_code)!;
    const d = detailFor(p);
    details.push({
      project_id: projectId,
      transferor_name: d.transferorName,
      contact_name: d.contactName,
      contact_phone: d.contactPhone,
      appraised_value_fen: d.appraisedYuan === null ? null : Math.round(d.appraisedYuan * 100),
      managed: d.managed ? 1 : 0,
      // The class whose timeline rules the lot follows (a court sale of real estate: the 30-day notice).
      asset_class: demoAssetClassCode(p),
      created_at: p.created_at,
    });
    for (const [key, html] of Object.entries(sectionsFor(p, d))) {
      sections.push({ project_id: projectId, section_key: key, content: sanitizeRichText(html) });
    }
    for (const code of featuresFor(p, d)) features.push({ project_id: projectId, feature_id: featureIds.get(code)! });
  }
  for (const batch of chunks(details)) {
    report.project_detail += inserted(await trx.insertInto('project_detail').values(batch).onConflict((oc) => oc.column('project_id').doNothing()).execute());
  }
  for (const batch of chunks(sections)) {
    report.project_section += inserted(
      await trx.insertInto('project_section').values(batch).onConflict((oc) => oc.columns(['project_id', 'section_key']).doNothing()).execute(),
    );
  }
  for (const batch of chunks(features)) {
    report.project_feature += inserted(
      await trx.insertInto('project_feature').values(batch).onConflict((oc) => oc.columns(['project_id', 'feature_id']).doNothing()).execute(),
    );
  }

  // Attachments: rows once, files whenever missing from this data directory.
  const filesDir = dataDir ? path.join(dataDir, PROJECT_FILES_SUBDIR) : undefined;
  if (filesDir) mkdirSync(filesDir, { recursive: true });
  const known = new Map((await trx.selectFrom('project_attachment').select(['ref_code', 'size']).execute()).map((r) => [r.ref_code, r.size]));
  const attachments = [];
  // A file's text names the listing's announcement period: the one stored when the listing was seeded (a
  // later run computes other dates from its own clock), so a lost file comes back with the same bytes.
  const periods = new Map(stored.map((r) => [r.project_code, { announcement_start_at: r.announcement_start_at, announcement_end_at: r.announcement_end_at }]));
  for (const [index, p] of listings.entries()) {
    const listed = { ...p, ...periods.get(p.project_code) };
    for (const [sort, a] of attachmentsFor(listed, index, childrenOf.get(p.project_code) ?? []).entries()) {
      const ext = a.kind;
      const storedName = `${a.ref.toLowerCase()}.${ext}`;
      let bytes: Promise<Buffer> | undefined;
      const make = () => (bytes ??= attachmentBytes(a));
      if (filesDir) await writeFileOnce(path.join(filesDir, storedName), make);
      if (known.has(a.ref)) continue;
      attachments.push({
        ref_code: a.ref,
        project_id: projectIds.get(p.project_code)!,
        file_name: a.fileName,
        stored_name: storedName,
        mime: ATTACHMENT_MIME[ext]!,
        size: (await make()).length,
        sort: sort + 1,
        created_at: p.announcement_start_at,
      });
    }
  }
  for (const batch of chunks(attachments)) {
    report.project_attachment += inserted(
      await trx.insertInto('project_attachment').values(batch).onConflict((oc) => oc.column('ref_code').doNothing()).execute(),
    );
  }

  const judicial = await seedJudicial(trx, { now });
  report.judicial_court += judicial.judicial_court;
  report.judicial_item += judicial.judicial_item;
  return report;
}
