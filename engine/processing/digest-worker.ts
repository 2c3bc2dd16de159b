/**
 * Module worker that computes the digests of `checksumVerification` off the main thread: a part's
 * base64 MD5, a single PUT's MD5 (with its `x-amz-checksum-*` digest), and the file's SHA-256.
 * The page posts a Blob (structured clone passes a handle to the same bytes, not a copy); the
 * worker reads it slice by slice and answers the digest, so the main thread neither reads nor
 * hashes. Started by digest-worker-client.ts, which falls back to the same functions on the main
 * thread when no worker can run.
 * A blob larger than one read slice is read by a second instance of this script, started by the
 * first one (see blob-slices.ts: a read advances on the thread that asked for it, so reads asked
 * for on the hashing thread wait for the hashing); where that reader cannot start, this worker
 * reads ahead on its own thread.
 */
import type { AmzChecksumAlgorithm } from './amz-checksum-hasher.js';
import { feedSlices, readSlices, readSlicesThrough, READ_SLICE_BYTES, type ReadRequest, type SliceSource } from './blob-slices.js';
import { fileSha256Hex, md5Base64, uploadDigests } from './wasm-digests.js';

export type DigestJob =
  | { id: number; kind: 'md5'; blob: Blob }
  | { id: number; kind: 'upload'; blob: Blob; algorithm: AmzChecksumAlgorithm | undefined }
  | { id: number; kind: 'sha256'; blob: Blob };

/** Stops a job whose upload was paused, cancelled or failed. */
export interface DigestCancel {
  id: number;
  cancel: true;
}

/** `ready` is posted once the worker's code has loaded, before any job. */
export type DigestReply = { ready: true } | { id: number; value: unknown } | { id: number; error: string };

// The DOM typings describe a window, whose postMessage takes a target origin.
const scope = globalThis as unknown as {
  location: { href: string };
  postMessage(message: DigestReply): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<DigestJob | DigestCancel | ReadRequest>) => void): void;
};

const running = new Map<number, AbortController>();

/** A reader that has not said it is ready by then is not waited for again. Slack for a loaded machine. */
const READER_READY_TIMEOUT_MS = 10_000;

let reader: Promise<Worker | undefined> | undefined;

/** The reader worker (this script again), once it has started; undefined where it cannot. */
function startReader(): Promise<Worker | undefined> {
  reader ??= new Promise<Worker | undefined>((resolve) => {
    try {
      const started = new Worker(scope.location.href, { type: 'module' });
      const give = (worker: Worker | undefined): void => {
        clearTimeout(timer);
        if (!worker) started.terminate();
        resolve(worker);
      };
      const timer = setTimeout(() => give(undefined), READER_READY_TIMEOUT_MS);
      started.addEventListener('message', () => give(started), { once: true });
      started.addEventListener(
        'error',
        (event) => {
          event.preventDefault();
          give(undefined);
        },
        { once: true },
      );
    } catch {
      // No nested workers here: this worker reads on its own thread.
      resolve(undefined);
    }
  });
  return reader;
}

/**
 * The slices of a blob: through the reader worker for a blob of several slices (started by the
 * first such read, not before: a part or a file WebCrypto hashes whole never needs it), else read
 * on this thread.
 */
const slices: SliceSource = async function* (blob, signal) {
  const worker = blob.size > READ_SLICE_BYTES && typeof Worker === 'function' ? await startReader() : undefined;
  yield* worker ? readSlicesThrough(worker, blob, signal) : readSlices(blob, signal);
};

function compute(job: DigestJob, signal: AbortSignal): Promise<unknown> {
  switch (job.kind) {
    case 'md5':
      return md5Base64(job.blob, signal, slices);
    case 'upload':
      return uploadDigests(job.blob, job.algorithm, signal, slices);
    case 'sha256':
      return fileSha256Hex(job.blob, signal, slices);
  }
}

async function runJob(job: DigestJob): Promise<void> {
  const controller = new AbortController();
  running.set(job.id, controller);
  try {
    scope.postMessage({ id: job.id, value: await compute(job, controller.signal) });
  } catch (error) {
    scope.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    running.delete(job.id);
  }
}

scope.addEventListener('message', ({ data }) => {
  if ('readInto' in data) void feedSlices(data);
  else if ('cancel' in data) running.get(data.id)?.abort();
  else void runJob(data);
});
scope.postMessage({ ready: true });
