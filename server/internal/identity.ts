/**
 * Who is calling: the upload-start policy (closed by default) and the owner binding of tokens.
 */
import { UpupError, UpupErrorCode } from '../errors.js';
import type { UploadHandlerConfig } from '../types.js';
import { callHostCode, toInternalError } from './host-code.js';
import type { UploadTokenClaims } from './upload-token.js';

/**
 * The internal id of the shared anonymous namespace. A `getUserId` that returns it puts the
 * caller among anonymous users (key prefix `anon/`, token owner null, shared drive tokens).
 */
export const ANONYMOUS_USER_ID = 'default';

const AUTH_REQUIRED_MESSAGE = 'Uploads are closed: set allowAnonymousUploads: true, or configure auth or getUserId on the upload handler';
const TOKEN_OWNER_MISMATCH_MESSAGE = 'Upload token does not belong to the current user';

type IdentityConfig = Pick<UploadHandlerConfig, 'getUserId' | 'auth' | 'allowAnonymousUploads'>;

/**
 * `getUserId`'s answer: a user id, `null` for the anonymous namespace, `undefined` when
 * unauthenticated. A throwing or ill-typed `getUserId` is 500 `Internal error`.
 */
async function askUserId(config: IdentityConfig, req: Request): Promise<string | null | undefined> {
  const value: unknown = await callHostCode(() => config.getUserId!(req));
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw toInternalError(new Error(`getUserId must return a string or null; got ${typeof value}`));
  return value === ANONYMOUS_USER_ID ? null : value;
}

/**
 * Identity for /presign and /multipart/init: the user id, or null for an allowed anonymous upload.
 * Throws 401 `Unauthenticated` or 403 `AUTH_REQUIRED` (no auth path configured at all).
 */
export async function resolveUploaderId(config: IdentityConfig, req: Request): Promise<string | null> {
  if (config.getUserId) {
    const userId = await askUserId(config, req);
    if (userId !== undefined) return userId;
    if (config.allowAnonymousUploads === true) return null;
    throw new UpupError('Unauthenticated', undefined, { status: 401, cause: new Error('getUserId returned no user id') });
  }
  if (config.allowAnonymousUploads === true || config.auth) return null;
  throw new UpupError(AUTH_REQUIRED_MESSAGE, UpupErrorCode.AUTH_REQUIRED, { status: 403 });
}

/**
 * Re-runs `getUserId` on a continuation request and compares it with the token's owner. Without
 * `getUserId` there is nothing to compare: holding the token is the permission.
 */
export async function assertTokenOwner(config: IdentityConfig, req: Request, claims: Pick<UploadTokenClaims, 'userId'>): Promise<void> {
  if (!config.getUserId) return;
  const current = (await askUserId(config, req)) ?? null;
  if (current !== claims.userId) {
    throw new UpupError(TOKEN_OWNER_MISMATCH_MESSAGE, UpupErrorCode.AUTH_DENIED, {
      status: 403,
      cause: new Error(`token owner ${JSON.stringify(claims.userId)}, caller ${JSON.stringify(current)}`),
    });
  }
}
