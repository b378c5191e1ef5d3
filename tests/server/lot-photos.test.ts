/**
 * Lot photos (issue 26) on the real database: the demo's galleries (a cover on every demo lot, drawn per
 * asset kind with the lot's name, captioned 示意图, different between kinds, the same bytes every time),
 * served with a year's cache; a staff draft's upload made into the two sizes, the refusals in Chinese,
 * the cover chosen, not public until the draft's four-eyes publication, then in the detail answer and as
 * the listing's imgUrl.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { addWorkingDays } from '#domain/rules/settlement';
import { STAFF_PATHS } from '#domain/contract/staff';
import { STAFF_LOT_PATHS as P } from '#domain/contract/staffLots';
import { LOT_PHOTO_THUMB } from '#domain/contract/projects';
import { artKindOf, type ArtRecipe } from '../../server/services/projects/photo-art.ts';
import { lotPhotosDir, renderArt } from '../../server/services/projects/photos.ts';
import { multipartFile, type Json } from './helpers.ts';
import { createStaffApp, type StaffTestApp } from './staff-helpers.ts';

let t: StaffTestApp;
beforeAll(async () => {
  t = await createStaffApp();
});
afterAll(async () => {
  await t.close();
});

const PHOTO_URL = /^\/api\/dscq-project\/lot-photo\/([0-9a-f]{24})-thumb\.webp$/;

async function fetchImage(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

describe('the demo lots’ pictures', () => {
  it('gives every demo lot a cover drawn for its kind, with a gallery of three captioned 示意图', async () => {
    const db = t.app.db;
    const demo = await db.selectFrom('project').select(['id', 'img_url', 'assets_name', 'type_code', 'parent_id']).execute();
    expect(demo.length).toBeGreaterThan(700);
    for (const p of demo) expect(p.img_url, p.assets_name).toMatch(PHOTO_URL);
    // Never one picture for all: a cover per lot.
    expect(new Set(demo.map((p) => p.img_url)).size).toBe(demo.length);

    const listing = demo.find((p) => p.parent_id === null)!;
    const detail = (await t.get('/api/dscq-project/project/detail', { id: listing.id })).body.data;
    expect(detail.imgUrl).toBe(listing.img_url);
    expect(detail.photos).toHaveLength(3);
    expect(detail.photos[0]).toMatchObject({ cover: true, caption: '示意图', illustration: true, thumbUrl: listing.img_url, width: 1200, height: 900 });
    expect(detail.photos.slice(1).every((p: Json) => p.cover === false && p.caption === '示意图')).toBe(true);

    // The search answer keeps its wire field: imgUrl is the cover.
    const search = (await t.post('/api/dscq-project/search/page', { size: 20 })).body.data.records as Json[];
    for (const r of search) expect(r.imgUrl).toMatch(PHOTO_URL);
  });

  it('draws each asset kind differently, at the fixed sizes, the same bytes every time, cached for good', async () => {
    const db = t.app.db;
    const rows = await db.selectFrom('project').select(['id', 'img_url', 'assets_name', 'type_code']).where('parent_id', 'is', null).execute();
    const byKind = new Map<string, (typeof rows)[number]>();
    for (const r of rows) if (!byKind.has(artKindOf(r.assets_name, r.type_code))) byKind.set(artKindOf(r.assets_name, r.type_code), r);
    expect([...byKind.keys()].sort()).toEqual(['building', 'equity', 'land', 'machinery', 'vehicle']);

    const covers = new Map<string, Buffer>();
    for (const [kind, lot] of byKind) {
      const res = await fetchImage(lot.img_url);
      expect(res.status, kind).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(res.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', LOT_PHOTO_THUMB.width, LOT_PHOTO_THUMB.height]);
      covers.set(kind, res.bytes);
      // Kept in the data directory once drawn.
      expect(existsSync(path.join(lotPhotosDir(t.dataDir), `${PHOTO_URL.exec(lot.img_url)![1]}-thumb.webp`))).toBe(true);
      // The viewer's size.
      const display = await fetchImage(lot.img_url.replace('-thumb.webp', '-display.webp'));
      expect(await sharp(display.bytes).metadata()).toMatchObject({ width: 1200, height: 900 });
    }
    // Covers differ between kinds (and so, visibly, do their pixels: compare a downscaled raw image).
    const raw = await Promise.all([...covers.values()].map((b) => sharp(b).resize(16, 12).raw().toBuffer()));
    for (let i = 0; i < raw.length; i++) for (let j = i + 1; j < raw.length; j++) expect(raw[i]!.equals(raw[j]!)).toBe(false);

    // Deterministic: the same recipe, the same bytes.
    const recipe: ArtRecipe = { v: 1, kind: 'vehicle', name: '某单位所属小型客车一辆', city: '石家庄市', view: 0, seed: 42 };
    expect((await renderArt(recipe, 'thumb')).equals(await renderArt(recipe, 'thumb'))).toBe(true);

    // An unknown or malformed name is a 404.
    expect((await fetchImage('/api/dscq-project/lot-photo/0123456789abcdef01234567-thumb.webp')).status).toBe(404);
    expect((await fetchImage('/api/dscq-project/lot-photo/..%2F..%2Fetc-thumb.webp')).status).toBe(404);
  });
});

describe('a draft’s photos', () => {
  const fmt = (at: number) => formatChinaTime(at);
  const upload = async (token: string, draftId: number, name: string, data: Buffer, type = 'image/png') => {
    const { payload, headers } = multipartFile(name, data, type);
    const res = await t.app.inject({ method: 'POST', url: `/api${P.lotPhotoUpload}?draftId=${draftId}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    return res.json() as Json;
  };

  it('makes the sizes, refuses what is no picture, chooses the cover, and publishes them with the lot', async () => {
    const auction = await t.staffLogin('op_auction');
    const created = await t.app.inject({
      method: 'POST',
      url: `/api${P.lotCreate}`,
      headers: { authorization: `Bearer ${auction}` },
      payload: {
        assetsName: '石家庄市长安区某国有企业闲置厂房及设备',
        typeCode: 2,
        projectNature: 1,
        startPrice: '800000',
        depositAmount: '80000',
        announcementStartTime: fmt(t.clock.now),
        enrolEndTime: fmt(addWorkingDays(t.clock.now, 21)),
        city: '石家庄市',
        county: '长安区',
        orgName: '河北产权市场',
        transferorName: '石家庄某国有投资公司',
        contactName: '周建华',
        contactPhone: '0311-86012099',
        sections: { announcement: '<p>公开挂牌转让</p>' },
      },
    });
    const draftId = created.json().data.draftId as number;

    // A wide PNG: the display size keeps its shape within 1600×1200, the thumb is cropped to 480×360.
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
    const first = await upload(auction, draftId, '厂房外景.png', png);
    expect(first.data, JSON.stringify(first)).toMatchObject({ fileName: '厂房外景.png', width: 1600, height: 800, cover: true, illustration: false });
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d53a3a' } }).jpeg().toBuffer();
    const second = await upload(auction, draftId, 'inside.jpg', jpeg, 'image/jpeg');
    expect(second.data).toMatchObject({ width: 800, height: 600, cover: false });
    const webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3ad57b' } }).webp().toBuffer();
    expect((await upload(auction, draftId, 'w.webp', webp, 'image/webp')).data).toMatchObject({ width: 300, height: 200 });

    const db = t.app.db;
    const stored = await db.selectFrom('lot_photo').selectAll().where('draft_id', '=', draftId).orderBy('sort').execute();
    expect(stored).toHaveLength(3);
    for (const row of stored) {
      const thumb = await sharp(path.join(lotPhotosDir(t.dataDir), `${row.photo_key}-thumb.webp`)).metadata();
      const display = await sharp(path.join(lotPhotosDir(t.dataDir), `${row.photo_key}-display.webp`)).metadata();
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 480, 360]);
      expect([display.width, display.height]).toEqual([row.width, row.height]);
    }

    // Refused, in Chinese: not a picture (whatever its name and declared type), a GIF, too large.
    const pdfAsJpg = await upload(auction, draftId, 'fake.jpg', Buffer.from('%PDF-1.4\n% not a picture\n'), 'image/jpeg');
    expect(pdfAsJpg).toMatchObject({ code: 400, msg: '仅支持 JPG、PNG、WebP 格式的图片' });
    const gif = await upload(auction, draftId, 'a.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif');
    expect(gif).toMatchObject({ code: 400, msg: '仅支持 JPG、PNG、WebP 格式的图片' });
    const huge = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    expect(await upload(auction, draftId, 'huge.png', huge)).toMatchObject({ code: 400, msg: '图片不能超过 10MB' });
    const broken = await upload(auction, draftId, 'broken.png', png.subarray(0, 60));
    expect(broken.code).toBe(400);
    expect(await db.selectFrom('lot_photo').select('id').where('draft_id', '=', draftId).execute()).toHaveLength(3);

    // The JPEG as cover; the WebP deleted.
    const covered = (await t.staff(auction, 'POST', P.lotPhotoCover, { draftId, photoId: second.data.id })).body.data as Json[];
    expect(covered[0]).toMatchObject({ id: second.data.id, cover: true });
    const left = (await t.staff(auction, 'POST', P.lotPhotoDelete, { draftId, photoId: stored[2]!.id })).body.data as Json[];
    expect(left.map((p) => p.id)).toEqual([second.data.id, first.data.id]);
    expect(existsSync(path.join(lotPhotosDir(t.dataDir), `${stored[2]!.photo_key}-thumb.webp`))).toBe(false);
    const lot = (await t.staff(auction, 'GET', P.lotDetail, { draftId })).body.data;
    expect(lot.photos.map((p: Json) => p.id)).toEqual([second.data.id, first.data.id]);

    // A draft's photo is the staff's only (the token), never public.
    const staffFile = await t.app.inject({ method: 'GET', url: `/api${P.lotPhotoFile}?photoId=${second.data.id}&size=thumb`, headers: { authorization: `Bearer ${auction}` } });
    expect(staffFile.statusCode).toBe(200);
    expect((await sharp(staffFile.rawPayload).metadata()).width).toBe(480);
    expect((await t.app.inject({ method: 'GET', url: `/api${P.lotPhotoFile}?photoId=${second.data.id}&size=thumb` })).statusCode).toBe(401);
    const jpegKey = stored[1]!.photo_key;
    expect((await fetchImage(`/api/dscq-project/lot-photo/${jpegKey}-thumb.webp`)).status).toBe(404);

    // Published by four eyes: the gallery goes with it, the cover is its imgUrl.
    const item = (await t.staff(auction, 'POST', P.lotPublishPrepare, { draftId })).body.data;
    const admin = await t.staffLogin('op_admin');
    expect((await t.staff(admin, 'POST', STAFF_PATHS.approvalApprove, { id: item.id })).body.data.state).toBe('approved');
    const assetsId = (await t.staff(auction, 'GET', P.lotDetail, { draftId })).body.data.assetsId as number;
    const detail = (await t.get('/api/dscq-project/project/detail', { id: assetsId })).body.data;
    expect(detail.photos).toEqual([
      expect.objectContaining({ cover: true, caption: '', illustration: false, width: 800, height: 600, thumbUrl: `/api/dscq-project/lot-photo/${jpegKey}-thumb.webp`, url: `/api/dscq-project/lot-photo/${jpegKey}-display.webp` }),
      expect.objectContaining({ cover: false, width: 1600, height: 800 }),
    ]);
    expect(detail.imgUrl).toBe(detail.photos[0].thumbUrl);
    const pub = await fetchImage(detail.photos[0].url);
    expect(pub.status).toBe(200);
    expect(pub.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Published: the gallery no longer changes through the draft.
    expect((await t.staff(auction, 'POST', P.lotPhotoDelete, { draftId, photoId: second.data.id })).body.code).toBe(409);
  });
});
