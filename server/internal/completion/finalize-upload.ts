/**
 * What happens to an object once storage holds it, on every way in (single upload, multipart,
 * drive transfer): the host's verdict (`verifyUpload`), then `onFileUploaded` and
 * `onUploadComplete`. Runs under the upload's completion claim (complete-once.ts), so at most one
 * request runs it for an object.
 */
import { isUpupError, UpupError } from '../../errors.js';
import type { UploadedFileEvent, VerifyUploadContext } from '../../types.js';
import { toInternalError } from '../host-code.js';
import { findKeyProblem } from '../object-key.js';
import type { RequestStorage } from '../request-storage.js';
import type { RouteContext } from '../routes/context.js';
import { detachedStorageCall } from '../routes/storage-call.js';
import { readStoredObject } from '../s3-operations.js';
import { completingPathOf, toRefusalReason } from '../telemetry/upload-outcomes.js';
import type { CompletionOutcome } from './complete-once.js';
import { deleteStoredObject, type MarkerRefusal } from './marker-store.js';

const UPLOAD_REJECTED = 'Upload rejected';

export type StoredUpload = Omit<UploadedFileEvent, 'req' | 'requestId'>;

function isClientErrorStatus(status: number | undefined): status is number {
  return status !== undefined && Number.isInteger(status) && status >= 400 && status <= 499;
}

type Verdict = { accepted: true; movedTo?: string } | { accepted: false; refusal: MarkerRefusal };

/** A key `verifyUpload` says it moved the object to: a usable key outside the markers' folder. */
function readMovedKey(ctx: RouteContext, value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('key' in value)) return undefined;
  const { key } = value as { key: unknown };
  if (findKeyProblem(key) !== undefined || (key as string).startsWith(ctx.settings.completion.markerPrefix)) return undefined;
  return key as string;
}

/**
 * The host's verdict: accepted (maybe under the key the hook moved the object to), or refused. A
 * throw that is not an `UpupError`, or any other result, is the host's code failing, not a
 * verdict: 500, and the object stays for the next attempt.
 */
async function askVerdict(ctx: RouteContext, storage: RequestStorage, upload: StoredUpload): Promise<Verdict> {
  const hook = ctx.settings.hooks.verifyUpload;
  if (!hook) return { accepted: true };
  const event: VerifyUploadContext = { req: ctx.req, requestId: ctx.requestId, ...upload, storage: storage.storage };
  let verdict: unknown;
  try {
    verdict = await hook(event);
  } catch (error) {
    if (isUpupError(error)) {
      const refusal = {
        status: isClientErrorStatus(error.status) ? error.status : 403,
        message: error.message,
        ...(error.code === undefined ? {} : { code: error.code }),
      };
      return { accepted: false, refusal };
    }
    throw toInternalError(error);
  }
  if (verdict === true) return { accepted: true };
  if (verdict === false) return { accepted: false, refusal: { status: 403, message: UPLOAD_REJECTED } };
  const movedTo = readMovedKey(ctx, verdict);
  if (movedTo !== undefined) return { accepted: true, movedTo };
  throw toInternalError(new Error('verifyUpload must return true, false or {key} naming a usable key it moved the object to'));
}

/** The object a hook moved: its size, ETag and type as stored under the new key. */
async function readMovedObject(storage: RequestStorage, upload: StoredUpload, key: string): Promise<StoredUpload> {
  const moved = await readStoredObject(storage.client, storage.storage.bucket, key, detachedStorageCall());
  if (!moved) throw toInternalError(new Error(`verifyUpload returned {key: ${JSON.stringify(key)}} but no object is stored there`));
  const { etag: _previous, type: _type, ...rest } = upload;
  return { ...rest, key, size: moved.size, ...(moved.etag ? { etag: moved.etag } : {}), ...(moved.contentType ? { type: moved.contentType } : {}) };
}

async function runCompletionHooks(ctx: RouteContext, event: UploadedFileEvent): Promise<void> {
  for (const name of ['onFileUploaded', 'onUploadComplete'] as const) {
    const hook = ctx.settings.hooks[name];
    if (!hook) continue;
    try {
      await hook(event);
    } catch (error) {
      ctx.reportSwallowed(error, name);
    }
  }
}

/** Deletes a refused object; a failed delete is reported, the refusal stands. */
export async function deleteRefusedObject(ctx: RouteContext, storage: RequestStorage, key: string): Promise<void> {
  try {
    await deleteStoredObject(storage.client, storage.storage.bucket, key, detachedStorageCall());
  } catch (error) {
    ctx.reportSwallowed(error, 'deleting a refused upload');
  }
}

/**
 * The verdict, then the hooks; a refused object is deleted. An object the verdict moved (the
 * quarantine recipe) counts under its new key: the hooks, the answer and every repeat name it.
 */
export async function finalizeStoredUpload(ctx: RouteContext, storage: RequestStorage, upload: StoredUpload): Promise<CompletionOutcome> {
  const verdict = await askVerdict(ctx, storage, upload);
  const path = completingPathOf(ctx.route);
  if (!verdict.accepted) {
    await deleteRefusedObject(ctx, storage, upload.key);
    // A refused transfer is counted with the route's answer, like a refusal at its start.
    if (path !== undefined && path !== 'drive-transfer') {
      ctx.telemetry.upload({ path, outcome: 'refused', reason: toRefusalReason(verdict.refusal.status, verdict.refusal.code) });
    }
    return { kind: 'refused', refusal: verdict.refusal };
  }
  const accepted = verdict.movedTo === undefined ? upload : await readMovedObject(storage, upload, verdict.movedTo);
  if (path !== undefined) ctx.telemetry.upload({ path, outcome: 'completed', bytes: accepted.size });
  await runCompletionHooks(ctx, { req: ctx.req, requestId: ctx.requestId, ...accepted });
  return { kind: 'done', key: accepted.key, size: accepted.size, ...(accepted.etag ? { etag: accepted.etag } : {}) };
}

/** A refusal recorded in the outcome, as the error the route answers with. */
export function toRefusalError(refusal: MarkerRefusal): UpupError {
  return new UpupError(refusal.message, refusal.code, { status: refusal.status, cause: new Error('the upload was refused') });
}
