/**
 * Browser half of the engine multipart benchmark: runs in the page, driven by
 * engine-multipart.ts. Compares the engine with a raw parallel-PUT loop over the same parts.
 */
import { UploadEngine } from '../engine/index.js';
import { randomBenchFile } from './support/random-file.js';

const MIB = 1024 * 1024;

interface BenchWindow {
  makeFile(sizeMiB: number): number;
  runEngine(concurrency: number, chunkMiB: number): Promise<{ ms: number; state: string }>;
  runRawLoop(concurrency: number, chunkMiB: number): Promise<{ ms: number; parts: number }>;
}

let file: File | undefined;

function makeFile(sizeMiB: number): number {
  file = randomBenchFile(sizeMiB, 'bench');
  return file.size;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`/api/upload${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

async function runEngine(concurrency: number, chunkMiB: number): Promise<{ ms: number; state: string }> {
  const engine = new UploadEngine({
    serverUrl: '/api/upload',
    resumable: { protocol: 'multipart', chunkSizeBytes: chunkMiB * MIB, maxConcurrentParts: concurrency, persist: false },
    maxConnections: concurrency,
  });
  await engine.addFiles([file!]);
  let lastPart = 0;
  let progressEvents = 0;
  engine.on('part-uploaded', () => (lastPart = performance.now()));
  engine.on('file-progress', () => (progressEvents += 1));
  const started = performance.now();
  await engine.start();
  const ms = performance.now() - started;
  console.log(`engine run: last part stored at ${(lastPart - started).toFixed(0)} ms, complete at ${ms.toFixed(0)} ms, ${progressEvents} progress events`);
  return { ms, state: engine.files[0]!.state };
}

/** The floor: the same parts PUT with plain fetch, URLs signed beforehand (not timed). */
async function runRawLoop(concurrency: number, chunkMiB: number): Promise<{ ms: number; parts: number }> {
  const target = file!;
  const init = await post<{ token: string; partSize: number }>('/multipart/init', {
    name: target.name,
    type: target.type,
    size: target.size,
    chunkSizeBytes: chunkMiB * MIB,
  });
  const count = Math.ceil(target.size / init.partSize);
  const urls: string[] = [];
  for (let partNumber = 1; partNumber <= count; partNumber += 1) {
    urls.push((await post<{ uploadUrl: string }>('/multipart/sign-part', { token: init.token, partNumber })).uploadUrl);
  }
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        const start = index * init.partSize;
        const response = await fetch(urls[index]!, { method: 'PUT', body: target.slice(start, Math.min(target.size, start + init.partSize)) });
        if (!response.ok) throw new Error(`part ${index + 1} answered ${response.status}`);
      }
    }),
  );
  const ms = performance.now() - started;
  await post('/multipart/abort', { token: init.token });
  return { ms, parts: count };
}

Object.assign(window as unknown as BenchWindow, { makeFile, runEngine, runRawLoop });
