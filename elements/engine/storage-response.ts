import { UploadFailureError } from './errors.js';
import type { StorageResponse } from './types.js';

export type SuccessPredicate = ((response: StorageResponse) => boolean | Promise<boolean>) | undefined;

/**
 * Decides whether a storage answer is a success. With `isSuccessfulCall` the host decides and a
 * "no" is final (never retried). Without it any 2xx succeeds; 5xx, 408, 429 and 403 (a presigned
 * URL that expired: the retry signs a fresh one) are retryable, other 4xx are not.
 */
export async function assertStorageSuccess(response: StorageResponse, isSuccessfulCall: SuccessPredicate): Promise<void> {
  if (isSuccessfulCall) {
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
    return;
  }
  if (response.status >= 200 && response.status < 300) return;
  const retryable = response.status >= 500 || [403, 408, 429].includes(response.status) || response.status === 0;
  const storageCode = /<Code>([^<]+)<\/Code>/.exec(response.body)?.[1];
  throw new UploadFailureError({
    code: 'HTTP_ERROR',
    status: response.status,
    serverCode: storageCode,
    message: `Storage answered ${response.status}${storageCode ? ` ${storageCode}` : ''}`,
    retryable,
  });
}
