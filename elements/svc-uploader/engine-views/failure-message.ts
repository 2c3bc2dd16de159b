/**
 * What a failed file's row says: what happened and what the user can do, chosen from the failure's
 * HTTP status, the handler's `code`, and where it failed (handler or storage). The handler's own
 * text stays in the events (`serverMessage`) for hosts that show their own; the row shows a
 * translated message, since a server answers in one language and may say too much.
 */
import type { UploadFailure } from '../../../engine/core/file-record.js';
import type { MessageKey, MessageValues } from '../../i18n/index.js';

/** The refusal the handler sends for a cross-site caller (`403`, `AUTH_DENIED`), see docs/server.md. */
const CROSS_SITE_MESSAGE = 'Cross-site request refused';

interface FailureMessage {
  key: MessageKey;
  values?: MessageValues;
}

/** `in 30 seconds`, `dans 30 secondes`, `через 30 секунд`: the locale's own words and plural. */
function toRetryWhen(retryAfterMs: number, lang: string): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  return seconds < 90 ? format.format(seconds, 'second') : format.format(Math.ceil(seconds / 60), 'minute');
}

function busy(failure: UploadFailure, lang: string): FailureMessage {
  return failure.retryAfterMs ? { key: 'refusal.busyRetryAfter', values: { when: toRetryWhen(failure.retryAfterMs, lang) } } : { key: 'refusal.busy' };
}

/** S3 error documents name their cause in `<Code>` (`serverCode`). */
function describeStorageAnswer(failure: UploadFailure, lang: string): FailureMessage {
  const status = failure.status ?? 0;
  if (failure.serverCode === 'BadDigest') return { key: 'refusal.badDigest' };
  // The multipart upload is gone (expired, aborted, swept): Retry opens a new one from the start.
  if (status === 404 && (failure.serverCode === 'NoSuchUpload' || failure.serverCode === 'NoSuchKey')) return { key: 'refusal.expired' };
  // An expired or skewed signature, or a link for other credentials: S3 answers 403 to all of them.
  if (status === 403) return { key: 'refusal.storageSignature' };
  if (status === 429 || status === 503) return busy(failure, lang);
  if (status >= 500) return { key: 'refusal.serverError' };
  return { key: 'failure.HTTP_ERROR' };
}

function describeHandlerAnswer(failure: UploadFailure, lang: string): FailureMessage {
  const { status = 0, serverCode } = failure;
  switch (status) {
    case 400:
      return { key: 'refusal.badRequest' };
    case 401:
      return { key: 'refusal.signIn' };
    case 403:
      if (serverCode === 'AUTH_REQUIRED') return { key: 'refusal.signIn' };
      if (serverCode === 'expired') return { key: 'refusal.expired' };
      if (failure.serverMessage === CROSS_SITE_MESSAGE) return { key: 'refusal.crossSite' };
      if (serverCode === 'AUTH_DENIED') return { key: 'refusal.denied' };
      return { key: 'refusal.rejected' };
    case 404:
      return serverCode === 'NOT_FOUND' ? { key: 'refusal.expired' } : { key: 'failure.HTTP_ERROR' };
    case 413:
      return { key: serverCode === 'MULTIPART_REQUIRED' ? 'refusal.multipartRequired' : 'refusal.tooLarge' };
    case 415:
      return { key: 'refusal.typeNotAllowed' };
    case 429:
    case 503:
      return busy(failure, lang);
    default:
      return status >= 500 ? { key: 'refusal.serverError' } : { key: 'failure.HTTP_ERROR' };
  }
}

const CONNECTION_FAILURES = new Set(['NETWORK_ERROR', 'REQUEST_TIMEOUT', 'PART_TIMEOUT']);

/** The message for a failed upload; `online` is `navigator.onLine` when it failed or now. */
function describeFailure(failure: UploadFailure, lang: string, online: boolean): FailureMessage {
  if (!online && CONNECTION_FAILURES.has(failure.code)) return { key: 'refusal.offline' };
  if (failure.code === 'NETWORK_ERROR' && failure.from === 'storage') {
    // The storage took the whole body and refused it without CORS headers: what S3-compatible
    // stores do with a signature they reject (expired, or a clock far off).
    if (failure.storageAnswered) return { key: 'refusal.storageSignature' };
    // The handler answered (it signed the upload) but the browser could not reach the storage
    // with it: almost always a bucket whose CORS rules leave this site out.
    return { key: 'refusal.storageCors' };
  }
  if (failure.code === 'UPLOAD_GONE') return { key: 'refusal.expired' };
  // A verdict with a code (an UpupError the host's verifyUpload threw) words its own reason for
  // the user; the handler's own refusals (size, type, digest, a plain `false`) are English only.
  if (failure.code === 'UPLOAD_REFUSED') {
    return failure.serverCode && failure.serverMessage
      ? { key: 'refusal.blocked', values: { reason: failure.serverMessage } }
      : { key: 'failure.UPLOAD_REFUSED' };
  }
  if (failure.code === 'HTTP_ERROR') return failure.from === 'storage' ? describeStorageAnswer(failure, lang) : describeHandlerAnswer(failure, lang);
  return { key: `failure.${failure.code}` };
}

/** The translated text of `describeFailure`. */
export function failureText(t: (key: MessageKey, values?: MessageValues) => string, failure: UploadFailure, lang: string, online = navigator.onLine): string {
  const { key, values } = describeFailure(failure, lang, online);
  return t(key, values);
}
