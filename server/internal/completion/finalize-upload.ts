/**
 * What happens to an object once storage holds it, on every way in (single upload, multipart,
 * drive transfer): the host's verdict (`verifyUpload`), then `onFileUploaded` and
 * `onUploadComplete`. Runs under the upload's completion claim (complete-once.ts), so at most one
 * request runs it for an object.
 */
import { isUpupError, UpupError } from '../../errors.js';
import type { UploadedFileEvent, VerifyUploadContext } from '../../types.js';
import { createDeadlineSignal } from '../deadline-signal.js';
import { toInternalError } from '../host-code.js';
import type { RequestStorage } from '../request-storage.js';
import type { RouteContext } from '../routes/context.js';
import type { CompletionOutcome } from './complete-once.js';
import { deleteStoredObject, type MarkerRefusal } from './marker-store.js';

export const UPLOAD_REJECTED = 'Upload rejected';
const DELETE_TIMEOUT_MS = 30_000;

export type StoredUpload = Omit<UploadedFileEvent, 'req' | 'requestId'>;

function isClientErrorStatus(status: number | undefined): status is number {
  return status !== undefined && Number.isInteger(status) && status >= 400 && status <= 499;
}

/**
 * `undefined` when the host accepts (or has no `verifyUpload`), the refusal otherwise. A throw
 * that is not an `UpupError`, or a result other than a boolean, is the host's code failing, not a
 * verdict: 500, and the object stays for the next attempt.
 */
async function askVerdict(ctx: RouteContext, storage: RequestStorage, upload: StoredUpload): Promise<MarkerRefusal | undefined> {
  const hook = ctx.settings.hooks.verifyUpload;
  if (!hook) return undefined;
  const event: VerifyUploadContext = { req: ctx.req, requestId: ctx.requestId, ...upload, storage: storage.storage };
  let verdict: unknown;
  try {
    verdict = await hook(event);
  } catch (error) {
    if (isUpupError(error)) {
      return { status: isClientErrorStatus(error.status) ? error.status : 403, message: error.message, ...(error.code === undefined ? {} : { code: error.code }) };
    }
    throw toInternalError(error);
  }
  if (verdict === true) return undefined;
  if (verdict === false) return { status: 403, message: UPLOAD_REJECTED };
  throw toInternalError(new Error(`verifyUpload must return true or false; got ${typeof verdict}`));
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
    await deleteStoredObject(storage.client, storage.storage.bucket, key, { abortSignal: createDeadlineSignal(DELETE_TIMEOUT_MS) });
  } catch (error) {
    ctx.reportSwallowed(error, 'deleting a refused upload');
  }
}

/** The verdict, then the hooks; a refused object is deleted. */
export async function finalizeStoredUpload(ctx: RouteContext, storage: RequestStorage, upload: StoredUpload): Promise<CompletionOutcome> {
  const refusal = await askVerdict(ctx, storage, upload);
  if (refusal) {
    await deleteRefusedObject(ctx, storage, upload.key);
    return { kind: 'refused', refusal };
  }
  await runCompletionHooks(ctx, { req: ctx.req, requestId: ctx.requestId, ...upload });
  return { kind: 'done', key: upload.key, size: upload.size, ...(upload.etag ? { etag: upload.etag } : {}) };
}

/** A refusal recorded in the outcome, as the error the route answers with. */
export function toRefusalError(refusal: MarkerRefusal): UpupError {
  return new UpupError(refusal.message, refusal.code, { status: refusal.status, cause: new Error('the upload was refused') });
}
