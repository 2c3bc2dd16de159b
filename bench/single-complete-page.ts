/**
 * Browser half of the single-upload completion benchmark: runs in the page, driven by
 * single-complete.ts. Uploads one small file with the engine through the handler at `serverUrl`.
 */
import { UploadEngine } from '../engine/index.js';

let file: File | undefined;

function makeFile(sizeKiB: number): number {
  const bytes = new Uint8Array(sizeKiB * 1024);
  for (let offset = 0; offset < bytes.length; offset += 65536) crypto.getRandomValues(bytes.subarray(offset, offset + 65536));
  file = new File([bytes], `single-complete-bench-${Date.now()}.bin`, { type: 'application/octet-stream' });
  return file.size;
}

/** One upload from `start()` to the file's success; the time of the `/complete` request alone when one was sent. */
async function runEngine(serverUrl: string): Promise<{ ms: number; completeMs: number; state: string }> {
  const engine = new UploadEngine({ serverUrl, pipeline: [] });
  await engine.addFiles([file!]);
  performance.clearResourceTimings();
  const started = performance.now();
  await engine.start();
  const ms = performance.now() - started;
  const complete = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/complete'));
  return { ms, completeMs: complete ? complete.duration : 0, state: engine.files[0]!.state };
}

Object.assign(window, { makeFile, runEngine });
