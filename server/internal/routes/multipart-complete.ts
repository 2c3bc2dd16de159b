import { UpupError, UpupErrorCode } from '../../errors.js';
import type { UploadedFileEvent } from '../../types.js';
import type { AmzChecksumAlgorithm } from '../amz-checksum.js';
import { readPartChecksum } from '../multipart-checksum.js';
import { MAX_PARTS } from '../part-size.js';
import { isPlainObject } from '../request-body.js';
import { toJsonResponse } from '../responses.js';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  isDeadUploadError,
  isRejectedPartsError,
  listAllParts,
  readObjectEtag,
  type PartToComplete,
  type StoragePart,
} from '../s3-operations.js';
import type { RouteContext, RouteFailure } from './context.js';
import { STORAGE_CALL_TIMEOUT_MS, STORAGE_COMMIT_TIMEOUT_MS, storageCall } from './storage-call.js';
import { findCommittedUpload, isDeadUploadFailure, toCompletePayload } from './multipart-complete-repeat.js';
import { deadUploadError, openUploadSession, type UploadSession } from './upload-session.js';

export const multipartCompleteFailure: RouteFailure = { message: 'Multipart complete failed', code: 'STORAGE_ERROR' };

function invalidParts(detail: string, cause?: unknown): UpupError {
  return new UpupError('Invalid parts list', UpupErrorCode.BAD_REQUEST, { status: 400, cause: cause ?? new Error(detail) });
}

/**
 * Ten thousand parts with an eTag and a SHA-256 each are ~1.5 MiB of JSON; every other route's
 * body stays within the handler's 1 MiB.
 */
const COMPLETE_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * `[{partNumber, eTag, checksum?}]`, unique part numbers, sorted ascending as storage requires.
 * With a checksum algorithm bound in the token every part names its digest in it (see readPartChecksum).
 */
function readRequestedParts(value: unknown, checksumAlgorithm: AmzChecksumAlgorithm | undefined): PartToComplete[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PARTS) throw invalidParts(`parts must be an array of 1 to ${MAX_PARTS} entries`);
  const seen = new Set<number>();
  const parts = value.map((entry: unknown) => {
    if (!isPlainObject(entry)) throw invalidParts('every part must be an object');
    const { partNumber, eTag, checksum } = entry;
    if (typeof partNumber !== 'number' || !Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PARTS) {
      throw invalidParts(`partNumber must be a whole number from 1 to ${MAX_PARTS}`);
    }
    if (typeof eTag !== 'string' || eTag === '' || eTag.length > 1024) throw invalidParts('eTag must be a non-empty string');
    if (seen.has(partNumber)) throw invalidParts(`part ${partNumber} is listed twice`);
    seen.add(partNumber);
    const partChecksum = readPartChecksum(checksum, checksumAlgorithm, partNumber);
    return { partNumber, eTag, ...(partChecksum ? { checksum: partChecksum } : {}) };
  });
  return parts.sort((left, right) => left.partNumber - right.partNumber);
}

/** ETags arrive with or without their quotes depending on who read them. */
function sameEtag(left: string, right: string): boolean {
  return left.replace(/"/g, '') === right.replace(/"/g, '');
}

/**
 * The committed object is the named parts, so their stored sizes are what the envelope is checked
 * against. A part storage lists with another digest than the client names was not this part.
 */
function matchStoredParts(requested: PartToComplete[], stored: StoragePart[]): Array<StoragePart & PartToComplete> {
  const byNumber = new Map(stored.map((part) => [part.partNumber, part]));
  return requested.map((part) => {
    const match = byNumber.get(part.partNumber);
    if (!match || !sameEtag(match.eTag, part.eTag)) throw invalidParts(`part ${part.partNumber} was not received by storage with that ETag`);
    if (match.checksum && part.checksum && match.checksum.value !== part.checksum.value) {
      throw invalidParts(`part ${part.partNumber} was received by storage with another ${part.checksum.algorithm}`);
    }
    return { ...match, ...(part.checksum ? { checksum: part.checksum } : {}) };
  });
}

async function abortOutsideEnvelope(ctx: RouteContext, session: UploadSession, received: number): Promise<never> {
  const { claims, storage } = session;
  try {
    await abortMultipartUpload(storage.client, storage.storage.bucket, claims.key, claims.uploadId, { abortSignal: AbortSignal.timeout(STORAGE_CALL_TIMEOUT_MS) });
  } catch (error) {
    ctx.reportSwallowed(error, 'abort after a size outside the signed envelope');
  }
  throw new UpupError('Upload size outside signed envelope', undefined, {
    status: 403,
    cause: new Error(`storage received ${received} bytes; the token allows ${claims.minSize} to ${claims.maxSize}`),
  });
}

async function commit(ctx: RouteContext, session: UploadSession, parts: PartToComplete[]): Promise<string | undefined> {
  const { claims, storage } = session;
  const { client } = storage;
  const { bucket } = storage.storage;
  try {
    const etag = await completeMultipartUpload(client, bucket, claims.key, claims.uploadId, parts, storageCall(ctx, STORAGE_COMMIT_TIMEOUT_MS));
    if (etag) return etag;
  } catch (error) {
    if (isDeadUploadError(error)) throw deadUploadError(error);
    if (isRejectedPartsError(error)) throw invalidParts('storage refused the parts', error);
    throw error;
  }
  // Ceph RGW (and services built on it) answer Complete with an empty ETag; the object has the real one.
  try {
    return await readObjectEtag(client, bucket, claims.key, storageCall(ctx));
  } catch (error) {
    ctx.reportSwallowed(error, 'reading the ETag of the completed object');
    return undefined;
  }
}

async function runAfterCommitHooks(ctx: RouteContext, file: UploadedFileEvent): Promise<void> {
  for (const name of ['onFileUploaded', 'onUploadComplete'] as const) {
    const hook = ctx.settings.hooks[name];
    if (!hook) continue;
    try {
      await hook(file);
    } catch (error) {
      ctx.reportSwallowed(error, name);
    }
  }
}

/** Lists what storage holds, checks it against the envelope, commits and runs the hooks. */
async function completeOpenUpload(ctx: RouteContext, session: UploadSession, requested: PartToComplete[]): Promise<Response> {
  const { claims, storage } = session;
  let stored: StoragePart[];
  try {
    stored = await listAllParts(storage.client, storage.storage.bucket, claims.key, claims.uploadId, storageCall(ctx), claims.checksumAlgorithm);
  } catch (error) {
    if (isDeadUploadError(error)) throw deadUploadError(error);
    throw error;
  }
  const parts = matchStoredParts(requested, stored);
  const received = parts.reduce((total, part) => total + part.size, 0);
  if (received < claims.minSize || received > claims.maxSize) await abortOutsideEnvelope(ctx, session, received);

  const etag = await commit(ctx, session, parts);
  const payload = await toCompletePayload(ctx, session, etag);
  await runAfterCommitHooks(ctx, {
    req: ctx.req,
    requestId: ctx.requestId,
    key: claims.key,
    size: received,
    ...(etag ? { etag } : {}),
    userId: claims.userId,
    source: 'multipart',
  });
  return toJsonResponse(payload);
}

/**
 * POST /multipart/complete: sums the bytes storage holds for the named parts, aborts when that is
 * outside the signed envelope, otherwise commits and runs the after-commit hooks (whose throws
 * are reported and swallowed: the object is durable, so the answer stays 200). A repeat for an
 * upload that already committed answers the same 200 without running the hooks again. With a
 * checksum algorithm bound at init, each part's digest is passed to CompleteMultipartUpload.
 */
export async function multipartCompleteRoute(ctx: RouteContext): Promise<Response> {
  const session = await openUploadSession(ctx, COMPLETE_BODY_LIMIT_BYTES);
  const requested = readRequestedParts(session.body.parts, session.claims.checksumAlgorithm);
  try {
    return await completeOpenUpload(ctx, session, requested);
  } catch (error) {
    if (!isDeadUploadFailure(error)) throw error;
    const committed = await findCommittedUpload(ctx, session);
    if (!committed) throw error;
    return toJsonResponse(committed);
  }
}
