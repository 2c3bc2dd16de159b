/**
 * Completion markers: one small JSON object per stored upload, under a reserved prefix of the
 * upload's own bucket, written only with S3 conditional writes. `If-None-Match: *` creates it (the
 * claim: exactly one writer wins, whatever instance it runs on); `If-Match: <etag>` moves it on
 * (lease renewal, take-over, the final state), so a writer that lost its claim cannot overwrite
 * the one that holds it. AWS S3, Cloudflare R2, MinIO and Ceph RGW enforce both.
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { sha256Hex } from '../encoding.js';
import type { StorageCallOptions } from '../s3-operations.js';

export const DEFAULT_MARKER_PREFIX = '.svc-uploader/completions/';

export type CompletionSource = 'single' | 'multipart' | 'drive';

export interface MarkerRefusal {
  status: number;
  message: string;
  code?: string;
}

/**
 * `claimed`: a request holds the lease and is running the verdict and hooks until `leaseExpiresAt`
 * (epoch ms, renewed while it runs). `released`: the holder failed before the hooks ran; anyone may
 * claim it. `done` and `refused` are final: the hooks ran, or the upload was refused and deleted.
 */
export interface MarkerRecord {
  v: 1;
  state: 'claimed' | 'released' | 'done' | 'refused';
  key: string;
  uploadId: string;
  source: CompletionSource;
  holder?: string;
  leaseExpiresAt?: number;
  size?: number;
  etag?: string;
  /** Where the object counts when `verifyUpload` moved it (the quarantine recipe). */
  acceptedKey?: string;
  refusal?: MarkerRefusal;
}

export interface StoredMarker {
  record: MarkerRecord;
  etag: string;
}

/** Where the upload's marker lives: per object key and per upload, so a key written twice gets two. */
export async function markerKeyFor(prefix: string, key: string, source: CompletionSource, uploadId: string): Promise<string> {
  const [keyDigest, uploadDigest] = await Promise.all([sha256Hex(key), sha256Hex(`${source}\n${uploadId}`)]);
  return `${prefix}${keyDigest}/${uploadDigest.slice(0, 32)}`;
}

/** The folder of every marker of `key` (the clean-up helper lists it). */
export async function markerFolderFor(prefix: string, key: string): Promise<string> {
  return `${prefix}${await sha256Hex(key)}/`;
}

function errorCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { name, Code } = error as { name?: unknown; Code?: unknown };
  return typeof Code === 'string' ? Code : typeof name === 'string' ? name : undefined;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

/**
 * Another writer got there first: 412 from every store; 409 `ConditionalRequestConflict` from AWS
 * S3 for two conditional writes at the same moment; 404 from AWS S3 for `If-Match` on a key that
 * no longer exists (Ceph RGW answers 412).
 */
function isLostRace(error: unknown): boolean {
  const status = statusOf(error);
  const code = errorCodeOf(error);
  return status === 412 || status === 409 || code === 'PreconditionFailed' || code === 'ConditionalRequestConflict' || code === 'NoSuchKey';
}

function isMissing(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === 'NoSuchKey' || code === 'NotFound' || statusOf(error) === 404;
}

function unquoted(etag: string): string {
  return etag.replace(/"/g, '');
}

function parseRecord(text: string): MarkerRecord | undefined {
  try {
    const value = JSON.parse(text) as Partial<MarkerRecord>;
    if (value?.v !== 1 || !['claimed', 'released', 'done', 'refused'].includes(value.state ?? '')) return undefined;
    return value as MarkerRecord;
  } catch {
    return undefined;
  }
}

export async function readMarker(client: S3Client, bucket: string, markerKey: string, options: StorageCallOptions): Promise<StoredMarker | undefined> {
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: markerKey }), options);
    const record = parseRecord(await answer.Body!.transformToString());
    // Something else under the reserved prefix: treat it as a claim nobody holds, so it is taken over.
    const usable = record ?? { v: 1, state: 'released', key: '', uploadId: '', source: 'single' };
    return { record: usable, etag: unquoted(answer.ETag ?? '') };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

function putMarker(
  client: S3Client,
  bucket: string,
  markerKey: string,
  record: MarkerRecord,
  condition: { IfNoneMatch: '*' } | { IfMatch: string },
  options: StorageCallOptions,
) {
  return client.send(
    new PutObjectCommand({ Bucket: bucket, Key: markerKey, Body: JSON.stringify(record), ContentType: 'application/json', ...condition }),
    options,
  );
}

/** Creates the marker if there is none; the new ETag, or undefined when one exists already. */
export async function createMarker(
  client: S3Client,
  bucket: string,
  markerKey: string,
  record: MarkerRecord,
  options: StorageCallOptions,
): Promise<string | undefined> {
  try {
    const answer = await putMarker(client, bucket, markerKey, record, { IfNoneMatch: '*' }, options);
    return unquoted(answer.ETag ?? '');
  } catch (error) {
    if (isLostRace(error)) return undefined;
    throw error;
  }
}

/**
 * Replaces the marker only while it is still the version `expectedEtag` names; the new ETag, or
 * undefined when someone else wrote it since. Ceph RGW matches `If-Match` against the bare ETag
 * and AWS S3 documents the quoted one, so the bare form is sent first and the quoted one when it
 * is refused: a marker that really changed refuses both, so the write still happens at most once.
 */
export async function replaceMarker(
  client: S3Client,
  bucket: string,
  markerKey: string,
  expectedEtag: string,
  record: MarkerRecord,
  options: StorageCallOptions,
): Promise<string | undefined> {
  for (const form of [expectedEtag, `"${expectedEtag}"`]) {
    try {
      const answer = await putMarker(client, bucket, markerKey, record, { IfMatch: form }, options);
      return unquoted(answer.ETag ?? '');
    } catch (error) {
      if (!isLostRace(error)) throw error;
    }
  }
  return undefined;
}

export async function deleteStoredObject(client: S3Client, bucket: string, key: string, options: StorageCallOptions): Promise<void> {
  await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }), options);
}
