/**
 * The shared front half of the multipart continuation routes: verify the token (before anything
 * in it is trusted), re-check the owner, and reach the bucket the token was issued for.
 */
import { UpupError, UpupErrorCode } from '../../errors.js';
import { assertTokenOwner } from '../identity.js';
import { isPlainObject, readJsonBody } from '../request-body.js';
import { assertSameStorage, resolveRequestStorage, type RequestStorage } from '../request-storage.js';
import type { UploadTokenClaims, UploadTokenCodec } from '../upload-token.js';
import type { RouteContext } from './context.js';

export interface UploadSession {
  body: Record<string, unknown>;
  claims: UploadTokenClaims;
  storage: RequestStorage;
}

/** Without a usable secret no token can be issued or checked; the route answers its own 500. */
export function requireTokenCodec(ctx: RouteContext): UploadTokenCodec {
  if (!ctx.settings.tokenCodec) throw new Error('uploadTokenSecret is missing or shorter than 16 characters');
  return ctx.settings.tokenCodec;
}

export async function readRequestBody(ctx: RouteContext, bodyLimit?: number): Promise<Record<string, unknown>> {
  const body = await readJsonBody(ctx.req, { limit: bodyLimit, timeoutMs: ctx.settings.requestBodyTimeoutMs });
  return isPlainObject(body) ? body : {};
}

export async function verifySessionToken(ctx: RouteContext, body: Record<string, unknown>, acceptExpired = false): Promise<UploadTokenClaims> {
  return requireTokenCodec(ctx).verify(body.token, { acceptExpired });
}

/** Owner binding and storage binding for a verified token. */
export async function bindSession(ctx: RouteContext, body: Record<string, unknown>, claims: UploadTokenClaims): Promise<UploadSession> {
  await assertTokenOwner(ctx.settings.config, ctx.req, claims);
  const storage = await resolveRequestStorage(ctx.settings, ctx.req, { userId: claims.userId, metadata: undefined }, ctx.telemetry);
  assertSameStorage(storage, claims.storageId);
  return { body, claims, storage };
}

export async function openUploadSession(ctx: RouteContext, bodyLimit?: number): Promise<UploadSession> {
  const body = await readRequestBody(ctx, bodyLimit);
  const claims = await verifySessionToken(ctx, body);
  return bindSession(ctx, body, claims);
}

const DEAD_UPLOAD_MESSAGE = 'Multipart upload no longer exists';

export function deadUploadError(cause: unknown): UpupError {
  return new UpupError(DEAD_UPLOAD_MESSAGE, UpupErrorCode.NOT_FOUND, { status: 404, cause });
}
