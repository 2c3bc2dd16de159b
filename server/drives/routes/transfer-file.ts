/**
 * POST /files/:provider/transfer: streams one drive file into the bucket under the same key
 * strategy and name sanitising as /presign, then signs a download URL for it.
 */
import { isUpupError, UpupError } from '../../errors.js';
import { assertFileAllowed } from '../../internal/file-policy.js';
import { isPlainObject, readJsonBody } from '../../internal/request-body.js';
import { resolveRequestStorage, type RequestStorage } from '../../internal/request-storage.js';
import { toJsonResponse } from '../../internal/responses.js';
import type { RouteContext } from '../../internal/routes/context.js';
import { chooseObjectKey } from '../../internal/routes/upload-start.js';
import { presignGetObject } from '../../internal/s3-operations.js';
import type { UploadedFileEvent } from '../../types.js';
import { createDriveRequestError, isDriveReauthRequired } from '../drive-errors.js';
import { withDriveTokens } from '../drive-tokens.js';
import type { DriveDownload } from '../providers/drive-provider.js';
import { streamToBucket, type StoredObject } from '../transfer/stream-to-bucket.js';
import { requireConfiguredProvider, requireDriveUserId, requireProviderSlug, requireTokenStore, toKeyUserId, toReauthResponse } from './drive-request.js';

interface TransferRequest {
  fileId: string;
  fileName: string | undefined;
  declaredSize: number;
  declaredType: string;
}

async function readTransferRequest(req: Request): Promise<TransferRequest> {
  const body = await readJsonBody(req);
  const request = isPlainObject(body) ? body : {};
  if (typeof request.fileId !== 'string' || request.fileId === '') {
    throw new UpupError('Missing fileId', undefined, { status: 400 });
  }
  return {
    fileId: request.fileId,
    fileName: typeof request.fileName === 'string' && request.fileName.trim() !== '' ? request.fileName : undefined,
    declaredSize: typeof request.size === 'number' && Number.isFinite(request.size) ? request.size : 0,
    declaredType: typeof request.mimeType === 'string' ? request.mimeType : '',
  };
}

/**
 * The declared size and type only allow an early answer; what the provider says about the file
 * is checked again, so a client cannot talk its way past `maxFileSize` or `allowedTypes`.
 */
async function assertDownloadAllowed(ctx: RouteContext, download: DriveDownload): Promise<void> {
  try {
    assertFileAllowed({ size: download.size ?? 0, type: download.mimeType }, ctx.settings.maxFileSize, ctx.settings.allowedTypes);
  } catch (error) {
    await download.body.cancel().catch(() => undefined);
    throw error;
  }
}

/** The bucket (static or resolved) and the key, chosen exactly as /presign chooses them. */
async function chooseDestination(ctx: RouteContext, download: DriveDownload, name: string, userId: string | null): Promise<{ storage: RequestStorage; key: string }> {
  try {
    const storage = await resolveRequestStorage(ctx.settings, ctx.req, { userId, metadata: undefined });
    const file = { name, type: download.mimeType, size: download.size ?? 0 };
    const key = await chooseObjectKey(ctx, { file, metadata: undefined, chunkSizeBytes: undefined }, userId);
    return { storage, key };
  } catch (error) {
    await download.body.cancel().catch(() => undefined);
    throw error;
  }
}

async function runFileUploadedHook(ctx: RouteContext, file: UploadedFileEvent): Promise<void> {
  const hook = ctx.settings.hooks.onFileUploaded;
  if (!hook) return;
  try {
    await hook(file);
  } catch (error) {
    ctx.reportSwallowed(error, 'onFileUploaded');
  }
}

export async function transferFileRoute(ctx: RouteContext): Promise<Response> {
  const description = requireProviderSlug(ctx);
  const store = requireTokenStore(ctx, 'tokenStore is required');
  const request = await readTransferRequest(ctx.req);
  assertFileAllowed({ size: request.declaredSize, type: request.declaredType }, ctx.settings.maxFileSize, ctx.settings.allowedTypes);
  const provider = requireConfiguredProvider(ctx, description);
  const driveUserId = await requireDriveUserId(ctx);

  let download: DriveDownload;
  try {
    download = await withDriveTokens(store, provider, driveUserId, (accessToken) => provider.openDownload(accessToken, request.fileId));
  } catch (error) {
    if (isDriveReauthRequired(error)) return toReauthResponse(ctx, description, error);
    throw error;
  }
  await assertDownloadAllowed(ctx, download);

  const name = request.fileName ?? download.name;
  const userId = toKeyUserId(driveUserId);
  const { storage, key } = await chooseDestination(ctx, download, name, userId);
  let stored: StoredObject;
  try {
    stored = await streamToBucket(
      download.body,
      { client: storage.client, bucket: storage.storage.bucket, key, contentType: download.mimeType },
      { expectedSize: download.size, maxBytes: ctx.settings.maxFileSize },
    );
  } catch (error) {
    throw isUpupError(error) ? error : createDriveRequestError(error);
  }

  await runFileUploadedHook(ctx, {
    req: ctx.req,
    requestId: ctx.requestId,
    key,
    size: stored.size,
    ...(stored.etag ? { etag: stored.etag } : {}),
    userId,
    source: 'drive',
    provider: provider.slug,
    name,
    type: download.mimeType,
  });
  const url = await presignGetObject(storage.client, storage.storage.bucket, key, ctx.settings.downloadUrlExpiresIn);
  return toJsonResponse({ provider: provider.slug, key, name, size: stored.size, type: download.mimeType, url });
}
