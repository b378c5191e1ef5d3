/**
 * Seeds the content centre inside the demo seed's transaction, after the foundation's plates,
 * news, projects and notices. Idempotent like the rest: natural keys with ON CONFLICT DO NOTHING. The
 * files (PDF, DOCX, XLSX, SVG) are generated here and written into `<dataDir>/content-files/` when a data
 * directory is given; a missing file is written on every run, so each server process sharing one
 * PostgreSQL database has them in its own data directory. Their bytes never depend on `now`.
 */
import { existsSync, mkdirSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { contentFilesDir, publicFileUrl } from '../../services/content/files.ts';
import { sanitizeRichText } from '../../services/common/rich-text.ts';
import { ARTICLES, ATTACH_TO_FOUNDATION_NEWS, ATTACH_TO_NOTICES, CONTENT_PLATES, type ArticleSeed } from './articles.ts';
import { adSvg, bannerSvg, keyPictureSvg, makeDocx, makePdf, makeXlsx, PALETTES, partnerLogoSvg, pictureSvg } from './files.ts';
import {
  ADS,
  COLUMNS,
  DOWNLOADS,
  FILES,
  KEY_PROJECT_CODE,
  KEY_PROJECT_COUNT,
  MODULES,
  NOTICE_INFOS,
  PARTNERS,
  RECRUITS,
  TITLES,
  type FileSeed,
} from './site.ts';

export interface ContentSeedReport {
  content_file: number;
  content_attachment: number;
  download_file: number;
  ad: number;
  partner: number;
  page_module: number;
  notice_info: number;
  recruit: number;
  content_column: number;
  column_content: number;
  title_config: number;
}

export const EMPTY_CONTENT_REPORT: ContentSeedReport = {
  content_file: 0,
  content_attachment: 0,
  download_file: 0,
  ad: 0,
  partner: 0,
  page_module: 0,
  notice_info: 0,
  recruit: 0,
  content_column: 0,
  column_content: 0,
  title_config: 0,
};

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  svg: 'image/svg+xml',
};

function inserted(result: { numInsertedOrUpdatedRows?: bigint | undefined }[]): number {
  return result.reduce((sum, r) => sum + Number(r.numInsertedOrUpdatedRows ?? 0n), 0);
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Paragraphs → HTML: '## ' lines are sub-headings, runs of '- ' lines are lists. */
export function renderBody(lines: readonly string[]): string {
  const out: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length) out.push(`<ul>${list.map((li) => `<li>${esc(li)}</li>`).join('')}</ul>`);
    list = [];
  };
  for (const line of lines) {
    if (line.startsWith('- ')) {
      list.push(line.slice(2));
      continue;
    }
    flush();
    if (line.startsWith('## ')) out.push(`<h3>${esc(line.slice(3))}</h3>`);
    else out.push(`<p>${esc(line)}</p>`);
  }
  flush();
  return out.join('');
}

/** Minutes, so re-computed times compare equal. */
const minute = (ms: number) => Math.floor(ms / 60_000) * 60_000;

interface FileSpec {
  ref: string;
  fileName: string;
  ext: string;
  bytes: () => Buffer | Promise<Buffer>;
}

function fileSpecOf(f: FileSeed): FileSpec {
  if (f.kind === 'pdf') return { ref: f.ref, fileName: f.fileName, ext: 'pdf', bytes: () => makePdf(f.title, f.paragraphs) };
  if (f.kind === 'docx') return { ref: f.ref, fileName: f.fileName, ext: 'docx', bytes: () => makeDocx(f.title, f.paragraphs) };
  return { ref: f.ref, fileName: f.fileName, ext: 'xlsx', bytes: () => makeXlsx(f.sheet, f.rows) };
}

/** Every picture the content uses, with its natural key. */
function pictureSpecs(): FileSpec[] {
  const specs: FileSpec[] = [];
  for (const ad of ADS) {
    specs.push({
      ref: `IMG-${ad.ref}`,
      fileName: `${ad.ref.toLowerCase()}.svg`,
      ext: 'svg',
      bytes: () => (ad.code === 'banner' ? bannerSvg(ad.title, ad.subtitle, ad.tag ?? '', ad.palette) : adSvg(ad.title, ad.subtitle, ad.palette)),
    });
  }
  PARTNERS.forEach((p, i) =>
    specs.push({ ref: `IMG-${p.ref}`, fileName: `${p.ref.toLowerCase()}.svg`, ext: 'svg', bytes: () => partnerLogoSvg(p.name, p.short, PALETTES[i % PALETTES.length]!) }),
  );
  for (const a of ARTICLES) {
    const pic = a.picture;
    if (pic) specs.push({ ref: `IMG-${a.ref}`, fileName: `${a.ref.toLowerCase()}.svg`, ext: 'svg', bytes: () => pictureSvg(pic.word, pic.caption, pic.palette, pic.motif) });
  }
  for (const c of COLUMNS) {
    const banner = c.banner;
    if (banner) specs.push({ ref: `IMG-COL-${c.code}`, fileName: `col-${c.code}.svg`, ext: 'svg', bytes: () => bannerSvg(banner.title, banner.subtitle, banner.tag, banner.palette) });
    for (const item of c.items) {
      const pic = item.picture;
      if (pic) specs.push({ ref: `IMG-${item.ref}`, fileName: `${item.ref.toLowerCase()}.svg`, ext: 'svg', bytes: () => pictureSvg(pic.word, pic.caption, pic.palette, pic.motif) });
    }
  }
  for (const [typeName, word, palette, motif] of KEY_PROJECT_PICTURES) {
    specs.push({ ref: `IMG-TYPE-${word}`, fileName: `type-${word}.svg`, ext: 'svg', bytes: () => keyPictureSvg(typeName, '河北产权交易所 · 重点推荐', palette, motif) });
  }
  return specs;
}

/** Key-recommendation pictures per asset type: [type name, key, palette, motif]. */
const KEY_PROJECT_PICTURES = [
  ['产权转让', 'equity', PALETTES[0]!, 'city'],
  ['实物资产', 'physical', PALETTES[1]!, 'hall'],
  ['租赁', 'leasing', PALETTES[2]!, 'land'],
  ['增资扩股', 'capital', PALETTES[3]!, 'meeting'],
  ['房屋租赁', 'house', PALETTES[4]!, 'city'],
  ['行政事业资产', 'admin', PALETTES[5]!, 'hall'],
] as const;

const TYPE_PICTURE: Record<number, string> = { 1: 'equity', 2: 'physical', 3: 'leasing', 4: 'capital', 6: 'house' };

export async function seedContent(
  trx: Kysely<Database>,
  { now, dataDir }: { now: number; dataDir?: string | undefined },
): Promise<ContentSeedReport & { news_plate: number; news: number }> {
  const report = { ...EMPTY_CONTENT_REPORT, news_plate: 0, news: 0 };
  const filesDir = dataDir ? contentFilesDir(dataDir) : undefined;
  if (filesDir) mkdirSync(filesDir, { recursive: true });

  /* files */
  const fileIds = new Map<string, number>();
  for (const spec of [...FILES.map(fileSpecOf), ...pictureSpecs()]) {
    const storedName = `${spec.ref.toLowerCase()}.${spec.ext}`;
    const target = filesDir ? path.join(filesDir, storedName) : undefined;
    let bytes: Buffer | undefined;
    const existing = await trx.selectFrom('content_file').select('id').where('ref_code', '=', spec.ref).executeTakeFirst();
    if (!existing || (target && !existsSync(target))) bytes = await spec.bytes();
    if (target && bytes && !existsSync(target)) {
      // Write then rename: a reader never sees half a file, a crash leaves no partial one under the name.
      const temp = `${target}.${process.pid}.tmp`;
      writeFileSync(temp, bytes);
      renameSync(temp, target);
    }
    if (!existing) {
      report.content_file += inserted(
        await trx
          .insertInto('content_file')
          .values({ ref_code: spec.ref, file_name: spec.fileName, stored_name: storedName, mime: MIME[spec.ext]!, size: bytes!.length, created_at: now })
          .onConflict((oc) => oc.column('ref_code').doNothing())
          .execute(),
      );
    }
    const { id } = await trx.selectFrom('content_file').select('id').where('ref_code', '=', spec.ref).executeTakeFirstOrThrow();
    fileIds.set(spec.ref, id);
  }
  const img = (ref: string) => publicFileUrl(fileIds.get(ref)!);

  /* plates (after the foundation's) */
  const plateIds = new Map((await trx.selectFrom('news_plate').select(['id', 'code']).execute()).map((r) => [r.code, r.id]));
  const baseSort = 100;
  for (const [index, plate] of CONTENT_PLATES.entries()) {
    const parentId = plate.parent ? plateIds.get(plate.parent) : undefined;
    if (plate.parent && parentId === undefined) throw new Error(`seed: unknown parent plate ${plate.parent}`);
    report.news_plate += inserted(
      await trx
        .insertInto('news_plate')
        .values({
          code: plate.code,
          name: plate.name,
          parent_id: parentId ?? null,
          sort: baseSort + index,
          source_type: plate.sourceType ?? 1,
          notice_type: plate.noticeType ?? null,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute(),
    );
    const { id } = await trx.selectFrom('news_plate').select('id').where('code', '=', plate.code).executeTakeFirstOrThrow();
    plateIds.set(plate.code, id);
  }

  /* articles */
  const articleRow = (a: ArticleSeed, index: number) => {
    const publishAt = minute(now - a.daysAgo * DAY - ((index * 29) % 6) * HOUR);
    return {
      ref_code: a.ref,
      plate_id: plateIds.get(a.plate)!,
      title: a.title,
      summary: a.summary,
      img_src: a.picture ? img(`IMG-${a.ref}`) : '',
      is_outer_link: 0,
      outer_link_url: '',
      source: a.source ?? '河北产权交易所',
      content: sanitizeRichText(renderBody(a.body)),
      publish_at: publishAt,
      created_at: publishAt - HOUR,
      is_front_page: a.frontPage ? 1 : 0,
    };
  };
  for (const a of ARTICLES) if (!plateIds.has(a.plate)) throw new Error(`seed: unknown plate ${a.plate}`);
  report.news += inserted(
    await trx
      .insertInto('news')
      .values(ARTICLES.map(articleRow))
      .onConflict((oc) => oc.column('ref_code').doNothing())
      .execute(),
  );

  /* attachments */
  const newsIds = new Map((await trx.selectFrom('news').select(['id', 'ref_code']).execute()).map((r) => [r.ref_code, r.id]));
  const noticeIds = new Map((await trx.selectFrom('notice').select(['id', 'notice_code']).execute()).map((r) => [r.notice_code, r.id]));
  const attachments: { owner_type: string; owner_id: number; file_id: number; sort: number }[] = [];
  for (const a of ARTICLES) {
    (a.attachments ?? []).forEach((file, i) => attachments.push({ owner_type: 'news', owner_id: newsIds.get(a.ref)!, file_id: fileIds.get(file)!, sort: i }));
  }
  for (const { newsRef, file } of ATTACH_TO_FOUNDATION_NEWS) {
    const owner = newsIds.get(newsRef);
    if (owner !== undefined) attachments.push({ owner_type: 'news', owner_id: owner, file_id: fileIds.get(file)!, sort: 0 });
  }
  for (const { noticeCode, file } of ATTACH_TO_NOTICES) {
    const owner = noticeIds.get(noticeCode);
    if (owner !== undefined) attachments.push({ owner_type: 'notice', owner_id: owner, file_id: fileIds.get(file)!, sort: 0 });
  }
  if (attachments.length) {
    report.content_attachment += inserted(
      await trx
        .insertInto('content_attachment')
        .values(attachments)
        .onConflict((oc) => oc.columns(['owner_type', 'owner_id', 'file_id']).doNothing())
        .execute(),
    );
  }

  /* downloads */
  report.download_file += inserted(
    await trx
      .insertInto('download_file')
      .values(
        DOWNLOADS.map((d, i) => ({
          ref_code: d.ref,
          title: d.title,
          category: d.category,
          file_id: fileIds.get(d.file)!,
          sort: i + 1,
          publish_at: minute(now - d.daysAgo * DAY),
        })),
      )
      .onConflict((oc) => oc.column('ref_code').doNothing())
      .execute(),
  );

  /* ads: banners and strips */
  report.ad += inserted(
    await trx
      .insertInto('ad')
      .values(
        ADS.map((ad, i) => ({
          ref_code: ad.ref,
          code: ad.code,
          title: ad.title,
          summary: ad.subtitle,
          url: ad.url,
          img_src: img(`IMG-${ad.ref}`),
          assets_id: null,
          sort: i + 1,
          status: 1,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.column('ref_code').doNothing())
      .execute(),
  );

  /* key recommendations: the dearest enrolling listings, one or two of each type (first run only) */
  const haveKeyProjects = await trx.selectFrom('ad').select('id').where('code', '=', KEY_PROJECT_CODE).executeTakeFirst();
  if (!haveKeyProjects) {
    const candidates = await trx
      .selectFrom('project')
      .select(['id', 'project_code', 'assets_name', 'type_code', 'type_name', 'association_id', 'city', 'project_type'])
      .where('state', 'like', '%正在报名%')
      .where((eb) => eb.or([eb('type_code', 'is', null), eb('type_code', '!=', 5)]))
      .orderBy('start_price_fen', 'desc')
      .orderBy('project_code')
      .execute();
    const picked: typeof candidates = [];
    const perType = new Map<string, number>();
    for (const c of candidates) {
      const key = c.association_id === 88 ? 'admin' : String(c.type_code);
      if ((perType.get(key) ?? 0) >= 2) continue;
      perType.set(key, (perType.get(key) ?? 0) + 1);
      picked.push(c);
      if (picked.length === KEY_PROJECT_COUNT) break;
    }
    const detailRoute = (c: (typeof candidates)[number]) =>
      c.project_type === 1 || c.project_type === 2 ? `/projectPkg/${c.id}.html` : `/projectDetail/${c.id}.html`;
    if (picked.length) {
      report.ad += inserted(
        await trx
          .insertInto('ad')
          .values(
            picked.map((c, i) => ({
              ref_code: `AD-ZDTJ-${String(i + 1).padStart(2, '0')}`,
              code: KEY_PROJECT_CODE,
              title: c.assets_name,
              summary: `${c.city}·${c.type_name}，${c.association_id === 88 ? '行政事业单位资产公开处置' : '国有资产公开交易'}，欢迎意向方报名参与。`,
              url: detailRoute(c),
              img_src: img(`IMG-TYPE-${c.association_id === 88 ? 'admin' : (TYPE_PICTURE[c.type_code ?? 0] ?? 'equity')}`),
              assets_id: c.id,
              sort: i + 1,
              status: 1,
              created_at: now,
            })),
          )
          .onConflict((oc) => oc.column('ref_code').doNothing())
          .execute(),
      );
    }
  }

  /* partners */
  report.partner += inserted(
    await trx
      .insertInto('partner')
      .values(PARTNERS.map((p, i) => ({ ref_code: p.ref, name: p.name, url: p.url, img_src: img(`IMG-${p.ref}`), position_type: 1, sort: i + 1 })))
      .onConflict((oc) => oc.column('ref_code').doNothing())
      .execute(),
  );

  /* page modules: More goes to the plate's column page */
  const parentCode = new Map(
    (await trx.selectFrom('news_plate as p').leftJoin('news_plate as parent', 'parent.id', 'p.parent_id').select(['p.code as code', 'parent.code as parent']).execute()).map(
      (r) => [r.code, r.parent],
    ),
  );
  const moreUrl = (plateCode: string) => {
    const root = parentCode.get(plateCode) ?? plateCode;
    const page = root === 'zcfg' ? '/zcfg' : root === 'djgz' ? '/djgz' : '/xwzx';
    return `${page}?plateId=${plateIds.get(plateCode)}`;
  };
  report.page_module += inserted(
    await trx
      .insertInto('page_module')
      .values(
        MODULES.map((m, i) => ({
          ref_code: m.ref,
          modules_code: m.modulesCode,
          name: m.name,
          has_more_button: m.hasMore === false ? 0 : 1,
          more_button_url: moreUrl(m.plateCode),
          source_type: m.sourceType,
          plate_code: m.plateCode,
          notice_type: m.noticeType ?? null,
          sort: i + 1,
        })),
      )
      .onConflict((oc) => oc.column('ref_code').doNothing())
      .execute(),
  );

  /* site notices and recruitment */
  report.notice_info += inserted(
    await trx
      .insertInto('notice_info')
      .values(
        NOTICE_INFOS.map((n) => ({
          ref_code: n.ref,
          title: n.title,
          category: n.category,
          is_top: n.top ? 1 : 0,
          content: sanitizeRichText(renderBody(n.body)),
          publish_at: minute(now - n.daysAgo * DAY),
        })),
      )
      .onConflict((oc) => oc.column('ref_code').doNothing())
      .execute(),
  );
  report.recruit += inserted(
    await trx
      .insertInto('recruit')
      .values(
        RECRUITS.map((r) => ({
          ref_code: r.ref,
          title: r.title,
          department: r.department,
          headcount: r.headcount,
          location: r.location,
          education: r.education,
          content: sanitizeRichText(renderBody(r.body)),
          publish_at: minute(now - r.daysAgo * DAY),
          deadline_at: minute(now + r.deadlineDays * DAY),
        })),
      )
      .onConflict((oc) => oc.column('ref_code').doNothing())
      .execute(),
  );

  /* columns and their items */
  for (const [index, column] of COLUMNS.entries()) {
    report.content_column += inserted(
      await trx
        .insertInto('content_column')
        .values({
          code: column.code,
          name: column.name,
          description: column.description,
          img_src: column.banner ? img(`IMG-COL-${column.code}`) : '',
          sort: index + 1,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute(),
    );
    const { id: columnId } = await trx.selectFrom('content_column').select('id').where('code', '=', column.code).executeTakeFirstOrThrow();
    report.column_content += inserted(
      await trx
        .insertInto('column_content')
        .values(
          column.items.map((item, i) => ({
            ref_code: item.ref,
            column_id: columnId,
            title: item.title,
            summary: item.summary ?? '',
            img_src: item.picture ? img(`IMG-${item.ref}`) : '',
            link_url: item.linkUrl ?? '',
            content: sanitizeRichText(renderBody(item.body ?? [])),
            sort: i + 1,
            publish_at: minute(now - (item.daysAgo ?? 30) * DAY),
          })),
        )
        .onConflict((oc) => oc.column('ref_code').doNothing())
        .execute(),
    );
  }

  /* titles by position */
  report.title_config += inserted(
    await trx
      .insertInto('title_config')
      .values(TITLES.map((t) => ({ position: t.position, title: t.title, sub_title: t.subTitle, more_url: t.moreUrl })))
      .onConflict((oc) => oc.column('position').doNothing())
      .execute(),
  );

  return report;
}
