/**
 * Browser half of the checksum benchmark: runs in the page, driven by checksum.ts. Uploads one
 * file with the engine, `checksumVerification` on or off.
 */
import { createSHA256 } from 'hash-wasm';
import { UploadEngine } from '../engine/index.js';
import { fileSha256Hex, uploadDigests } from '../engine/processing/digest-worker-client.js';
import { randomBenchFile } from './support/random-file.js';

const MIB = 1024 * 1024;

export type ChecksumMode = 'off' | 'md5-only' | 'full';

let file: File | undefined;

function makeFile(sizeMiB: number): number {
  file = randomBenchFile(sizeMiB, 'checksum-bench');
  return file.size;
}

/**
 * `full` is the option as a page sets it: Content-MD5 per part plus the whole-file SHA-256 step
 * before the upload. `md5-only` drops the SHA-256 step (an explicit empty pipeline), isolating
 * the per-part digest.
 */
async function runEngine(mode: ChecksumMode, concurrency: number, chunkMiB: number): Promise<{ ms: number; state: string; longTaskMs: number }> {
  const engine = new UploadEngine({
    serverUrl: '/api/upload',
    checksumVerification: mode !== 'off',
    ...(mode === 'md5-only' ? { pipeline: [] } : {}),
    resumable: { protocol: 'multipart', chunkSizeBytes: chunkMiB * MIB, maxConcurrentParts: concurrency, persist: false },
    maxConnections: concurrency,
  });
  await engine.addFiles([file!]);
  // Main-thread time in tasks over 50 ms: what hashing on the main thread takes from the page.
  let longTaskMs = 0;
  const countLongTasks = (entries: PerformanceEntryList): void => {
    for (const entry of entries) longTaskMs += entry.duration;
  };
  const observer = new PerformanceObserver((list) => countLongTasks(list.getEntries()));
  observer.observe({ type: 'longtask' });
  const started = performance.now();
  await engine.start();
  const ms = performance.now() - started;
  countLongTasks(observer.takeRecords());
  observer.disconnect();
  const { state, error } = engine.files[0]!;
  return { ms, state: error ? `${state} (${error.code}: ${error.message})` : state, longTaskMs };
}

/** The whole option's SHA-256 pass alone, in the digest worker: what precedes the upload. */
async function timeShaPass(): Promise<number> {
  const started = performance.now();
  await fileSha256Hex(file!);
  return performance.now() - started;
}

/**
 * One part's read and MD5 in the digest worker: what a part waits before its sign-part request,
 * and so the most that hashing the first parts during /multipart/init's round trip could save.
 */
async function timePartDigest(chunkMiB: number): Promise<number> {
  const started = performance.now();
  await uploadDigests(file!.slice(0, chunkMiB * MIB), undefined);
  return performance.now() - started;
}

/**
 * What the SHA-256 pass is made of, each alone on the page's thread: reading the file in 8 MiB
 * slices, and hash-wasm's SHA-256 over as many bytes already in memory. A pass that overlaps
 * them takes about the longer of the two; one that alternates them, their sum.
 */
async function timePassParts(): Promise<{ readMs: number; hashMs: number }> {
  const slice = 8 * MIB;
  let started = performance.now();
  for (let offset = 0; offset < file!.size; offset += slice) await file!.slice(offset, offset + slice).arrayBuffer();
  const readMs = performance.now() - started;
  const bytes = new Uint8Array(await file!.slice(0, slice).arrayBuffer());
  const hasher = await createSHA256();
  started = performance.now();
  for (let offset = 0; offset < file!.size; offset += slice) hasher.update(offset + slice <= file!.size ? bytes : bytes.subarray(0, file!.size - offset));
  hasher.digest();
  return { readMs, hashMs: performance.now() - started };
}

Object.assign(window, { makeFile, runEngine, timeShaPass, timePartDigest, timePassParts });
