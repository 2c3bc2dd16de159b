import { expect } from '@open-wc/testing';
import { md5 } from '@noble/hashes/legacy.js';
import { fileSha256Hex, uploadDigests } from '../../../engine/processing/digest-worker-client.js';
import { randomFile, sha256Of } from './helpers.js';

// A page whose Content-Security-Policy allows neither workers nor WebAssembly: the digests of
// checksumVerification run in plain JS on the main thread, several times slower than in a
// worker. They must still hand the thread back every few milliseconds, so the page keeps
// painting and answering input while a large file is hashed. Its own file: the policy holds for
// the rest of the page's life.

const MIB = 1024 * 1024;

/** Base64 MD5 computed here, in one call, for comparison. */
async function md5Base64Of(blob: Blob): Promise<string> {
  return btoa(String.fromCharCode(...md5(new Uint8Array(await blob.arrayBuffer()))));
}

describe('checksumVerification under a policy without workers or WebAssembly', () => {
  before(() => {
    // No 'unsafe-eval' or 'wasm-unsafe-eval': WebAssembly cannot compile; the test runner's own
    // scripts are same-origin or inline.
    const policy = "worker-src 'none'; script-src 'self' 'unsafe-inline'";
    document.head.append(Object.assign(document.createElement('meta'), { httpEquiv: 'Content-Security-Policy', content: policy }));
  });

  it('hashes a large file in slices on the main thread: no long task, the same digests', async () => {
    expect(() => new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])), 'WebAssembly is refused').to.throw();
    // Above the size hashed in one WebCrypto call, so the SHA-256 runs incrementally in this thread.
    const file = randomFile('strict-policy.bin', 72 * MIB);
    // Making the file is a long task of its own: it ends before anything is observed.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((entry) => entry.duration)));
    observer.observe({ type: 'longtask' });
    let sha256: string;
    let contentMd5: string;
    try {
      sha256 = await fileSha256Hex(file);
      ({ contentMd5 } = await uploadDigests(file, undefined));
    } finally {
      // Entries of the last task are delivered before the observer stops.
      await new Promise((resolve) => setTimeout(resolve, 0));
      observer.disconnect();
    }
    expect(sha256).to.equal(await sha256Of(file));
    expect(contentMd5).to.equal(await md5Base64Of(file));
    // A slice hashes for a few milliseconds; unsliced, each 8 MiB read is hashed in one task of a
    // tenth of a second or more (a dozen such tasks for this file). One is allowed for a pause of
    // a loaded machine.
    const blocking = longTasks.filter((duration) => duration > 100);
    expect(blocking.length, `long tasks: ${longTasks.map((duration) => duration.toFixed(0)).join(', ')} ms`).to.be.at.most(1);
  });
});
