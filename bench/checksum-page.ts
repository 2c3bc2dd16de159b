/**
 * Browser half of the checksum benchmark: runs in the page, driven by checksum.ts. Uploads one
 * file with the engine, `checksumVerification` on or off.
 */
import { UploadEngine } from '../engine/index.js';

const MIB = 1024 * 1024;

export type ChecksumMode = 'off' | 'md5-only' | 'full';

let file: File | undefined;

/** Random bytes built 8 MiB at a time, so the page never holds the whole file in the JS heap. */
function makeFile(sizeMiB: number): number {
  const chunks: Blob[] = [];
  for (let index = 0; index < sizeMiB / 8; index += 1) {
    const bytes = new Uint8Array(8 * MIB);
    for (let offset = 0; offset < bytes.length; offset += 65536) crypto.getRandomValues(bytes.subarray(offset, offset + 65536));
    chunks.push(new Blob([bytes]));
  }
  file = new File(chunks, `checksum-bench-${Date.now()}.bin`, { type: 'application/octet-stream' });
  return file.size;
}

/**
 * `full` is the option as a page sets it: Content-MD5 per part plus the whole-file SHA-256 step
 * before the upload. `md5-only` drops the SHA-256 step (an explicit empty pipeline), isolating
 * the per-part digest this benchmark is about.
 */
async function runEngine(mode: ChecksumMode, concurrency: number, chunkMiB: number): Promise<{ ms: number; state: string }> {
  const engine = new UploadEngine({
    serverUrl: '/api/upload',
    checksumVerification: mode !== 'off',
    ...(mode === 'md5-only' ? { pipeline: [] } : {}),
    resumable: { protocol: 'multipart', chunkSizeBytes: chunkMiB * MIB, maxConcurrentParts: concurrency, persist: false },
    maxConnections: concurrency,
  });
  await engine.addFiles([file!]);
  const started = performance.now();
  await engine.start();
  return { ms: performance.now() - started, state: engine.files[0]!.state };
}

Object.assign(window, { makeFile, runEngine });
