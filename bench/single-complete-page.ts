/**
 * Browser half of the single-upload completion benchmark: runs in the page, driven by
 * single-complete.ts. Uploads small files with the engine through the handler at `serverUrl`.
 */
import { UploadEngine } from '../engine/index.js';

let files: File[] = [];

function makeFiles(sizeKiB: number, count: number): number {
  files = Array.from({ length: count }, (_, index) => {
    const bytes = new Uint8Array(sizeKiB * 1024);
    for (let offset = 0; offset < bytes.length; offset += 65536) crypto.getRandomValues(bytes.subarray(offset, offset + 65536));
    return new File([bytes], `single-complete-bench-${Date.now()}-${index}.bin`, { type: 'application/octet-stream' });
  });
  return files.length;
}

/** Background confirmations the page still owes (kept in localStorage until answered). */
function pendingConfirmations(): number {
  return Object.keys(localStorage).filter((key) => key.startsWith('svc-uploader:confirm:')).length;
}

/**
 * One run from `start()` until every file succeeded. Before it returns, it waits for background
 * confirmations to be answered, outside the measured time, so rounds do not overlap.
 */
async function runEngine(serverUrl: string): Promise<{ ms: number; states: string[] }> {
  const engine = new UploadEngine({ serverUrl, pipeline: [] });
  await engine.addFiles(files);
  const started = performance.now();
  await engine.start();
  const ms = performance.now() - started;
  const settledBy = performance.now() + 60_000;
  while (pendingConfirmations() > 0 && performance.now() < settledBy) await new Promise((resolve) => setTimeout(resolve, 10));
  if (pendingConfirmations() > 0) throw new Error('background confirmations still unanswered after 60 s');
  return { ms, states: engine.files.map((file) => file.state) };
}

Object.assign(window, { makeFiles, runEngine });
