/**
 * POST /files/:provider/transfer: streams one drive file into the bucket under the same key
 * strategy, name sanitising, upload policy (`onBeforeUpload`, anonymous uploads) and limits as
 * /presign, asks `verifyUpload`, runs `onFileUploaded` and `onUploadComplete` once, then signs a
 * download URL for it. A bounded number run at once per handler and per user, each within a total
 * deadline and a byte cap.
 */
import { isUpupError, UpupError, UpupErrorCode } from '../../errors.js';
import { assertFileAllowed, MAX_FILE_NAME_LENGTH } from '../../internal/file-policy.js';
import { ANONYMOUS_USER_ID, resolveUploaderId } from '../../internal/identity.js';
import { isPlainObject, readJsonBody } from '../../internal/request-body.js';
import { resolveRequestStorage, type RequestStorage } from '../../internal/request-storage.js';
import { toJsonResponse } from '../../internal/responses.js';
import type { RouteContext } from '../../internal/routes/context.js';
import { chooseObjectKey, runBeforeUpload } from '../../internal/routes/upload-start.js';
import { presignGetObject } from '../../internal/s3-operations.js';
import { completeOnce, type CompletionOutcome, type CompletionTarget } from '../../internal/completion/complete-once.js';
import { deleteRefusedObject, finalizeStoredUpload, toRefusalError, type StoredUpload } from '../../internal/completion/finalize-upload.js';
import { markerKeyFor } from '../../internal/completion/marker-store.js';
import { createDriveRequestError, isDriveReauthRequired } from '../drive-errors.js';
import { requireDriveItemId } from '../drive-item-id.js';
import { withDriveTokens } from '../drive-tokens.js';
import type { DriveDownload } from '../providers/drive-provider.js';
import { streamToBucket, TransferTooLargeError, type StoredObject } from '../transfer/stream-to-bucket.js';
import { startTransferDeadline } from '../transfer/transfer-deadline.js';
import { toTransfersBusyResponse, tryAcquireTransferSlot } from '../transfer/transfer-slots.js';
import type { UpstreamLimits } from '../upstream-limits.js';
import type { DriveTransferResponse } from '../../../protocol/wire.js';
import {
  getDriveRouteOptions,
  getUpstreamLimits,
  requireConfiguredProvider,
  requireDriveUserId,
  requireProviderSlug,
  requireTokenStore,
  toKeyUserId,
  toReauthResponse,
} from './drive-request.js';

interface TransferRequest {
  fileId: string;
  fileName: string | undefined;
  declaredSize: number;
  declaredType: string;
}

async function readTransferRequest(ctx: RouteContext): Promise<TransferRequest> {
  const body = await readJsonBody(ctx.req, { timeoutMs: ctx.settings.requestBodyTimeoutMs });
  const request = isPlainObject(body) ? body : {};
  if (typeof request.fileId !== 'string' || request.fileId === '') {
    throw new UpupError('Missing fileId', undefined, { status: 400 });
  }
  // The same cap as a /presign `name`: it reaches hooks, the key strategy and the answer.
  if (typeof request.fileName === 'string' && request.fileName.length > MAX_FILE_NAME_LENGTH) {
    throw new UpupError('Invalid fileName', UpupErrorCode.BAD_REQUEST, {
      status: 400,
      cause: new Error(`fileName is longer than ${MAX_FILE_NAME_LENGTH} characters`),
    });
  }
  return {
    fileId: requireDriveItemId(request.fileId, 'fileId'),
    fileName: typeof request.fileName === 'string' && request.fileName.trim() !== '' ? request.fileName : undefined,
    declaredSize: typeof request.size === 'number' && Number.isFinite(request.size) ? request.size : 0,
    declaredType: typeof request.mimeType === 'string' ? request.mimeType : '',
  };
}

/** The lower of `drives.maxTransferBytes` and `maxFileSize`: what a transfer may write at most. */
function getTransferByteCap(ctx: RouteContext): number {
  return Math.min(getDriveRouteOptions(ctx.settings).maxTransferBytes, ctx.settings.maxFileSize ?? Number.POSITIVE_INFINITY);
}

function fileTooLarge(cause: unknown): UpupError {
  return new UpupError('File too large', undefined, { status: 413, cause });
}

/**
 * The key namespace, under the same rule as /presign: an anonymous drive namespace
 * (`allowAnonymous`) may write to the bucket only when anonymous uploads are allowed too.
 */
async function requireUploaderId(ctx: RouteContext, driveUserId: string): Promise<string | null> {
  if (driveUserId !== ANONYMOUS_USER_ID) return toKeyUserId(driveUserId);
  await resolveUploaderId(ctx.settings.config, ctx.req);
  return null;
}

/**
 * What the provider says about the file is checked like a /presign request (size, type, then
 * `onBeforeUpload` with phase `transfer`), so a client cannot talk its way past the policy with
 * the declared values. A refusal releases the provider connection.
 */
async function assertDownloadAllowed(ctx: RouteContext, download: DriveDownload, name: string): Promise<void> {
  try {
    const byteCap = getTransferByteCap(ctx);
    if (download.size !== undefined && download.size > byteCap) {
      throw fileTooLarge(new Error(`the provider reports ${download.size} bytes; transfers hold at most ${byteCap} (drives.maxTransferBytes, maxFileSize)`));
    }
    const file = { name, type: download.mimeType, size: download.size ?? 0 };
    assertFileAllowed(file, byteCap, ctx.settings.allowedTypes);
    await runBeforeUpload(ctx, 'transfer', { file, metadata: undefined, chunkSizeBytes: undefined });
  } catch (error) {
    await download.body.cancel().catch(() => undefined);
    throw error;
  }
}

/** The bucket (static or resolved) and the key, chosen exactly as /presign chooses them. */
async function chooseDestination(
  ctx: RouteContext,
  download: DriveDownload,
  name: string,
  userId: string | null,
): Promise<{ storage: RequestStorage; key: string }> {
  try {
    const storage = await resolveRequestStorage(ctx.settings, ctx.req, { userId, metadata: undefined }, ctx.telemetry);
    const file = { name, type: download.mimeType, size: download.size ?? 0 };
    const key = await chooseObjectKey(ctx, { file, metadata: undefined, chunkSizeBytes: undefined }, userId);
    return { storage, key };
  } catch (error) {
    await download.body.cancel().catch(() => undefined);
    throw error;
  }
}

/**
 * The verdict and the hooks, once, under the transfer's own completion marker (its id is fresh,
 * since no other request can complete this object; the marker records that the object counts).
 * A refused object is deleted (403); when the verdict itself fails (500), the object is deleted too:
 * no later request can complete it, and the client can start the transfer again.
 */
async function finalizeTransfer(ctx: RouteContext, storage: RequestStorage, upload: StoredUpload): Promise<void> {
  const markerKey = await markerKeyFor(ctx.settings.completion.markerPrefix, upload.key, 'drive', upload.uploadId);
  const target: CompletionTarget = { storage, markerKey, key: upload.key, uploadId: upload.uploadId, source: 'drive' };
  let outcome: CompletionOutcome;
  try {
    outcome = await completeOnce(ctx, target, () => finalizeStoredUpload(ctx, storage, upload));
  } catch (error) {
    await deleteRefusedObject(ctx, storage, upload.key);
    throw error;
  }
  if (outcome.kind === 'refused') throw toRefusalError(outcome.refusal);
}

async function writeToBucket(download: DriveDownload, storage: RequestStorage, key: string, ctx: RouteContext, limits: UpstreamLimits): Promise<StoredObject> {
  try {
    return await streamToBucket(
      download.body,
      { client: storage.client, bucket: storage.storage.bucket, key, contentType: download.mimeType, checksumAlgorithm: storage.storage.checksumAlgorithm },
      { expectedSize: download.size, maxBytes: getTransferByteCap(ctx), limits },
    );
  } catch (error) {
    if (error instanceof TransferTooLargeError) throw fileTooLarge(error);
    throw isUpupError(error) ? error : createDriveRequestError(error);
  }
}

export async function transferFileRoute(ctx: RouteContext): Promise<Response> {
  const description = requireProviderSlug(ctx);
  const store = requireTokenStore(ctx, 'tokenStore is required');
  const request = await readTransferRequest(ctx);
  assertFileAllowed({ size: request.declaredSize, type: request.declaredType }, getTransferByteCap(ctx), ctx.settings.allowedTypes);
  const provider = requireConfiguredProvider(ctx, description);
  const driveUserId = await requireDriveUserId(ctx);
  const userId = await requireUploaderId(ctx, driveUserId);

  const options = getDriveRouteOptions(ctx.settings);
  const release = tryAcquireTransferSlot(ctx.settings, driveUserId, { total: options.maxConcurrentTransfers, perUser: options.maxTransfersPerUser });
  if (!release) {
    ctx.telemetry.transferSlot({ provider: provider.slug, change: 'refused' });
    return toTransfersBusyResponse();
  }
  ctx.telemetry.transferSlot({ provider: provider.slug, change: 'taken' });
  const deadline = startTransferDeadline(options.transferTimeoutMs, ctx.req.signal);
  try {
    // Every upstream call of the transfer stops at the client's abort or the total deadline.
    const limits = { ...getUpstreamLimits(ctx), signal: deadline.signal };
    let download: DriveDownload;
    try {
      download = await withDriveTokens(store, provider, driveUserId, limits, (accessToken) => provider.openDownload(accessToken, request.fileId, limits));
    } catch (error) {
      if (isDriveReauthRequired(error)) return toReauthResponse(ctx, description, error);
      throw error;
    }
    const name = request.fileName ?? download.name;
    await assertDownloadAllowed(ctx, download, name);
    const { storage, key } = await chooseDestination(ctx, download, name, userId);
    const stored = await writeToBucket(download, storage, key, ctx, limits);

    await finalizeTransfer(ctx, storage, {
      key,
      size: stored.size,
      ...(stored.etag ? { etag: stored.etag } : {}),
      userId,
      source: 'drive',
      uploadId: crypto.randomUUID(),
      provider: provider.slug,
      name,
      type: download.mimeType,
    });
    // Signed once the verdict and the hooks ran.
    const url = await presignGetObject(storage.signer, storage.storage.bucket, key, ctx.settings.downloadUrlExpiresIn);
    const body: DriveTransferResponse = { provider: provider.slug, key, name, size: stored.size, type: download.mimeType, url };
    return toJsonResponse(body);
  } finally {
    deadline.dispose();
    release();
    ctx.telemetry.transferSlot({ provider: provider.slug, change: 'released' });
  }
}
