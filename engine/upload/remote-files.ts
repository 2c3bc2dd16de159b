/**
 * Files whose bytes never pass through the browser: a cloud-drive import, which the server copies
 * from the provider into the bucket. They join the list like picked files, so counts, size and
 * type limits, the queue, retries, cancel, progress and the completion events all apply; only the
 * attempt itself differs, and the caller supplies it as `transfer`.
 *
 * Not applied to them: `onBeforeFileAdded`, the processing pipeline, content deduplication and
 * crash recovery, which all need the bytes.
 */
import { UploadFailureError } from '../core/errors.js';
import type { RemoteFileInput, RemoteTransferResult } from './remote-file-types.js';
import type { StrategyContext } from './strategy-context.js';
import type { UploadResult } from '../core/types.js';

/**
 * A `File` with no bytes that states the remote size, so the list, the limits and progress read it
 * like any other file. `size` is an own property over `Blob`'s getter; reading the bytes gives nothing.
 */
function createRemotePlaceholder(name: string, size: number, type = '', lastModified = Date.now()): File {
  const file = new File([], name, { type, lastModified });
  Object.defineProperty(file, 'size', { value: Math.max(0, size), enumerable: true });
  return file;
}

export function toRemotePlaceholder(input: RemoteFileInput): File {
  return createRemotePlaceholder(input.name, input.size ?? 0, input.type ?? '', input.lastModified);
}

/** The upload strategy of a remote entry: one server-side transfer, no byte progress until it ends. */
export async function transferRemote(context: StrategyContext): Promise<UploadResult> {
  const { entry } = context;
  const remote = entry.remote!;
  const release = await context.budget.acquire(context.signal);
  let stored: RemoteTransferResult;
  try {
    stored = await remote.transfer({
      signal: context.signal,
      requestContext: () => context.requestContext(),
      failure: (failure) => new UploadFailureError(failure),
    });
  } finally {
    release();
  }
  context.signal.throwIfAborted();
  // The real size is known only now: exports and some providers state none beforehand.
  if (stored.size !== entry.file.size) {
    entry.file = createRemotePlaceholder(entry.file.name, stored.size, stored.type || entry.file.type, entry.file.lastModified);
  }
  context.reportProgress(stored.size);
  const result: UploadResult = { key: stored.key, strategy: 'remote' };
  if (stored.downloadUrl) result.downloadUrl = stored.downloadUrl;
  if (stored.publicUrl) result.publicUrl = stored.publicUrl;
  return result;
}
