/**
 * The shared front half of /presign and /multipart/init, in the contract's order: JSON, metadata
 * shape, size (413), type (415), `onBeforeUpload`, identity; then storage and the key. An
 * oversized file is therefore refused before `getUserId` ever runs.
 */
import { isUpupError, UpupError } from '../../errors.js';
import type { PresignResponseContext, PresignResponsePayload, UploadStartPhase } from '../../types.js';
import { assertFileAllowed, parseUploadRequest, type UploadRequest } from '../file-policy.js';
import { toInternalError } from '../host-code.js';
import { resolveUploaderId } from '../identity.js';
import { assertObjectKey, createDefaultObjectKey, sanitizeFileName } from '../object-key.js';
import { readJsonBody } from '../request-body.js';
import { resolveRequestStorage, type RequestStorage } from '../request-storage.js';
import type { RouteContext } from './context.js';

export interface PreparedUpload extends UploadRequest {
  userId: string | null;
  storage: RequestStorage;
  key: string;
}

function isClientErrorStatus(status: number | undefined): status is number {
  return status !== undefined && status >= 400 && status < 500;
}

export async function runBeforeUpload(ctx: RouteContext, phase: UploadStartPhase, request: UploadRequest): Promise<void> {
  const hook = ctx.settings.hooks.onBeforeUpload;
  if (!hook) return;
  let verdict: boolean | void;
  try {
    verdict = await hook({ req: ctx.req, phase, file: request.file, metadata: request.metadata });
  } catch (error) {
    // An UpupError is a deliberate refusal: its message and code reach the client (403 unless it names another 4xx).
    if (isUpupError(error)) throw new UpupError(error.message, error.code, { status: isClientErrorStatus(error.status) ? error.status : 403, cause: error });
    throw toInternalError(error);
  }
  if (verdict === false) throw new UpupError('Upload rejected', undefined, { status: 403, cause: new Error('onBeforeUpload returned false') });
}

export async function chooseObjectKey(ctx: RouteContext, request: UploadRequest, userId: string | null): Promise<string> {
  const strategy = ctx.settings.config.keyStrategy;
  if (!strategy) return createDefaultObjectKey(userId, request.file.name);
  const key = await strategy({ file: request.file, safeName: sanitizeFileName(request.file.name), userId, metadata: request.metadata });
  assertObjectKey(key);
  // The completion markers' folder is the handler's own: an upload there could forge one.
  if (key.startsWith(ctx.settings.completion.markerPrefix)) {
    throw new UpupError('keyStrategy returned an unusable key: it is under completion.markerPrefix', undefined, {
      cause: new Error(`key ${JSON.stringify(key.slice(0, 200))}`),
    });
  }
  return key;
}

export async function prepareUploadStart(ctx: RouteContext, phase: UploadStartPhase): Promise<PreparedUpload> {
  const request = parseUploadRequest(await readJsonBody(ctx.req, { timeoutMs: ctx.settings.requestBodyTimeoutMs }), {
    multipartInit: phase === 'multipart-init',
  });
  assertFileAllowed(request.file, ctx.settings.maxFileSize, ctx.settings.allowedTypes, { singlePut: phase === 'presign' });
  await runBeforeUpload(ctx, phase, request);
  const userId = await resolveUploaderId(ctx.settings.config, ctx.req);
  const storage = await resolveRequestStorage(ctx.settings, ctx.req, { userId, metadata: request.metadata }, ctx.telemetry);
  const key = await chooseObjectKey(ctx, request, userId);
  return { ...request, userId, storage, key };
}

/** Lets `onPresignResponse` replace a successful payload; returning nothing keeps it. */
export async function applyPresignResponseHook(
  ctx: RouteContext,
  payload: PresignResponsePayload,
  hookContext: Omit<PresignResponseContext, 'req'>,
): Promise<unknown> {
  const hook = ctx.settings.hooks.onPresignResponse;
  if (!hook) return payload;
  const replacement = await hook(payload, { req: ctx.req, ...hookContext });
  return typeof replacement === 'object' && replacement !== null ? replacement : payload;
}
