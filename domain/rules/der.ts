/**
 * A small DER reader (ITU-T X.690), enough for the bid record's RFC 3161 timestamp (domain/rules/timestampToken.ts):
 * tag-length-value walking, object identifiers, integers, times and strings, base64 and hex. Pure: no Node
 * or DOM API, so the browser's verification page, the server (server/bidding/timestamp.ts: requests,
 * responses and tokens; a Buffer is a Uint8Array) and the tests read the same bytes the same way.
 *
 * Only definite lengths (DER); any malformed input throws a DerError rather than reading past its end.
 */

export class DerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DerError';
  }
}

/** One DER element: its tag byte, where its header starts, and its contents. */
export interface Der {
  /** The identifier octet (class, constructed bit, number); multi-byte tag numbers are refused. */
  tag: number;
  /** The whole encoding (header and contents), a view into the input. */
  bytes: Uint8Array;
  /** The contents only. */
  value: Uint8Array;
}

export const TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  ia5String: 0x16,
  utcTime: 0x17,
  generalizedTime: 0x18,
  bmpString: 0x1e,
  sequence: 0x30,
  set: 0x31,
} as const;

/** The tag of a context-specific element [n], constructed (EXPLICIT, or IMPLICIT over a constructed type) or primitive. */
export const contextTag = (n: number, constructed = true): number => 0x80 | (constructed ? 0x20 : 0) | n;

/** Reads the element that starts at `offset`; throws when it runs past the input. */
export function readDer(input: Uint8Array, offset = 0): Der {
  if (offset + 2 > input.length) throw new DerError('DER 数据不完整');
  const tag = input[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('不支持多字节标签');
  let length = input[offset + 1]!;
  let header = 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new DerError('DER 长度格式不正确');
    if (offset + 2 + count > input.length) throw new DerError('DER 数据不完整');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + input[offset + 2 + i]!;
    header += count;
  }
  const end = offset + header + length;
  if (end > input.length) throw new DerError('DER 数据不完整');
  return { tag, bytes: input.subarray(offset, end), value: input.subarray(offset + header, end) };
}

/** Reads exactly one element filling the whole input. */
export function parseDer(input: Uint8Array): Der {
  const element = readDer(input, 0);
  if (element.bytes.length !== input.length) throw new DerError('DER 数据后有多余内容');
  return element;
}

/** The elements inside a constructed element, in order. */
export function childrenOf(element: Der): Der[] {
  const out: Der[] = [];
  let offset = 0;
  while (offset < element.value.length) {
    const child = readDer(element.value, offset);
    out.push(child);
    offset += child.bytes.length;
  }
  return out;
}

/** Checks an element's tag (what it should be, for the message). */
export function expectTag(element: Der | undefined, tag: number, what: string): Der {
  if (!element || element.tag !== tag) throw new DerError(`${what}的格式不正确`);
  return element;
}

/** An OBJECT IDENTIFIER in dotted form (arcs of any size: a UUID arc under 2.25 has 128 bits). */
export function oidOf(element: Der): string {
  expectTag(element, TAG.oid, '对象标识符');
  const v = element.value;
  if (v.length === 0) throw new DerError('对象标识符为空');
  const parts: bigint[] = [];
  let n = 0n;
  for (let i = 0; i < v.length; i++) {
    n = (n << 7n) | BigInt(v[i]! & 0x7f);
    if (!(v[i]! & 0x80)) {
      if (parts.length === 0) parts.push(n < 80n ? n / 40n : 2n, n < 80n ? n % 40n : n - 80n);
      else parts.push(n);
      n = 0n;
    }
  }
  return parts.join('.');
}

/** An INTEGER's magnitude bytes as lower-case hex (serial numbers; leading zero octet dropped). */
export function integerHex(element: Der): string {
  expectTag(element, TAG.integer, '整数');
  let v = element.value;
  while (v.length > 1 && v[0] === 0) v = v.subarray(1);
  return toHex(v);
}

/** A small INTEGER (versions) as a number. */
export function smallInteger(element: Der): number {
  expectTag(element, TAG.integer, '整数');
  if (element.value.length > 4) throw new DerError('整数过大');
  let n = 0;
  for (const b of element.value) n = n * 256 + b;
  return n;
}

/** A string type (UTF8String, PrintableString, IA5String, BMPString) as text. */
export function stringOf(element: Der): string {
  if (element.tag === TAG.bmpString) {
    let s = '';
    for (let i = 0; i + 1 < element.value.length; i += 2) s += String.fromCharCode((element.value[i]! << 8) | element.value[i + 1]!);
    return s;
  }
  return utf8Decode(element.value);
}

/** UTCTime or GeneralizedTime (Z, optional fraction) as epoch ms. */
export function timeOf(element: Der): number {
  const text = utf8Decode(element.value);
  let m: RegExpMatchArray | null;
  if (element.tag === TAG.generalizedTime) {
    m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:[.,](\d{1,9}))?Z$/.exec(text);
  } else if (element.tag === TAG.utcTime) {
    m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})()Z$/.exec(text);
    if (m) m[1] = String(Number(m[1]) < 50 ? 2000 + Number(m[1]) : 1900 + Number(m[1]));
  } else {
    throw new DerError('时间的格式不正确');
  }
  if (!m) throw new DerError(`时间 ${text} 的格式不正确`);
  const fraction = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000 + 1e-6) : 0;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), fraction);
}

/** A BIT STRING's bytes (no unused bits allowed: keys and signatures). */
export function bitStringBytes(element: Der): Uint8Array {
  expectTag(element, TAG.bitString, '位串');
  if (element.value.length === 0 || element.value[0] !== 0) throw new DerError('位串格式不正确');
  return element.value.subarray(1);
}

/**
 * An ECDSA signature (DER SEQUENCE {r, s}) as the fixed-size r‖s that WebCrypto verifies, each
 * `size` bytes (32 for P-256, 48 for P-384, 66 for P-521).
 */
export function ecdsaSignatureToRaw(signature: Uint8Array, size: number): Uint8Array {
  const [r, s] = childrenOf(expectTag(parseDer(signature), TAG.sequence, 'ECDSA 签名'));
  const out = new Uint8Array(size * 2);
  [r, s].forEach((part, i) => {
    let v = expectTag(part, TAG.integer, 'ECDSA 签名').value;
    while (v.length > size && v[0] === 0) v = v.subarray(1);
    if (v.length > size) throw new DerError('ECDSA 签名长度不正确');
    out.set(v, i * size + size - v.length);
  });
  return out;
}

/** The same element with another tag byte (a SignerInfo's [0] IMPLICIT signed attributes are signed as a SET). */
export function retag(element: Der, tag: number): Uint8Array {
  const out = new Uint8Array(element.bytes);
  out[0] = tag;
  return out;
}

// ------------------------------------------------------------------ bytes ⇄ text

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 (white space ignored, padding optional) to bytes; throws on other characters. */
export function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1) throw new DerError('base64 格式不正确');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let j = 0;
  for (const ch of clean) {
    acc = (acc << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]! + (i + 1 < bytes.length ? B64[(n >> 6) & 63]! : '=') + (i + 2 < bytes.length ? B64[n & 63]! : '=');
  }
  return out;
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** UTF-8 bytes of a string. */
export function utf8Encode(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

/** UTF-8 bytes to a string (invalid sequences become U+FFFD). */
export function utf8Decode(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const need = b < 0x80 ? 0 : b >= 0xf0 ? 3 : b >= 0xe0 ? 2 : b >= 0xc0 ? 1 : -1;
    if (need < 0 || i + need >= bytes.length) {
      s += '\ufffd';
      i += 1;
      continue;
    }
    let c = need === 0 ? b : b & (0x3f >> need);
    for (let k = 1; k <= need; k++) c = (c << 6) | (bytes[i + k]! & 0x3f);
    s += String.fromCodePoint(c);
    i += need + 1;
  }
  return s;
}

/** Byte-wise equality. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
