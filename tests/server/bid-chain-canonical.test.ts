/**
 * The bid chain's canonical serialisation and SHA-256 (domain/rules/bidChain.ts) in node, as the server and
 * the ops CLI compute it: the same vectors as in the browser's environment (tests/domain/bidChain.test.ts,
 * jsdom), and node:crypto's digest of the same bytes.
 */
import { createHash } from 'node:crypto';
import { describe, it } from 'vitest';
import { checkVectors } from '../domain/bidChain-vectors.ts';

describe('bid chain (node)', () => {
  it('serialises canonically and hashes as node:crypto does', async () => {
    await checkVectors(async (text) => createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});
