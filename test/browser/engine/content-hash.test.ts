import { expect } from '@open-wc/testing';
import { contentHash, sha256Hex } from '../../../engine/index.js';
import { randomFile, sha256Of } from './helpers.js';

describe('content hashing', () => {
  it('gives the SHA-256 WebCrypto gives, for small blobs hashed here and large ones hashed in the digest worker, with or without WebCrypto on the page', async () => {
    for (const size of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 1024 * 1024 + 3, 9 * 1024 * 1024 + 5]) {
      const blob = randomFile('x', size);
      const expected = await sha256Of(blob);
      expect(await sha256Hex(blob), `size ${size}`).to.equal(expected);
      expect(await sha256Hex(blob, { subtle: null }), `size ${size}, no WebCrypto`).to.equal(expected);
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
