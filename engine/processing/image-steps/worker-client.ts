/**
 * The main-thread side of image-worker.ts: the `runInWorker` of the compression and thumbnail
 * steps. One module worker is started on the first job and kept for the following files; jobs
 * carry ids, so several files may be in it at once.
 *
 * Every way of not getting an answer ends in a rejection, which makes the engine run the step on
 * the main thread: no `Worker` at all; a constructor that throws (a browser without module
 * workers, a script on another origin than the page, as when the bundle comes from a CDN); a
 * worker that fails to load or crashes (`error`: also how Chromium reports a Content-Security-Policy
 * that forbids workers); a reply that cannot be read (`messageerror`); and a worker that stays
 * silent past `workerTimeoutMs`. A worker that failed is terminated and the next job starts a new one.
 */
import type { PipelineContext, PipelineStepOutput } from '../../core/types.js';
import type { WorkerCancel, WorkerJob, WorkerReply, WorkerStep } from './image-worker.js';

/** The engine's default `workerTimeoutMs`; the engine stops waiting then too. */
const DEFAULT_TIMEOUT_MS = 30_000;

interface PendingJob {
  resolve(output: PipelineStepOutput | void): void;
  reject(error: unknown): void;
}

/** A started worker and the jobs it has not answered yet. */
interface Session {
  worker: Worker;
  jobs: Map<number, PendingJob>;
}

let session: Session | undefined;
let lastId = 0;

function startSession(): Session {
  const worker = new Worker(new URL('./image-worker.js', import.meta.url), { type: 'module' });
  const started: Session = { worker, jobs: new Map() };
  worker.addEventListener('message', ({ data }: MessageEvent<WorkerReply>) => {
    const job = started.jobs.get(data.id);
    if (!job) return;
    started.jobs.delete(data.id);
    if ('error' in data) job.reject(new Error(data.error));
    else job.resolve(data.output);
  });
  worker.addEventListener('error', (event) => {
    // Handled here: the step still runs, on the main thread.
    event.preventDefault();
    endSession(started, new Error(`The image worker failed: ${event.message || 'it could not be loaded'}`));
  });
  worker.addEventListener('messageerror', () => endSession(started, new Error('A reply of the image worker could not be read')));
  return started;
}

/** Terminates the worker and rejects what it still had; the next job starts a new one. */
function endSession(ended: Session, reason: unknown): void {
  ended.worker.terminate();
  if (session === ended) session = undefined;
  const jobs = [...ended.jobs.values()];
  ended.jobs.clear();
  for (const job of jobs) job.reject(reason);
}

/** Terminates the shared worker, if one runs; what it still had runs on the main thread, and the next job starts a new one. */
export function stopImageWorker(): void {
  if (session) endSession(session, new Error('The image worker was stopped'));
}

function optionOf(step: WorkerStep, context: PipelineContext): unknown {
  return step === 'compression' ? context.options.imageCompression : context.options.thumbnailGenerator;
}

/** Runs `step` on `context.file` in the shared image worker; rejects whenever the main thread should run it instead. */
export async function runInImageWorker(step: WorkerStep, context: PipelineContext): Promise<PipelineStepOutput | void> {
  const { signal } = context;
  signal.throwIfAborted();
  if (typeof Worker !== 'function') throw new Error('This browser has no Web Workers');
  const current = (session ??= startSession());
  const id = (lastId += 1);
  const timeoutMs = context.options.workerTimeoutMs ?? DEFAULT_TIMEOUT_MS;

  return new Promise<PipelineStepOutput | void>((resolve, reject) => {
    const settled = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = (): void => {
      current.jobs.delete(id);
      settled();
      reject(signal.reason);
      // A worker busy with other files too only drops this one; one working for this file alone is stopped.
      if (current.jobs.size > 0) current.worker.postMessage({ id, cancel: true } satisfies WorkerCancel);
      else endSession(current, signal.reason);
    };
    const timer = setTimeout(() => endSession(current, new Error(`The image worker gave no answer within ${timeoutMs} ms`)), timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });
    current.jobs.set(id, {
      resolve: (output) => {
        settled();
        resolve(output);
      },
      reject: (error) => {
        settled();
        reject(error);
      },
    });
    try {
      current.worker.postMessage({ id, step, file: context.file, options: optionOf(step, context) } satisfies WorkerJob);
    } catch (error) {
      // Options that cannot be cloned (a function, a proxy): the main thread reads them as they are.
      current.jobs.delete(id);
      settled();
      reject(error);
    }
  });
}
