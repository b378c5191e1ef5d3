/**
 * The exchange's own seal mark (鉴证章) as a PNG: a red ring with a five-pointed star. The name and the
 * certificate are in the digital signature; this is only the visible mark in the exchange's signature area.
 */
import { drawSealPng } from '../../lib/png.ts';

let cached: Uint8Array | null = null;

export function exchangeSealPng(): Uint8Array {
  cached ??= new Uint8Array(drawSealPng(160, [214, 32, 32]));
  return cached;
}
