/**
 * Demo attachment files of the projects. PDF, DOCX and XLSX come from the content seed's generators; the
 * "site photo" is a real baseline JPEG written here: a small scene (sky, hills, a building with windows)
 * drawn in 8×8 blocks and encoded DC-only (each block one colour), which every viewer opens. Deterministic.
 */
import { makeDocx, makePdf, makeXlsx } from './content/files.ts';
import type { AttachmentSeed } from './data/projects-detail.ts';
import { createRng } from './prng.ts';

export const ATTACHMENT_MIME: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jpg: 'image/jpeg',
};

export async function attachmentBytes(a: AttachmentSeed): Promise<Buffer> {
  switch (a.kind) {
    case 'pdf':
      return makePdf(a.title, a.paragraphs);
    case 'docx':
      return makeDocx(a.title, a.paragraphs);
    case 'xlsx':
      return makeXlsx(a.sheet, a.rows);
    case 'jpg':
      return makeSitePhoto(a.seed);
  }
}

type Rgb = readonly [number, number, number];

/** A 320×240 scene, one colour per 8×8 block (40×30 blocks). */
function drawScene(seed: number): Rgb[][] {
  const rng = createRng(seed);
  const cols = 40;
  const rows = 30;
  const horizon = rng.int(17, 21);
  const buildingLeft = rng.int(6, 20);
  const buildingWidth = rng.int(10, 16);
  const buildingTop = rng.int(5, 10);
  const wall: Rgb = rng.pick([[196, 160, 120], [170, 170, 176], [214, 196, 160], [150, 120, 100]] as const);
  const hills = Array.from({ length: cols }, (_, x) => horizon - 2 - Math.round(2 * Math.sin((x + seed % 7) / 4)));
  const image: Rgb[][] = [];
  for (let y = 0; y < rows; y++) {
    const line: Rgb[] = [];
    for (let x = 0; x < cols; x++) {
      let c: Rgb;
      if (y >= horizon) c = y === horizon ? [120, 120, 112] : [96 + ((x + y) % 3) * 6, 140, 84];
      else if (y >= hills[x]!) c = [88, 124, 96];
      else c = [110 + y * 4, 160 + y * 3, 230 - y];
      const inBuilding = x >= buildingLeft && x < buildingLeft + buildingWidth && y >= buildingTop && y < horizon;
      if (inBuilding) {
        const window = (x - buildingLeft) % 3 === 1 && (y - buildingTop) % 3 === 1 && y < horizon - 2;
        const door = y >= horizon - 2 && x === buildingLeft + Math.floor(buildingWidth / 2);
        c = window ? [70, 110, 150] : door ? [80, 60, 48] : y === buildingTop ? [120, 60, 50] : wall;
      }
      line.push(c);
    }
    image.push(line);
  }
  return image;
}

/** Bit writer with JPEG byte stuffing (a 0xFF data byte is followed by 0x00). */
class BitWriter {
  private bytes: number[] = [];
  private acc = 0;
  private count = 0;
  write(bits: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((bits >> i) & 1);
      if (++this.count === 8) this.flushByte();
    }
  }
  private flushByte(): void {
    this.bytes.push(this.acc);
    if (this.acc === 0xff) this.bytes.push(0);
    this.acc = 0;
    this.count = 0;
  }
  finish(): number[] {
    while (this.count !== 0) this.write(1, 1); // pad with 1-bits
    return this.bytes;
  }
}

// Standard luminance DC table (ITU T.81 K.3): code lengths per category 0–11.
const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

function huffmanCodes(bits: readonly number[], values: readonly number[]): Map<number, [number, number]> {
  const codes = new Map<number, [number, number]>();
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < bits[length - 1]!; i++) codes.set(values[k++]!, [code++, length]);
    code <<= 1;
  }
  return codes;
}

const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];

/** A baseline JPEG (YCbCr 4:4:4) of the scene; only DC coefficients, AC is one EOB per block. */
export function makeSitePhoto(seed: number): Buffer {
  const image = drawScene(seed);
  const height = image.length * 8;
  const width = image[0]!.length * 8;
  const QUANT = 8;
  const dc = huffmanCodes(DC_BITS, DC_VALUES);
  // AC table with one symbol, EOB (0x00), as the one-bit code '0'.
  const acBits = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const out = new BitWriter();
  const previous = [0, 0, 0];
  for (const line of image) {
    for (const [r, g, b] of line) {
      const ycc = [
        0.299 * r + 0.587 * g + 0.114 * b,
        128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
        128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
      ];
      ycc.forEach((value, component) => {
        // A flat block's DC coefficient is 8 × (value − 128); quantised by 8 it is value − 128.
        const coefficient = Math.round((8 * (value - 128)) / QUANT);
        const diff = coefficient - previous[component]!;
        previous[component] = coefficient;
        const magnitude = Math.abs(diff);
        const category = magnitude === 0 ? 0 : Math.floor(Math.log2(magnitude)) + 1;
        const [code, length] = dc.get(category)!;
        out.write(code, length);
        if (category) out.write(diff < 0 ? diff + (1 << category) - 1 : diff, category);
        out.write(0, 1); // EOB
      });
    }
  }
  const quantTable = [0, ...Array.from({ length: 64 }, () => QUANT)];
  const frame = [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0];
  const huffman = [0x00, ...DC_BITS, ...DC_VALUES, 0x10, ...acBits, 0x00];
  const scan = [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0];
  return Buffer.from([
    0xff, 0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, quantTable),
    ...segment(0xc0, frame),
    ...segment(0xc4, huffman),
    ...segment(0xda, scan),
    ...out.finish(),
    0xff, 0xd9,
  ]);
}
