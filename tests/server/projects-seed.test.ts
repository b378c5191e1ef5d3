/**
 * Migration 0005 on a database that already has listings (search keys back-filled, projectNature mapped
 * onto the contract's 1 state-owned / 2 private), and what the issue-5 seed provides: every category in
 * every state, packages with children, managed projects, attachments as real files on disk, judicial items.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMigrator, migrateToLatest } from '../../server/db/migrate.ts';
import { seedDemoData } from '../../server/seed/seed.ts';
import { searchProjects } from '../../server/services/projects/search.ts';
import { searchKeys } from '../../server/services/projects/search-keys.ts';
import { createTestDatabase, NOW, type TestDatabase } from './helpers.ts';

let database: TestDatabase;
let dataDir: string;

beforeEach(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-seed-'));
});
afterEach(async () => {
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

it('0005 back-fills the search keys of existing listings and maps their projectNature onto the contract', async () => {
  const { db, schema } = database.handle;
  const migrator = createMigrator(db, schema);
  const before = await migrator.migrateTo('0004_bidding');
  expect(before.error).toBeUndefined();
  const old = (code: string, name: string, nature: number, associationId: number | null) => ({
    project_code: code, assets_name: name, type_code: 2, type_name: '实物资产', association_id: associationId, project_nature: nature,
    project_type: 0, state: '正在报名', announcement_start_at: NOW, announcement_end_at: NOW, created_at: NOW,
  });
  // Written as the foundation did: without the issue-5 columns (they do not exist yet).
  await (db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('project')
    .values([
      old('HBCQ-GQ2026-0012', '石家庄市长安区某局闲置办公设备', 2, 88),
      old('OLD-2', '保定市某国有企业废旧钢材一批', 1, null),
      old('OLD-3', '某公司名下数控机床一批', 3, null),
    ])
    .execute();

  await migrateToLatest(db, schema);
  const rows = await db.selectFrom('project').selectAll().orderBy('id').execute();
  expect(rows.map((r) => [r.project_code, r.project_nature, r.name_pinyin, r.name_initials, r.search_text])).toEqual([
    ['HBCQ-GQ2026-0012', 1, 'shijiazhuangshichanganqumoujuxianzhibangongshebei', 'sjzscaqmjxzbgsb', searchKeys('石家庄市长安区某局闲置办公设备', 'HBCQ-GQ2026-0012').search_text],
    ['OLD-2', 1, 'baodingshimouguoyouqiyefeijiugangcaiyipi', 'bdsmgyqyfjgcyp', searchKeys('保定市某国有企业废旧钢材一批', 'OLD-2').search_text],
    ['OLD-3', 2, 'mougongsimingxiashukongjichuangyipi', 'mgsmxskjcyp', searchKeys('某公司名下数控机床一批', 'OLD-3').search_text],
  ]);
  const found = await searchProjects(db, { q: 'changan', size: 10, current: 1 }, Date.now());
  expect(found.records.map((r) => r.projectCode)).toEqual(['HBCQ-GQ2026-0012']);

  // The seed then adds what is missing and leaves the existing row (same natural key) alone.
  const report = await seedDemoData(db, { now: NOW, dataDir });
  // 350 listings and 363 package children, less the one already there.
  expect(report.project).toBe(713 - 1);
  const kept = await db.selectFrom('project').selectAll().where('project_code', '=', 'HBCQ-GQ2026-0012').execute();
  expect(kept).toHaveLength(1);
  expect(kept[0]!.assets_name).toBe('石家庄市长安区某局闲置办公设备');
});

describe('the demo seed', () => {
  beforeEach(async () => {
    await migrateToLatest(database.handle.db, database.handle.schema);
    await seedDemoData(database.handle.db, { now: NOW, dataDir });
  });

  it('has every category in every state, state-owned and private, search keys on every row', async () => {
    const rows = await database.handle.db.selectFrom('project').selectAll().where('parent_id', 'is', null).execute();
    const categories = [1, 2, 3, 4, 5, 6, 88];
    for (const category of categories) {
      const ofCategory = rows.filter((r) => (category === 88 ? r.association_id === 88 : r.type_code === category && r.association_id === null));
      expect(new Set(ofCategory.map((r) => r.state)), `category ${category}`).toEqual(new Set(['正在报名', '预披露', '报名已截止', '已成交', '已结束']));
    }
    expect(new Set(rows.map((r) => r.project_nature))).toEqual(new Set([1, 2]));
    const everyRow = await database.handle.db.selectFrom('project').selectAll().execute();
    expect(everyRow.every((r) => r.search_text === searchKeys(r.assets_name, r.project_code).search_text)).toBe(true);
  });

  it('gives every package its children (one per vehicle of a vehicle batch), managed projects, and a disclosure for every project', async () => {
    const { db } = database.handle;
    const packages = await db.selectFrom('project').select(['id', 'project_code', 'assets_name']).where('project_type', 'in', [1, 2]).where('parent_id', 'is', null).execute();
    expect(packages.length).toBe(60);
    for (const pkg of packages) {
      const children = await db.selectFrom('project').select('project_code').where('parent_id', '=', pkg.id).execute();
      const vehicles = /（(\d+)辆）/.exec(pkg.assets_name)?.[1];
      if (vehicles) expect(children.length, pkg.project_code).toBe(Number(vehicles));
      else expect(children.length, pkg.project_code).toBeGreaterThanOrEqual(2);
    }
    const managed = await db.selectFrom('project_detail').select('project_id').where('managed', '=', 1).execute();
    expect(managed.length).toBeGreaterThanOrEqual(5);
    const projects = await db.selectFrom('project').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    const details = await db.selectFrom('project_detail').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(details.n)).toBe(Number(projects.n));
  });

  it('writes every attachment as a real file of its recorded size, and rewrites a lost one on the next run', async () => {
    const { db } = database.handle;
    const attachments = await db.selectFrom('project_attachment').selectAll().execute();
    expect(new Set(attachments.map((a) => a.mime))).toEqual(
      new Set(['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'image/jpeg']),
    );
    const magic: Record<string, string> = { pdf: '%PDF', docx: 'PK\u0003\u0004', xlsx: 'PK\u0003\u0004', jpg: '\u00ff\u00d8\u00ff\u00e0' };
    for (const a of attachments) {
      const file = path.join(dataDir, 'project-files', a.stored_name);
      expect(statSync(file).size, a.stored_name).toBe(Number(a.size));
      expect(readFileSync(file).subarray(0, 4).toString('latin1')).toBe(magic[a.stored_name.split('.').pop()!]);
    }
    const lost = path.join(dataDir, 'project-files', attachments[0]!.stored_name);
    unlinkSync(lost);
    const again = await seedDemoData(db, { now: NOW + 86_400_000, dataDir });
    expect(again.project_attachment).toBe(0);
    expect(existsSync(lost)).toBe(true);
    expect(statSync(lost).size).toBe(Number(attachments[0]!.size));
  });

  it('has at least 40 judicial items over Hebei courts', async () => {
    const { db } = database.handle;
    const items = await db.selectFrom('judicial_item').selectAll().execute();
    expect(items.length).toBeGreaterThanOrEqual(40);
    const courts = await db.selectFrom('judicial_court').select('name').execute();
    expect(courts.map((c) => c.name)).toEqual(expect.arrayContaining(['石家庄市中级人民法院', '保定市竞秀区人民法院']));
  });
});
