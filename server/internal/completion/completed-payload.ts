import type { MultipartCompleteResponse } from '../../types.js';
import { toPublicUrl } from '../object-key.js';
import type { RequestStorage } from '../request-storage.js';
import { presignGetObject } from '../s3-operations.js';
import type { RouteContext } from '../routes/context.js';
import type { CompletionOutcome } from './complete-once.js';
import { toRefusalError } from './finalize-upload.js';

/**
 * The 200 payload of a completed upload (/complete and /multipart/complete), or the refusal the
 * outcome records. The download URL is signed here, after the verdict and the hooks, and afresh
 * on every repeat.
 */
export async function toCompletedPayload(ctx: RouteContext, storage: RequestStorage, outcome: CompletionOutcome): Promise<MultipartCompleteResponse> {
  if (outcome.kind === 'refused') throw toRefusalError(outcome.refusal);
  const downloadUrl = await presignGetObject(storage.signer, storage.storage.bucket, outcome.key, ctx.settings.downloadUrlExpiresIn);
  const publicUrl = toPublicUrl(storage.storage.publicUrlBase, outcome.key);
  return { key: outcome.key, downloadUrl, ...(publicUrl ? { publicUrl } : {}), ...(outcome.etag ? { etag: outcome.etag } : {}) };
}
