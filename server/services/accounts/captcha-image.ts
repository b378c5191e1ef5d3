/**
 * The image captcha, drawn here as SVG paths (no <text>: the answer must not be readable from the
 * markup): 4 glyphs of a small stroke font, each rotated, scaled and jittered, over noise curves and dots.
 */
import { randomInt } from 'node:crypto';

/** Random answers avoid look-alikes (0/O/Q, 1/I/L). */
export const CAPTCHA_CHARSET = '23456789ABCDEFGHJKMNPRSTUVWXYZ';

type Stroke = readonly (readonly [number, number])[];

/** Glyphs on a 4 × 6 grid (x right, y down), as polylines. */
const GLYPHS: Record<string, readonly Stroke[]> = {
  '0': [[[1, 0], [3, 0], [4, 1], [4, 5], [3, 6], [1, 6], [0, 5], [0, 1], [1, 0]], [[4, 1], [0, 5]]],
  '1': [[[1, 1], [2, 0], [2, 6]], [[1, 6], [3, 6]]],
  '2': [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [0, 6], [4, 6]]],
  '3': [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [3, 3], [1.5, 3]], [[3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  '4': [[[3, 6], [3, 0], [0, 4], [4, 4]]],
  '5': [[[4, 0], [0, 0], [0, 3], [3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  '6': [[[3.5, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3], [0, 3]]],
  '7': [[[0, 0], [4, 0], [1.5, 6]]],
  '8': [[[1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [3, 3], [1, 3], [0, 4], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3]]],
  '9': [[[4, 3], [1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 5], [3, 6], [0.5, 6]]],
  A: [[[0, 6], [2, 0], [4, 6]], [[1, 3.5], [3, 3.5]]],
  B: [[[0, 0], [0, 6], [3, 6], [4, 5], [4, 4], [3, 3], [0, 3]], [[0, 0], [3, 0], [4, 1], [4, 2], [3, 3]]],
  C: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5]]],
  D: [[[0, 0], [0, 6], [2.5, 6], [4, 4.5], [4, 1.5], [2.5, 0], [0, 0]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  F: [[[4, 0], [0, 0], [0, 6]], [[0, 3], [3, 3]]],
  G: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5], [4, 3.5], [2, 3.5]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  I: [[[1, 0], [3, 0]], [[2, 0], [2, 6]], [[1, 6], [3, 6]]],
  J: [[[4, 0], [4, 5], [3, 6], [1, 6], [0, 5]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 3.5]], [[1.3, 2.7], [4, 6]]],
  L: [[[0, 0], [0, 6], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  O: [[[1, 0], [3, 0], [4, 1], [4, 5], [3, 6], [1, 6], [0, 5], [0, 1], [1, 0]]],
  P: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]]],
  Q: [[[1, 0], [3, 0], [4, 1], [4, 5], [3, 6], [1, 6], [0, 5], [0, 1], [1, 0]], [[2.5, 4.5], [4, 6.5]]],
  R: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]], [[2, 3], [4, 6]]],
  S: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 2], [1, 3], [3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  U: [[[0, 0], [0, 5], [1, 6], [3, 6], [4, 5], [4, 0]]],
  V: [[[0, 0], [2, 6], [4, 0]]],
  W: [[[0, 0], [1, 6], [2, 2], [3, 6], [4, 0]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3], [4, 0]], [[2, 3], [2, 6]]],
  Z: [[[0, 0], [4, 0], [0, 6], [4, 6]]],
};

const WIDTH = 120;
const HEIGHT = 40;

/** Uniform in [min, max) from the CSPRNG (the image must not predict the answer). */
function rand(min: number, max: number): number {
  return min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
}

const f = (n: number) => n.toFixed(1);

function color(min: number, max: number): string {
  return `rgb(${randomInt(min, max)},${randomInt(min, max)},${randomInt(min, max)})`;
}

export function randomCaptchaAnswer(length = 4): string {
  let answer = '';
  for (let i = 0; i < length; i += 1) answer += CAPTCHA_CHARSET.charAt(randomInt(0, CAPTCHA_CHARSET.length));
  return answer;
}

function glyphPath(char: string, cx: number, cy: number): string {
  const strokes = GLYPHS[char.toUpperCase()] ?? GLYPHS['0']!;
  const angle = (rand(-22, 22) * Math.PI) / 180;
  const scale = rand(3.1, 3.7);
  const skew = rand(-0.25, 0.25);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const parts: string[] = [];
  for (const stroke of strokes) {
    const points = stroke.map(([gx, gy]) => {
      // Centre the 4 × 6 box, skew, scale, jitter, rotate, move.
      const x0 = (gx - 2 + skew * (gy - 3) + rand(-0.2, 0.2)) * scale;
      const y0 = (gy - 3 + rand(-0.2, 0.2)) * scale;
      return [cx + x0 * cos - y0 * sin, cy + x0 * sin + y0 * cos] as const;
    });
    parts.push(points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${f(x)} ${f(y)}`).join(''));
  }
  return `<path d="${parts.join('')}" fill="none" stroke="${color(20, 110)}" stroke-width="${f(rand(1.8, 2.4))}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** The SVG of an answer. */
export function drawCaptcha(answer: string): string {
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${color(225, 250)}"/>`,
  ];
  for (let i = 0; i < 30; i += 1) {
    out.push(`<circle cx="${f(rand(0, WIDTH))}" cy="${f(rand(0, HEIGHT))}" r="${f(rand(0.5, 1.5))}" fill="${color(120, 200)}"/>`);
  }
  for (let i = 0; i < 3; i += 1) {
    out.push(
      `<path d="M${f(rand(0, 20))} ${f(rand(5, 35))}C${f(rand(20, 60))} ${f(rand(0, 40))} ${f(rand(60, 100))} ${f(rand(0, 40))} ${f(rand(100, 120))} ${f(rand(5, 35))}" fill="none" stroke="${color(100, 180)}" stroke-width="${f(rand(1, 1.8))}"/>`,
    );
  }
  const step = WIDTH / (answer.length + 1);
  [...answer].forEach((char, i) => out.push(glyphPath(char, step * (i + 1) + rand(-3, 3), HEIGHT / 2 + rand(-3, 3))));
  // Two more noise lines over the glyphs.
  for (let i = 0; i < 2; i += 1) {
    out.push(
      `<path d="M${f(rand(0, 30))} ${f(rand(8, 32))}Q${f(rand(40, 80))} ${f(rand(0, 40))} ${f(rand(90, 120))} ${f(rand(8, 32))}" fill="none" stroke="${color(60, 160)}" stroke-width="1.2"/>`,
    );
  }
  out.push('</svg>');
  return out.join('');
}

export function captchaDataUrl(answer: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(drawCaptcha(answer)).toString('base64')}`;
}
