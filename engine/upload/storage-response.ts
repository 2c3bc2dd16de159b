import { MAX_ETAG_LENGTH } from './answer-bounds.js';
import { UploadFailureError } from '../core/errors.js';
import { DEFAULT_RETRY_MAX_DELAY_MS, parseRetryAfter } from './retry-policy.js';
import type { StorageResponse } from '../core/types.js';

export type SuccessPredicate = ((response: StorageResponse) => boolean | Promise<boolean>) | undefined;

/** Only the start of an error body is searched for its `<Code>`; S3 puts it first. */
const ERROR_BODY_SCAN_LENGTH = 4096;

function storageErrorCode(body: string): string | undefined {
  const code = /<Code>([^<]{1,64})<\/Code>/.exec(body.slice(0, ERROR_BODY_SCAN_LENGTH))?.[1];
  return code && /^[A-Za-z0-9.]+$/.test(code) ? code : undefined;
}

async function assertAcceptedByPredicate(response: StorageResponse, isSuccessfulCall: NonNullable<SuccessPredicate>): Promise<void> {
  let accepted: boolean;
  try {
    accepted = await isSuccessfulCall(response);
  } catch {
    // A throwing predicate cannot vouch for the response.
    accepted = false;
  }
  if (!accepted) {
    throw new UploadFailureError({
      code: 'REJECTED_BY_PREDICATE',
      status: response.status,
      message: `isSuccessfulCall rejected the storage response (status ${response.status})`,
      retryable: false,
    });
  }
}

/**
 * Decides whether a storage answer is a success. With `isSuccessfulCall` the host decides and a
 * "no" is final (never retried). Without it any 2xx succeeds; 5xx, 408, 429, 403 (a presigned
 * URL that expired: the retry signs a fresh one) and 400 `BadDigest` (the bytes changed on the
 * way: the retry reads them again) are retryable, with the `Retry-After` storage sent; other 4xx
 * are not.
 */
export async function assertStorageSuccess(
  response: StorageResponse,
  isSuccessfulCall: SuccessPredicate,
  retryMaxDelayMs = DEFAULT_RETRY_MAX_DELAY_MS,
): Promise<void> {
  if (isSuccessfulCall) return assertAcceptedByPredicate(response, isSuccessfulCall);
  if (response.status >= 200 && response.status < 300) return;
  const storageCode = storageErrorCode(response.body);
  // A 400 BadDigest: storage computed another digest than the signed Content-MD5, a transfer fault.
  const retryable = response.status >= 500 || [403, 408, 429].includes(response.status) || response.status === 0 || storageCode === 'BadDigest';
  throw new UploadFailureError({
    code: 'HTTP_ERROR',
    status: response.status,
    serverCode: storageCode,
    message: `Storage answered ${response.status}${storageCode ? ` ${storageCode}` : ''}`,
    retryable,
    from: 'storage',
    retryAfterMs: parseRetryAfter(response.headers['retry-after'], retryMaxDelayMs),
  });
}

/**
 * The ETag of a stored PUT, which complete needs for every part: INVALID_RESPONSE (not retried)
 * when there is none the page can read, or one longer than any S3 sends.
 */
export function readETag(response: StorageResponse): string {
  const eTag = response.headers['etag'];
  if (eTag && eTag.length <= MAX_ETAG_LENGTH) return eTag;
  throw new UploadFailureError({
    code: 'INVALID_RESPONSE',
    status: response.status,
    message: eTag ? `Storage sent an ETag of ${eTag.length} characters` : 'Storage sent no readable ETag: the bucket CORS policy must expose the ETag header',
    retryable: false,
    from: 'storage',
  });
}

/**
 * Decides whether an S3 PUT (a whole file or a part) stored its bytes. Beyond a 2xx, S3 answers
 * a stored PUT with an empty body and an ETag header: a 2xx with a body (an HTML page of a captive
 * portal, an `<Error>` document) or without a readable ETag is INVALID_RESPONSE and not retried.
 * With `isSuccessfulCall` the host's predicate alone decides.
 */
export async function assertObjectStored(response: StorageResponse, isSuccessfulCall: SuccessPredicate, retryMaxDelayMs: number): Promise<void> {
  await assertStorageSuccess(response, isSuccessfulCall, retryMaxDelayMs);
  if (isSuccessfulCall) return;
  if (response.body.trim().length > 0) {
    throw new UploadFailureError({
      code: 'INVALID_RESPONSE',
      status: response.status,
      serverCode: storageErrorCode(response.body),
      message: `Storage answered ${response.status} with a body, not an S3 success`,
      retryable: false,
      from: 'storage',
    });
  }
  readETag(response);
}
