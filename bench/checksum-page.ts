/**
 * Browser half of the checksum benchmark: runs in the page, driven by checksum.ts. Uploads one
 * file with the engine, `checksumVerification` on or off.
 */
import { UploadEngine } from '../engine/index.js';
import { checksumStep } from '../engine/pipeline.js';
import { fileSha256Hex, fileSha256HexWithPartMd5s } from '../engine/digest-worker-client.js';
import { randomBenchFile } from './support/random-file.js';

const MIB = 1024 * 1024;

export type ChecksumMode = 'off' | 'md5-only' | 'full' | 'two-reads';

let file: File | undefined;

function makeFile(sizeMiB: number): number {
  file = randomBenchFile(sizeMiB, 'checksum-bench');
  return file.size;
}

/**
 * `full` is the option as a page sets it: the whole-file SHA-256 before the upload, with every
 * part's Content-MD5 computed in that same read. `two-reads` is the same option with the plain
 * SHA-256 step (an explicit pipeline), so the parts are read and hashed again as they are sent:
 * what `full` is measured against. `md5-only` drops the SHA-256 step (an explicit empty
 * pipeline), isolating the per-part digest.
 */
async function runEngine(mode: ChecksumMode, concurrency: number, chunkMiB: number): Promise<{ ms: number; state: string }> {
  const engine = new UploadEngine({
    serverUrl: '/api/upload',
    checksumVerification: mode !== 'off',
    ...(mode === 'md5-only' ? { pipeline: [] } : mode === 'two-reads' ? { pipeline: [checksumStep] } : {}),
    resumable: { protocol: 'multipart', chunkSizeBytes: chunkMiB * MIB, maxConcurrentParts: concurrency, persist: false },
    maxConnections: concurrency,
  });
  await engine.addFiles([file!]);
  const started = performance.now();
  await engine.start();
  const { state, error } = engine.files[0]!;
  return { ms: performance.now() - started, state: error ? `${state} (${error.code}: ${error.message})` : state };
}

/** The SHA-256 pass alone, in the digest worker: the file's digest, and with every part's MD5 along. */
async function timeShaPass(chunkMiB: number): Promise<{ shaMs: number; shaWithPartsMs: number }> {
  let started = performance.now();
  await fileSha256Hex(file!);
  const shaMs = performance.now() - started;
  started = performance.now();
  await fileSha256HexWithPartMd5s(file!.slice(), chunkMiB * MIB);
  return { shaMs, shaWithPartsMs: performance.now() - started };
}

Object.assign(window, { makeFile, runEngine, timeShaPass });
