/**
 * `deleteUnconfirmedUploads`: removes objects that were uploaded and never completed. A browser
 * that PUTs a file and closes the page before /complete leaves an object no hook ever heard of;
 * the handler keeps no list of them, but every completed object has a `done` completion marker
 * (written after its hooks ran), so an object without one, older than the completion window, was
 * never confirmed. Run it from a scheduled job.
 */
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, type S3Client, type _Object } from '@aws-sdk/client-s3';
import { createConfigError } from './errors.js';
import { readCompletionSettings } from './internal/completion/completion-settings.js';
import { markerFolderFor } from './internal/completion/marker-store.js';
import { assertUsableStorage, getS3Client } from './internal/storage-config.js';
import type { StorageConfig } from './types.js';

export interface UnconfirmedUploadsOptions {
  /**
   * Only objects under this key prefix: where your `keyStrategy` puts uploads. Required, since an
   * object your own code writes elsewhere has no marker and would count as unconfirmed; `''` is
   * the whole bucket (the markers' folder is always skipped).
   */
  prefix: string;
  /**
   * Only objects last modified at least this many seconds ago; default 172800 (two days: a
   * completion token lives one day, so an upload that old can no longer be completed).
   */
  olderThanSeconds?: number;
  /** The handler's `completion.markerPrefix`, when it is not the default. */
  markerPrefix?: string;
  /** List what would be deleted, delete nothing. */
  dryRun?: boolean;
}

export interface UnconfirmedUploadsResult {
  /** Keys deleted (or, with `dryRun`, that would be). */
  unconfirmed: string[];
  /** Objects looked at. */
  examined: number;
}

const DEFAULT_OLDER_THAN_SECONDS = 2 * 86_400;

async function* listObjects(client: S3Client, bucket: string, prefix: string | undefined): AsyncGenerator<_Object> {
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    yield* page.Contents ?? [];
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

async function isDoneMarker(client: S3Client, bucket: string, key: string): Promise<{ done: boolean; objectKey?: string }> {
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const record = JSON.parse(await answer.Body!.transformToString()) as { state?: unknown; key?: unknown };
    return { done: record.state === 'done', ...(typeof record.key === 'string' ? { objectKey: record.key } : {}) };
  } catch {
    return { done: false };
  }
}

/**
 * An object counts as confirmed when a `done` marker of its key was written at or after the
 * object's last change: a later PUT through a still-valid URL replaces the object with bytes no
 * verdict saw, and then it counts as unconfirmed again.
 */
async function isConfirmed(client: S3Client, bucket: string, markerPrefix: string, object: _Object): Promise<boolean> {
  const folder = await markerFolderFor(markerPrefix, object.Key!);
  for await (const marker of listObjects(client, bucket, folder)) {
    if ((marker.LastModified?.getTime() ?? 0) < (object.LastModified?.getTime() ?? 0)) continue;
    const { done, objectKey } = await isDoneMarker(client, bucket, marker.Key!);
    if (done && objectKey === object.Key) return true;
  }
  return false;
}

/**
 * Lists the bucket (or `prefix`) and deletes every object older than `olderThanSeconds` that no
 * completion confirmed. Needs s3:ListBucket, s3:GetObject on the markers and s3:DeleteObject.
 */
export async function deleteUnconfirmedUploads(storage: StorageConfig, options: UnconfirmedUploadsOptions): Promise<UnconfirmedUploadsResult> {
  assertUsableStorage(storage);
  if (typeof options?.prefix !== 'string')
    throw createConfigError("deleteUnconfirmedUploads needs options.prefix: the key prefix uploads are stored under ('' for the whole bucket)");
  const { markerPrefix } = readCompletionSettings(options.markerPrefix === undefined ? undefined : { markerPrefix: options.markerPrefix });
  const olderThanSeconds = options.olderThanSeconds ?? DEFAULT_OLDER_THAN_SECONDS;
  if (typeof olderThanSeconds !== 'number' || !Number.isFinite(olderThanSeconds) || olderThanSeconds < 0) {
    throw createConfigError(`olderThanSeconds must be a number of seconds >= 0; got ${String(olderThanSeconds)}`);
  }
  const client = getS3Client(storage);
  const cutoff = Date.now() - olderThanSeconds * 1000;
  const unconfirmed: string[] = [];
  let examined = 0;
  for await (const object of listObjects(client, storage.bucket, options.prefix === '' ? undefined : options.prefix)) {
    if (!object.Key || object.Key.startsWith(markerPrefix)) continue;
    examined += 1;
    if ((object.LastModified?.getTime() ?? Date.now()) > cutoff) continue;
    if (await isConfirmed(client, storage.bucket, markerPrefix, object)) continue;
    unconfirmed.push(object.Key);
    if (!options.dryRun) await client.send(new DeleteObjectCommand({ Bucket: storage.bucket, Key: object.Key }));
  }
  return { unconfirmed, examined };
}
