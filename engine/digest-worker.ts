/**
 * Module worker that computes the digests of `checksumVerification` off the main thread: a part's
 * base64 MD5, a single PUT's MD5 (with its `x-amz-checksum-*` digest), and the file's SHA-256.
 * The page posts a Blob (structured clone passes a handle to the same bytes, not a copy); the
 * worker reads it slice by slice and answers the digest, so the main thread neither reads nor
 * hashes. Started by digest-worker-client.ts, which falls back to the same functions on the main
 * thread when no worker can run.
 */
import type { AmzChecksumAlgorithm } from './amz-checksum-hasher.js';
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
  postMessage(message: DigestReply): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<DigestJob | DigestCancel>) => void): void;
};

const running = new Map<number, AbortController>();

function compute(job: DigestJob, signal: AbortSignal): Promise<unknown> {
  switch (job.kind) {
    case 'md5': return md5Base64(job.blob, signal);
    case 'upload': return uploadDigests(job.blob, job.algorithm, signal);
    case 'sha256': return fileSha256Hex(job.blob, signal);
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
  if ('cancel' in data) running.get(data.id)?.abort();
  else void runJob(data);
});
scope.postMessage({ ready: true });
