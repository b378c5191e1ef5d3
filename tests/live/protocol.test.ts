import { describe, expect, it } from 'vitest';
import { DEFAULT_LIVE_CONFIG, isStreamName, resolveLiveConfig, streamKey } from '../../workers/protocol/protocol';

describe('protocol helpers', () => {
  it('streamKey ignores key order and undefined fields, and treats missing params as {}', () => {
    expect(streamKey('version', { b: 1, a: [2, { d: 1, c: 0 }] })).toBe(streamKey('version', { a: [2, { c: 0, d: 1 }], b: 1 }));
    expect(streamKey('clock', undefined)).toBe(streamKey('clock', {}));
    expect(streamKey('clock', { x: undefined })).toBe(streamKey('clock', {}));
    expect(streamKey('clock', { a: 1 })).not.toBe(streamKey('clock', { a: '1' }));
    expect(streamKey('clock', {})).not.toBe(streamKey('version', {}));
  });

  it('resolveLiveConfig fills defaults, trims the trailing slash and rejects bad intervals', () => {
    expect(resolveLiveConfig({ clientId: 'hbcq' })).toEqual({ ...DEFAULT_LIVE_CONFIG, clientId: 'hbcq' });
    expect(resolveLiveConfig({ apiBase: 'https://x.test/api/', versionPollMs: -1, clockResyncMs: 5_000 })).toMatchObject({
      apiBase: 'https://x.test/api',
      versionPollMs: 60_000,
      clockResyncMs: 5_000,
    });
  });

  it('isStreamName knows exactly the declared streams', () => {
    expect(['clock', 'version', 'hall', 'maxRate', 'room', 1].map(isStreamName)).toEqual([true, true, true, true, false, false]);
  });
});
