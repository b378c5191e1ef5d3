/**
 * The bid chain's canonical serialisation and SHA-256 (domain/rules/bidChain.ts) in the browser's
 * environment (jsdom): the same digests as on the server (tests/server/bid-chain-canonical.test.ts), and as WebCrypto's.
 */
import { describe, expect, it } from 'vitest';
import { checkChain, bidChainHash, GENESIS_HASH } from '#domain/rules/bidChain';
import { checkVectors, FIRST_BID, FIRST_BID_HASH } from './bidChain-vectors';

const webDigest = async (text: string) => {
  const bytes = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

describe('bid chain (jsdom)', () => {
  it('serialises canonically and hashes as node and WebCrypto do', async () => {
    await checkVectors(globalThis.crypto?.subtle ? webDigest : undefined);
  });

  it('checkChain names a changed bid, a gap, a swap and a count that does not match', () => {
    const second = { ...FIRST_BID, seq: 2, amountFen: 12_355_600, serverTime: FIRST_BID.serverTime + 1000, prevHash: FIRST_BID_HASH };
    const chain = [
      { ...FIRST_BID, hash: FIRST_BID_HASH },
      { ...second, hash: bidChainHash(second) },
    ];
    expect(checkChain(chain, 2)).toEqual([]);
    expect(checkChain([chain[0]!, { ...chain[1]!, amountFen: 1 }], 2).map((b) => [b.kind, b.seq])).toEqual([['changed', 2]]);
    expect(checkChain([chain[1]!], 2).map((b) => b.kind)).toEqual(['gap', 'link', 'count']);
    expect(checkChain([{ ...chain[0]!, seq: 2 }, { ...chain[1]!, seq: 1 }], 2).map((b) => [b.kind, b.seq])).toEqual([
      ['reordered', 1],
      ['reordered', 2],
    ]);
    expect(checkChain(chain, 3).map((b) => b.kind)).toEqual(['count']);
    expect(checkChain([{ ...chain[0]!, hash: null, prevHash: null }], 1).map((b) => b.kind)).toEqual(['missing_hash']);
    expect(checkChain([], 0)).toEqual([]);
    expect(GENESIS_HASH).toMatch(/^0{64}$/);
  });
});
