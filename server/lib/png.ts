/**
 * A minimal PNG writer (RGBA, 8 bit, no filtering) for the images the server draws itself: the demo
 * seal and test marks. Not for photographs.
 */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** PNG of `rgba` (width × height × 4 bytes, rows top to bottom). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** PNG of a `width` × `height` image whose pixels `pixel(x, y)` gives as [r, g, b, a]. */
export function drawPng(width: number, height: number, pixel: (x: number, y: number) => readonly [number, number, number, number]): Buffer {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rgba.set(pixel(x, y), (y * width + x) * 4);
  return encodePng(width, height, rgba);
}

/** A round red seal outline with a five-pointed star (the demo organisation's seal; test marks). */
export function drawSealPng(size = 160, color: [number, number, number] = [200, 30, 30]): Buffer {
  const px = new Uint8Array(size * size * 4);
  const c = size / 2;
  const outer = c - 2;
  const inner = outer - size * 0.06;
  const star = (x: number, y: number) => {
    // Point-in-star: a star of radius R as the union of five triangles through the centre.
    const R = size * 0.22;
    const r = R * 0.382;
    const pts: [number, number][] = [];
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const rad = i % 2 === 0 ? R : r;
      pts.push([c + rad * Math.cos(a), c + rad * Math.sin(a)]);
    }
    let inside = false;
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const [xi, yi] = pts[i]!;
      const [xj, yj] = pts[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
      if ((d <= outer && d >= inner) || star(x + 0.5, y + 0.5)) px.set([...color, 255], (y * size + x) * 4);
    }
  }
  return encodePng(size, size, px);
}
