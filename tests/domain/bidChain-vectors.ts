/**
 * Shared by bidChain.test.ts (jsdom, as the browser) and tests/server/bid-chain-canonical.test.ts (node, as the server): the
 * canonical serialisation and SHA-256 of domain/rules/bidChain.ts must give these exact bytes everywhere.
 * The expected digests were computed with node:crypto's SHA-256.
 */
import { expect } from 'vitest';
import { bidChainHash, bidChainText, canonicalJson, GENESIS_HASH, headSigningText, receiptSigningText, sha256Hex } from '#domain/rules/bidChain';

export const FIRST_BID = { activityId: 42, seq: 1, bidCode: '108236', amountFen: 12_345_600, serverTime: 1_795_000_000_000, prevHash: GENESIS_HASH };
export const FIRST_BID_TEXT = `{"activityId":42,"amountFen":12345600,"bidCode":"108236","prevHash":"${'0'.repeat(64)}","seq":1,"serverTime":1795000000000}`;
export const FIRST_BID_HASH = '976f2429936efedb4030270463ef9d5d62e1b0cd03b6ccbbc01b64fe1d162911';

/** The assertions both environments run. */
export async function checkVectors(webDigest?: (text: string) => Promise<string>): Promise<void> {
  expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  // Multi-block input and non-ASCII text (UTF-8).
  expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  expect(sha256Hex('竞买号 108236 出价')).toBe('b99e1665893059b33acb2ce18ed44e449f3c26313dea647fd1e644f336e9764d');
  expect(bidChainText(FIRST_BID)).toBe(FIRST_BID_TEXT);
  expect(bidChainHash(FIRST_BID)).toBe(FIRST_BID_HASH);
  // Key order of the input does not matter; every field does.
  expect(bidChainHash({ prevHash: GENESIS_HASH, serverTime: 1_795_000_000_000, amountFen: 12_345_600, bidCode: '108236', seq: 1, activityId: 42 })).toBe(FIRST_BID_HASH);
  for (const change of [{ amountFen: 12_345_700 }, { seq: 2 }, { bidCode: '108237' }, { serverTime: 1_795_000_000_001 }, { activityId: 43 }, { prevHash: FIRST_BID_HASH }]) {
    expect(bidChainHash({ ...FIRST_BID, ...change })).not.toBe(FIRST_BID_HASH);
  }
  expect(canonicalJson({ b: 1, a: { d: null, c: true } })).toBe('{"a":{"c":true,"d":null},"b":1}');
  expect(() => canonicalJson({ a: 1.5 })).toThrow();
  expect(receiptSigningText({ activityId: 42, seq: 1, bidCode: '108236', amount: 123_456, serverTime: 1_795_000_000_000, hash: FIRST_BID_HASH, prevHash: GENESIS_HASH, sealed: false })).toBe(
    `{"activityId":42,"amountFen":12345600,"bidCode":"108236","hash":"${FIRST_BID_HASH}","prevHash":"${GENESIS_HASH}","sealed":false,"seq":1,"serverTime":1795000000000}`,
  );
  expect(headSigningText({ activityId: 42, seq: 1, hash: FIRST_BID_HASH })).toBe(`{"activityId":42,"hash":"${FIRST_BID_HASH}","seq":1}`);
  if (webDigest) expect(await webDigest(FIRST_BID_TEXT)).toBe(FIRST_BID_HASH);
}
