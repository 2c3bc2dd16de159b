import { expect } from '@open-wc/testing';
import { md5 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
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

/** A fresh task, as a page handing its thread back would take. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** The durations of the page's long tasks (over 50 ms) while `work` runs. */
async function longTasksDuring(work: () => Promise<void>): Promise<number[]> {
  // Whatever ran before (making the file is a long task of its own) ends before anything is observed.
  await nextTask();
  const durations: number[] = [];
  const observer = new PerformanceObserver((list) => durations.push(...list.getEntries().map((entry) => entry.duration)));
  observer.observe({ type: 'longtask' });
  try {
    await work();
  } finally {
    // Entries of the last task are delivered before the observer stops.
    await nextTask();
    observer.disconnect();
  }
  return durations;
}

/**
 * The same two digests of the same bytes, read in the same 8 MiB slices, with the thread handed
 * back after every 256 KiB: the page's long tasks during it are the machine's (a loaded machine
 * stretches any task past 100 ms now and then), not the hashing's.
 */
async function hashFinelySliced(file: Blob): Promise<void> {
  const digests = [sha256.create(), md5.create()];
  for (const digest of digests) {
    for (let offset = 0; offset < file.size; offset += 8 * MIB) {
      const bytes = new Uint8Array(await file.slice(offset, offset + 8 * MIB).arrayBuffer());
      for (let chunk = 0; chunk < bytes.length; chunk += 256 * 1024) {
        digest.update(bytes.subarray(chunk, chunk + 256 * 1024));
        await nextTask();
      }
    }
    digest.digest();
  }
}

const blocking = (durations: number[]) => durations.filter((duration) => duration > 100);
const listed = (durations: number[]) => `${durations.map((duration) => duration.toFixed(0)).join(', ') || 'none'} ms`;

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
    let sha256Hex = '';
    let contentMd5 = '';
    const hashing = await longTasksDuring(async () => {
      sha256Hex = await fileSha256Hex(file);
      ({ contentMd5 } = await uploadDigests(file, undefined));
    });
    const machine = await longTasksDuring(() => hashFinelySliced(file));
    expect(sha256Hex).to.equal(await sha256Of(file));
    expect(contentMd5).to.equal(await md5Base64Of(file));
    // A slice hashes for a few milliseconds; unsliced, each 8 MiB read is hashed in one task of a
    // tenth of a second or more (a dozen such tasks for this file). On a quiet machine the finely
    // sliced hashing has no task over 100 ms and one is allowed; a loaded one stretches tasks of
    // both (the engine's slices, of 8 ms, a little more often), so the hashing may block twice as
    // often as that hashing did, and once more: unsliced, every read blocks.
    expect(blocking(hashing).length, `long tasks hashing: ${listed(hashing)}; hashing finely sliced: ${listed(machine)}`).to.be.at.most(
      2 * blocking(machine).length + 1,
    );
  });
});
