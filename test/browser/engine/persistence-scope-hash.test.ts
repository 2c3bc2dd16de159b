// Persisted records (crash recovery, resume, tus fingerprints) are keyed by SHA-256 hashes, so the
// hash must be the same in a secure context (WebCrypto) and outside one (plain http on a LAN
// address, where crypto.subtle is absent and @noble/hashes is loaded instead).
import { expect } from '@open-wc/testing';
import { sha256OfText } from '../../../engine/persistence/persistence-scope.js';

/** SHA-256 of "abc" (FIPS 180-2, appendix B.1). */
const ABC_SHA256 = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

describe('persisted record keys', () => {
  afterEach(() => {
    delete (crypto as { subtle?: unknown }).subtle;
  });

  it('hash text to the same SHA-256 with WebCrypto and without it', async () => {
    expect(await sha256OfText('abc')).to.equal(ABC_SHA256);
    const key = await sha256OfText('svc-uploader-scope:["https://example.test/api/upload","",""]');
    Object.defineProperty(crypto, 'subtle', { value: undefined, configurable: true });
    expect(globalThis.crypto.subtle, 'WebCrypto is hidden as outside a secure context').to.equal(undefined);
    expect(await sha256OfText('abc')).to.equal(ABC_SHA256);
    expect(await sha256OfText('svc-uploader-scope:["https://example.test/api/upload","",""]')).to.equal(key);
  });
});
