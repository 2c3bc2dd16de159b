import { UpupError, UpupErrorCode } from '../../errors.js';
import type { AmzChecksumAlgorithm } from '../amz-checksum.js';
import {
  completeOnceAfterRead,
  isCompletionBusy,
  toCompletionBusyResponse,
  type CompletionOutcome,
  type CompletionTarget,
} from '../completion/complete-once.js';
import { toCompletedPayload } from '../completion/completed-payload.js';
import { finalizeStoredUpload, type StoredUpload } from '../completion/finalize-upload.js';
import { markerKeyFor } from '../completion/marker-store.js';
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
  readStoredObject,
  type PartToComplete,
  type StoragePart,
  type StoredObjectSummary,
} from '../s3-operations.js';
import type { RouteContext, RouteFailure } from './context.js';
import { detachedStorageCall, STORAGE_COMMIT_TIMEOUT_MS } from './storage-call.js';
import { findCommittedObject } from './multipart-complete-repeat.js';
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
    await abortMultipartUpload(storage.client, storage.storage.bucket, claims.key, claims.uploadId, detachedStorageCall());
  } catch (error) {
    ctx.reportSwallowed(error, 'abort after a size outside the signed envelope');
  }
  throw new UpupError('Upload size outside signed envelope', undefined, {
    status: 403,
    cause: new Error(`storage received ${received} bytes; the token allows ${claims.minSize} to ${claims.maxSize}`),
  });
}

/**
 * Commits the named parts and reads the object back (its ETag, which Ceph RGW does not answer
 * Complete with, and its type). Runs under the claim and detached from the client: a client that
 * leaves mid-commit must not leave an object whose hooks never ran. When storage no longer knows
 * the upload, a request that held the claim before committed it; its object is looked up by nonce.
 */
async function commit(ctx: RouteContext, session: UploadSession, parts: Array<StoragePart & PartToComplete>): Promise<StoredObjectSummary> {
  const { claims, storage } = session;
  const { client } = storage;
  const { bucket } = storage.storage;
  let etag: string | undefined;
  try {
    etag = await completeMultipartUpload(client, bucket, claims.key, claims.uploadId, parts, detachedStorageCall(STORAGE_COMMIT_TIMEOUT_MS));
  } catch (error) {
    if (isRejectedPartsError(error)) throw invalidParts('storage refused the parts', error);
    if (!isDeadUploadError(error)) throw error;
    const committed = await findCommittedObject(session);
    if (!committed) throw deadUploadError(error);
    return committed;
  }
  const size = parts.reduce((total, part) => total + part.size, 0);
  try {
    const stored = await readStoredObject(client, bucket, claims.key, detachedStorageCall());
    if (stored) return { ...stored, etag: etag ?? stored.etag };
  } catch (error) {
    ctx.reportSwallowed(error, 'reading the completed object');
  }
  return { size, etag, uploadNonce: claims.uploadNonce, contentType: undefined, checksumSha256: undefined, checksums: {}, etagIsNotMd5: false };
}

function toStoredUpload(session: UploadSession, object: StoredObjectSummary): StoredUpload {
  const { claims } = session;
  return {
    key: claims.key,
    size: object.size,
    ...(object.etag ? { etag: object.etag } : {}),
    userId: claims.userId,
    source: 'multipart',
    uploadId: claims.uploadId,
    ...(object.contentType ? { type: object.contentType } : {}),
  };
}

/**
 * Storage no longer knows the upload: it was committed (its answer lost, or the client cut off
 * mid-commit), aborted or reaped. Reached under the claim, so no outcome was recorded: this
 * upload's object gets its verdict and hooks now; anything else is 404.
 */
async function finalizeForgottenUpload(ctx: RouteContext, session: UploadSession, cause: unknown): Promise<CompletionOutcome> {
  const committed = await findCommittedObject(session);
  if (!committed) throw deadUploadError(cause);
  return finalizeStoredUpload(ctx, session.storage, toStoredUpload(session, committed));
}

/** Checks what storage holds against the envelope, then commits and finalizes; under the claim. */
async function commitListedParts(
  ctx: RouteContext,
  session: UploadSession,
  requested: PartToComplete[],
  listing: Promise<StoragePart[]>,
): Promise<CompletionOutcome> {
  let stored: StoragePart[];
  try {
    stored = await listing;
  } catch (error) {
    if (isDeadUploadError(error)) return finalizeForgottenUpload(ctx, session, error);
    throw error;
  }
  const parts = matchStoredParts(requested, stored);
  const received = parts.reduce((total, part) => total + part.size, 0);
  const { claims } = session;
  if (received < claims.minSize || received > claims.maxSize) await abortOutsideEnvelope(ctx, session, received);
  return finalizeStoredUpload(ctx, session.storage, toStoredUpload(session, await commit(ctx, session, parts)));
}

/**
 * Lists the parts storage holds while claiming the completion (see completeOnceAfterRead); a
 * repeat whose outcome is recorded answers from it, whatever the listing says.
 */
function completeUpload(ctx: RouteContext, session: UploadSession, requested: PartToComplete[], target: CompletionTarget): Promise<CompletionOutcome> {
  const { claims, storage } = session;
  const listParts = () => listAllParts(storage.client, storage.storage.bucket, claims.key, claims.uploadId, detachedStorageCall(), claims.checksumAlgorithm);
  return completeOnceAfterRead(ctx, target, listParts, (listing) => commitListedParts(ctx, session, requested, listing));
}

/**
 * POST /multipart/complete: sums the bytes storage holds for the named parts, aborts when that is
 * outside the signed envelope, otherwise commits, asks `verifyUpload` and runs the after-commit
 * hooks, once per upload whatever the number of requests (see completion/complete-once.ts). A
 * repeat answers the same 200 (or the same refusal). With a checksum algorithm bound at init, each
 * part's digest is passed to CompleteMultipartUpload.
 */
export async function multipartCompleteRoute(ctx: RouteContext): Promise<Response> {
  const session = await openUploadSession(ctx, COMPLETE_BODY_LIMIT_BYTES);
  const requested = readRequestedParts(session.body.parts, session.claims.checksumAlgorithm);
  const { claims } = session;
  const markerKey = await markerKeyFor(ctx.settings.completion.markerPrefix, claims.key, 'multipart', claims.uploadId);
  const target: CompletionTarget = { storage: session.storage, markerKey, key: claims.key, uploadId: claims.uploadId, source: 'multipart' };
  let outcome: CompletionOutcome;
  try {
    outcome = await completeUpload(ctx, session, requested, target);
  } catch (error) {
    if (isCompletionBusy(error)) return toCompletionBusyResponse();
    throw error;
  }
  return toJsonResponse(await toCompletedPayload(ctx, session.storage, outcome));
}
