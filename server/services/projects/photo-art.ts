/**
 * The demo's lot illustrations (示意图): an SVG drawn per asset kind — a building, a vehicle, machinery,
 * land, an equity certificate — with the lot's name (as paths: lib/text-paths.ts), rendered to WebP by
 * sharp. Pure: the same recipe gives the same bytes. Three views: 0 the asset, 1 a closer look, 2 its
 * location sketch. Rendered when a size is first asked for (services/projects/photos.ts), so seeding
 * writes rows only.
 */
import { createHash } from 'node:crypto';
import { ILLUSTRATION_CAPTION } from '#domain/contract/projects';
import { textPath, wrapText } from '../../lib/text-paths.ts';

export const ART_KINDS = ['building', 'vehicle', 'machinery', 'land', 'equity'] as const;
export type ArtKind = (typeof ART_KINDS)[number];

export interface ArtRecipe {
  /** Drawing version: a change of the drawing is a new version, so new keys (URLs are cached for good). */
  v: 1;
  kind: ArtKind;
  name: string;
  city: string;
  view: 0 | 1 | 2;
  /** Varies the drawing between lots of a kind (windows, colours, angle). */
  seed: number;
}

/** What a listing shows: by its name first (a car of an administrative lot is a vehicle), then its type. */
export function artKindOf(name: string, typeCode: number | null): ArtKind {
  if (/股权|增资|股份|出资/.test(name) || typeCode === 1 || typeCode === 4) return 'equity';
  if (/车|客车|货车|轿车/.test(name)) return 'vehicle';
  if (/设备|机床|机械|生产线|钢材|器材|仪器|物资/.test(name)) return 'machinery';
  if (/土地|用地|林地|耕地|农|鱼塘|果园|矿/.test(name)) return 'land';
  return 'building';
}

/** A stable key of a recipe (hex): the name of its files. */
export function recipeKey(recipe: ArtRecipe): string {
  return createHash('sha256').update(JSON.stringify(recipe)).digest('hex').slice(0, 24);
}

export function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

const PALETTES: Record<ArtKind, { sky: [string, string]; ground: string; main: string; accent: string; dark: string }> = {
  building: { sky: ['#8ec5fc', '#e0f0ff'], ground: '#b7c9a8', main: '#c9d6e3', accent: '#f5a623', dark: '#4a6078' },
  vehicle: { sky: ['#ffd9a0', '#fff4e3'], ground: '#8d8d8d', main: '#c0392b', accent: '#f1c40f', dark: '#2c3e50' },
  machinery: { sky: ['#cfd9df', '#f3f6f8'], ground: '#9c8b73', main: '#f39c12', accent: '#34495e', dark: '#2d3436' },
  land: { sky: ['#a8e6cf', '#effaf4'], ground: '#7cb342', main: '#9ccc65', accent: '#795548', dark: '#33691e' },
  equity: { sky: ['#e8d5b7', '#fbf6ee'], ground: '#d7c4a3', main: '#fffdf7', accent: '#c0392b', dark: '#6d4c41' },
};

/** A small deterministic generator over the recipe's seed. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 10_000) / 10_000;
  };
}

function building(r: () => number, p: (typeof PALETTES)['building']): string {
  const floors = 5 + Math.floor(r() * 9);
  const cols = 4 + Math.floor(r() * 4);
  const w = cols * 46 + 30;
  const h = floors * 34 + 30;
  const x = 400 - w / 2;
  const y = 470 - h;
  let out = `<rect x="${x - 200}" y="${470 - h * 0.6}" width="150" height="${h * 0.6}" fill="${p.dark}" opacity="0.25"/><rect x="${x + w + 40}" y="${470 - h * 0.75}" width="170" height="${h * 0.75}" fill="${p.dark}" opacity="0.2"/>`;
  out += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/><rect x="${x - 10}" y="${y - 14}" width="${w + 20}" height="16" fill="${p.dark}"/>`;
  for (let f = 0; f < floors; f++) {
    for (let c = 0; c < cols; c++) {
      const lit = r() > 0.7;
      out += `<rect x="${x + 22 + c * 46}" y="${y + 18 + f * 34}" width="28" height="20" fill="${lit ? p.accent : p.dark}" opacity="${lit ? 0.85 : 0.55}"/>`;
    }
  }
  out += `<rect x="${400 - 24}" y="${470 - 46}" width="48" height="46" fill="${p.dark}"/>`;
  return out;
}

function vehicle(r: () => number, p: (typeof PALETTES)['vehicle']): string {
  const hue = ['#c0392b', '#2471a3', '#1e8449', '#7d3c98', '#d4ac0d', '#5d6d7e'][Math.floor(r() * 6)]!;
  const truck = r() > 0.6;
  const body = truck
    ? `<rect x="170" y="270" width="300" height="150" rx="8" fill="${hue}"/><path d="M480 310 H570 L620 370 V420 H480 Z" fill="${hue}"/><path d="M495 322 H562 L600 368 H495 Z" fill="#d6eaf8"/>`
    : `<path d="M160 420 V360 Q170 330 230 322 L300 270 Q330 255 400 255 H500 Q540 258 570 300 L610 325 Q650 335 650 370 V420 Z" fill="${hue}"/><path d="M310 282 Q330 270 390 270 V322 H262 Z" fill="#d6eaf8"/><path d="M405 270 H490 Q520 272 545 322 H405 Z" fill="#d6eaf8"/>`;
  const wheel = (cx: number) => `<circle cx="${cx}" cy="425" r="42" fill="${p.dark}"/><circle cx="${cx}" cy="425" r="18" fill="#bdc3c7"/>`;
  return `<rect x="0" y="468" width="800" height="14" fill="#f4f6f7" opacity="0.6"/>${body}${wheel(truck ? 250 : 260)}${wheel(truck ? 540 : 550)}<rect x="600" y="345" width="30" height="14" fill="${p.accent}"/>`;
}

function machinery(r: () => number, p: (typeof PALETTES)['machinery']): string {
  const lift = 40 + r() * 60;
  let out = `<path d="M40 470 V300 L120 260 V300 L200 260 V300 L280 260 V470 Z" fill="${p.dark}" opacity="0.18"/>`;
  out += `<rect x="260" y="330" width="260" height="90" rx="10" fill="${p.main}"/><rect x="300" y="270" width="110" height="70" rx="6" fill="${p.main}"/><rect x="315" y="282" width="80" height="40" fill="#d6eaf8"/>`;
  out += `<path d="M500 350 L${610} ${250 - lift} L${690} ${300 - lift / 2}" stroke="${p.main}" stroke-width="26" fill="none" stroke-linecap="round"/><path d="M680 ${290 - lift / 2} l40 40 h-50 z" fill="${p.accent}"/>`;
  out += `<rect x="240" y="420" width="300" height="50" rx="25" fill="${p.accent}"/>`;
  for (let i = 0; i < 5; i++) out += `<circle cx="${270 + i * 60}" cy="445" r="16" fill="${p.dark}"/>`;
  const gear = (cx: number, cy: number, rad: number) => `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="none" stroke="${p.accent}" stroke-width="10" stroke-dasharray="8 6"/><circle cx="${cx}" cy="${cy}" r="${rad / 3}" fill="${p.accent}"/>`;
  return out + gear(120, 400, 40) + gear(180, 360, 24);
}

function land(r: () => number, p: (typeof PALETTES)['land']): string {
  let out = `<path d="M0 330 Q200 260 400 320 T800 300 V600 H0 Z" fill="${p.main}"/><path d="M0 400 Q250 340 520 390 T800 380 V600 H0 Z" fill="${p.ground}"/>`;
  for (let i = 0; i < 6; i++) {
    const y = 410 + i * 14;
    out += `<path d="M${i * 20} ${y} Q400 ${y - 30 + r() * 20} 800 ${y - 10}" stroke="${p.dark}" stroke-width="2" fill="none" opacity="0.35"/>`;
  }
  out += `<polygon points="220,380 600,360 660,460 160,470" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="14 10"/>`;
  out += `<line x1="600" y1="360" x2="600" y2="270" stroke="${p.accent}" stroke-width="5"/><path d="M600 270 l60 18 -60 18 z" fill="#e53935"/>`;
  for (let i = 0; i < 4; i++) out += `<circle cx="${90 + i * 40 + r() * 20}" cy="${330 - r() * 20}" r="${18 + r() * 10}" fill="${p.dark}" opacity="0.7"/>`;
  return out;
}

function equity(r: () => number, p: (typeof PALETTES)['equity']): string {
  const tilt = (r() - 0.5) * 6;
  let out = `<g transform="rotate(${tilt.toFixed(1)} 400 330)"><rect x="170" y="150" width="460" height="330" fill="${p.main}" stroke="${p.accent}" stroke-width="6"/><rect x="186" y="166" width="428" height="298" fill="none" stroke="${p.accent}" stroke-width="2"/>`;
  out += textPath('股权证书', 318, 225, 40, `fill="${p.accent}"`);
  for (let i = 0; i < 5; i++) out += `<rect x="220" y="${262 + i * 30}" width="${200 + r() * 160}" height="8" fill="${p.dark}" opacity="0.35"/>`;
  out += `<circle cx="540" cy="400" r="48" fill="none" stroke="#d32f2f" stroke-width="6"/><path d="M540 368 l9 27 h28 l-23 17 9 27 -23 -17 -23 17 9 -27 -23 -17 h28 z" fill="#d32f2f"/></g>`;
  return out;
}

const SCENES: Record<ArtKind, (r: () => number, p: never) => string> = { building, vehicle, machinery, land, equity };

function locationSketch(r: () => number, recipe: ArtRecipe, p: (typeof PALETTES)[ArtKind]): string {
  let out = `<rect width="800" height="600" fill="#f4f1ea"/>`;
  for (let i = 0; i < 7; i++) out += `<line x1="${60 + i * 110 + r() * 30}" y1="0" x2="${40 + i * 115}" y2="600" stroke="#fff" stroke-width="${i % 3 === 0 ? 18 : 8}"/>`;
  for (let i = 0; i < 5; i++) out += `<line x1="0" y1="${70 + i * 120}" x2="800" y2="${50 + i * 125 + r() * 30}" stroke="#fff" stroke-width="${i % 2 === 0 ? 16 : 8}"/>`;
  out += `<path d="M0 ${420 + r() * 40} C200 380 300 520 520 450 S760 380 800 410" stroke="#90caf9" stroke-width="26" fill="none"/>`;
  out += `<rect x="${120 + r() * 80}" y="${140 + r() * 60}" width="140" height="90" fill="#c8e6c9"/>`;
  out += `<path d="M400 300 c0 -50 -40 -70 -40 -100 a40 40 0 0 1 80 0 c0 30 -40 50 -40 100 z" transform="translate(0 -20)" fill="${p.accent}" stroke="${p.dark}" stroke-width="3"/><circle cx="400" cy="180" r="14" fill="#fff"/>`;
  if (recipe.city) out += textPath(`${recipe.city} · 区位示意`, 430, 150, 28, `fill="${p.dark}"`);
  return out;
}

/** The recipe's picture as SVG, `width` × `height` pixels (the drawing is 4:3, cropped to fill). */
export function artSvg(recipe: ArtRecipe, width: number, height: number): string {
  const p = PALETTES[recipe.kind];
  // The asset's own draw (views 0 and 1 show the same one); the sketch its own.
  const r = rng(recipe.view === 2 ? recipe.seed + 7919 : recipe.seed);
  let scene: string;
  if (recipe.view === 2) scene = locationSketch(r, recipe, p);
  else {
    const drawn = (SCENES[recipe.kind] as (r: () => number, p: (typeof PALETTES)[ArtKind]) => string)(r, p);
    const ground = recipe.kind === 'land' ? '' : `<rect y="470" width="800" height="130" fill="${p.ground}"/>`;
    const sky = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs><rect width="800" height="600" fill="url(#sky)"/><circle cx="${640 + r() * 100}" cy="${90 + r() * 40}" r="44" fill="#fff" opacity="0.6"/>`;
    // The closer look: the same asset, nearer and off-centre.
    scene = recipe.view === 1 ? `${sky}${ground}<g transform="translate(-260 -330) scale(1.7)">${drawn}</g>` : `${sky}${ground}${drawn}`;
  }
  const lines = wrapText(recipe.name, 30, 720, 2);
  const band = 40 + lines.length * 40;
  const name = lines.map((line, i) => textPath(line, 40, 600 - band + 44 + i * 40, 30, 'fill="#fff"')).join('');
  const tag = `<rect x="24" y="24" width="104" height="44" rx="6" fill="#000" opacity="0.55"/>${textPath(ILLUSTRATION_CAPTION, 38, 56, 26, 'fill="#fff"')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 600" preserveAspectRatio="xMidYMid slice">${scene}<rect y="${600 - band}" width="800" height="${band}" fill="#000" opacity="0.5"/>${name}${tag}</svg>`;
}
