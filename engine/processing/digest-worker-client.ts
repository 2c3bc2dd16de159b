/**
 * The digests of `checksumVerification`, computed in a module worker (digest-worker.ts) so that
 * the main thread neither reads the bytes nor hashes them: the page posts the Blob (a handle, not
 * a copy) and gets the digest back. Same functions and answers as wasm-digests.ts, which runs
 * them on the main thread instead whenever the worker gives no answer:
 * - no `Worker` at all, or a constructor that throws (a bundle served from another origin);
 * - a worker that never starts: a Content-Security-Policy whose `worker-src` (or `script-src`)
 *   refuses it shows up as an `error` event before the worker says it is ready. The page then
 *   stops trying workers for its lifetime: the policy will not change;
 * - a job that fails or a worker that crashes later: the main thread runs the job again, which
 *   also surfaces a read failure (a file changed on disk) with its own error type.
 * One worker is shared by every engine of the page; it is started by the first job and
 * terminated once it has had no job for `IDLE_STOP_MS`.
 */
import { readSlices } from './blob-slices.js';
import type { AmzChecksumAlgorithm } from './amz-checksum-hasher.js';
import { MainThreadSlicer } from '../core/main-thread-yield.js';
import type { DigestCancel, DigestJob, DigestReply } from './digest-worker.js';
import type { ContentChecksum } from '../../protocol/wire.js';

/** A worker that has not loaded by then is taken as refused. Slack for a loaded machine. */
const READY_TIMEOUT_MS = 20_000;
/** An idle worker is stopped after this; the next upload with verification starts a new one. */
const IDLE_STOP_MS = 10_000;

type DigestRequest = DigestJob extends infer Job ? (Job extends DigestJob ? Omit<Job, 'id'> : never) : never;

interface PendingJob {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Session {
  worker: Worker;
  jobs: Map<number, PendingJob>;
  ready: boolean;
  readyTimer: ReturnType<typeof setTimeout>;
}

let session: Session | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let workersRefused = false;
let lastId = 0;

function startSession(): Session {
  const worker = new Worker(new URL('./digest-worker.js', import.meta.url), { type: 'module' });
  const started: Session = {
    worker,
    jobs: new Map(),
    ready: false,
    readyTimer: setTimeout(() => endSession(started, new Error('The digest worker did not start'), true), READY_TIMEOUT_MS),
  };
  worker.addEventListener('message', ({ data }: MessageEvent<DigestReply>) => {
    if ('ready' in data) {
      started.ready = true;
      clearTimeout(started.readyTimer);
      return;
    }
    const job = started.jobs.get(data.id);
    if (!job) return;
    started.jobs.delete(data.id);
    if ('error' in data) job.reject(new Error(data.error));
    else job.resolve(data.value);
    if (started.jobs.size === 0) scheduleIdleStop(started);
  });
  worker.addEventListener('error', (event) => {
    // Handled here: the digest is still computed, on the main thread.
    event.preventDefault();
    endSession(started, new Error('The digest worker failed'), !started.ready);
  });
  worker.addEventListener('messageerror', () => endSession(started, new Error('A reply of the digest worker could not be read'), false));
  return started;
}

/** Terminates the worker and rejects what it still had; `refused`: never try a worker again. */
function endSession(ended: Session, reason: unknown, refused: boolean): void {
  if (refused) workersRefused = true;
  clearTimeout(ended.readyTimer);
  ended.worker.terminate();
  if (session === ended) {
    session = undefined;
    clearTimeout(idleTimer);
  }
  const jobs = [...ended.jobs.values()];
  ended.jobs.clear();
  for (const job of jobs) job.reject(reason);
}

function scheduleIdleStop(idle: Session): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (idle.jobs.size === 0) endSession(idle, new Error('The digest worker was idle'), false);
  }, IDLE_STOP_MS);
}

/** Terminates the shared worker, if one runs; what it still had is computed on the main thread. */
export function stopDigestWorker(): void {
  if (session) endSession(session, new Error('The digest worker was stopped'), false);
}

function runInWorker(request: DigestRequest, signal: AbortSignal | undefined): Promise<unknown> {
  if (typeof Worker !== 'function') return Promise.reject(new Error('This browser has no Web Workers'));
  let current: Session;
  try {
    current = session ??= startSession();
  } catch (error) {
    workersRefused = true;
    return Promise.reject(error);
  }
  clearTimeout(idleTimer);
  const id = (lastId += 1);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      current.jobs.delete(id);
      reject(signal!.reason);
      current.worker.postMessage({ id, cancel: true } satisfies DigestCancel);
      if (current.jobs.size === 0) scheduleIdleStop(current);
    };
    const settled = (): void => signal?.removeEventListener('abort', onAbort);
    signal?.addEventListener('abort', onAbort, { once: true });
    current.jobs.set(id, {
      resolve: (value) => {
        settled();
        resolve(value);
      },
      reject: (error) => {
        settled();
        reject(error);
      },
    });
    current.worker.postMessage({ ...request, id } as DigestJob);
  });
}

/** The digest from the worker, or from the main thread when the worker gives none. */
async function compute(request: DigestRequest, signal: AbortSignal | undefined): Promise<unknown> {
  signal?.throwIfAborted();
  if (!workersRefused) {
    try {
      return await runInWorker(request, signal);
    } catch {
      signal?.throwIfAborted();
    }
  }
  const digests = await import('./wasm-digests.js');
  switch (request.kind) {
    case 'md5':
      return digests.md5Base64(request.blob, signal, readSlicesYielding);
    case 'upload':
      return digests.uploadDigests(request.blob, request.algorithm, signal, readSlicesYielding);
    case 'sha256':
      return digests.fileSha256Hex(request.blob, signal, readSlicesYielding);
  }
}

/**
 * Bytes hashed on the main thread between two checks whether the page is due its thread back: a
 * few milliseconds of plain-JS hashing (a page whose policy refuses WebAssembly too), well under
 * a long task.
 */
const MAIN_THREAD_CHUNK_BYTES = 256 * 1024;

/**
 * The blob's read slices cut into small chunks, handing the main thread back between them when
 * the slice of work is used up (main-thread-yield.ts): without a worker, an 8 MiB slice hashed in
 * plain JS is one task of a tenth of a second or more, and a large file many of them in a row.
 */
async function* readSlicesYielding(blob: Blob, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  const slicer = new MainThreadSlicer();
  for await (const bytes of readSlices(blob, signal)) {
    for (let offset = 0; offset < bytes.length; offset += MAIN_THREAD_CHUNK_BYTES) {
      // The chunk before this one has been hashed by the time the next one is asked for.
      if (slicer.due()) await slicer.yield();
      signal?.throwIfAborted();
      yield bytes.subarray(offset, offset + MAIN_THREAD_CHUNK_BYTES);
    }
  }
}

/** Base64 MD5 of a blob (a part, as `Content-MD5`), read slice by slice. */
export async function md5Base64(blob: Blob, signal?: AbortSignal): Promise<string> {
  return (await compute({ kind: 'md5', blob }, signal)) as string;
}

/** Base64 MD5 of a blob and, with `algorithm`, its `x-amz-checksum-*` digest, in one read. */
export async function uploadDigests(
  blob: Blob,
  algorithm: AmzChecksumAlgorithm | undefined,
  signal?: AbortSignal,
): Promise<{ contentMd5: string; checksum?: ContentChecksum }> {
  return (await compute({ kind: 'upload', blob, algorithm }, signal)) as { contentMd5: string; checksum?: ContentChecksum };
}

/** Hex SHA-256 of a whole file (`metadata.checksumSha256`). */
export async function fileSha256Hex(blob: Blob, signal?: AbortSignal): Promise<string> {
  return (await compute({ kind: 'sha256', blob }, signal)) as string;
}
