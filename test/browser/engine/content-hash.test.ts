import { expect } from '@open-wc/testing';
import { contentHash, sha256Hex } from '../../../engine/index.js';
import { randomFile, sha256Of } from './helpers.js';

describe('content hashing', () => {
  it('streams SHA-256 in JS with the same result as WebCrypto at every block boundary', async () => {
    for (const size of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 1024 * 1024 + 3]) {
      const blob = randomFile('x', size);
      expect(await sha256Hex(blob, { subtle: null }), `size ${size}`).to.equal(await sha256Of(blob));
    }
  });

  it('hashes with SHA-256 through WebCrypto and falls back to a non-cryptographic hash without it', async () => {
    const blob = randomFile('x', 5000);
    const twin = new Blob([await blob.arrayBuffer()]);
    expect(await contentHash(blob)).to.equal(`sha256:${await sha256Of(blob)}`);
    const fallback = await contentHash(blob, { subtle: null });
    expect(fallback).to.match(/^fnv1a64:5000:[0-9a-f]{16}$/);
    expect(await contentHash(twin, { subtle: null })).to.equal(fallback);
    expect(await contentHash(randomFile('y', 5000), { subtle: null })).to.not.equal(fallback);
  });
});
