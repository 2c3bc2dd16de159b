import { MAX_HANDLER_ANSWER_BYTES, MAX_SERVER_CODE_LENGTH, MAX_SERVER_MESSAGE_LENGTH, MAX_STORAGE_ANSWER_BYTES } from './answer-bounds.js';
import { readCappedText } from './capped-text.js';
import { fileUnreadableFailure, UploadFailureError } from '../core/errors.js';
import { DEFAULT_REQUEST_TIMEOUT_MS } from './request-timeout.js';
import { withTimeout } from './timeout-signal.js';
import { DEFAULT_RETRY_MAX_DELAY_MS, parseRetryAfter } from './retry-policy.js';
import type { FailureBody } from '../../protocol/wire.js';
import type { FailureCode } from '../core/file-record.js';
import type { StorageResponse } from './upload-options.js';

export interface RequestContext {
  headers?: Record<string, string>;
  withCredentials?: boolean;
  signal?: AbortSignal;
  /** Give up on a handler call after this long (a retryable REQUEST_TIMEOUT). Default 30000. */
  timeoutMs?: number;
  /** Longest Retry-After honoured; longer ones are cut to it. Default 30000. */
  retryMaxDelayMs?: number;
  /** Let the request outlive the page (`fetch` keepalive): for a small body that must reach the handler. */
  keepalive?: boolean;
}

export { DEFAULT_REQUEST_TIMEOUT_MS };

/** A failure body as received: the handler sends `{error, code?}`, but a proxy's error page need not. */
type ReceivedFailureBody = Partial<FailureBody>;

function invalidAnswer(url: string, status: number, what: string): UploadFailureError {
  return new UploadFailureError({ code: 'INVALID_RESPONSE', status, message: `POST ${url} answered ${what}`, retryable: false, from: 'handler' });
}

function timeoutFailure(url: string, timeoutMs: number): UploadFailureError {
  return new UploadFailureError({ code: 'REQUEST_TIMEOUT', message: `POST ${url} got no answer within ${timeoutMs} ms`, retryable: true });
}

/**
 * POSTs JSON and returns the parsed JSON answer. Non-2xx answers become UploadFailureError with
 * the handler's `code`; 4xx are not retryable (the handler decided), 5xx, 408, 429, network errors
 * and time-outs are. A `Retry-After` on the answer travels with the error to the retry.
 */
export async function postJson<T>(url: string, body: unknown, context: RequestContext = {}): Promise<T> {
  const timeoutMs = context.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const signal = withTimeout(context.signal, timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...context.headers },
      body: JSON.stringify(body),
      credentials: context.withCredentials ? 'include' : 'same-origin',
      // The handler's routes never redirect. Following one would send this body and the host's
      // headers to wherever the Location points; a login page behind a proxy is no answer either.
      redirect: 'manual',
      signal,
      ...(context.keepalive ? { keepalive: true } : {}),
    });
    if (response.type === 'opaqueredirect') throw invalidAnswer(url, 0, 'a redirect');
    // The time-out covers the body too: a handler may send headers and then stall.
    const read = await readCappedText(response, MAX_HANDLER_ANSWER_BYTES);
    // An error page too large to read still has its status, which decides the retry.
    if (read === undefined && response.ok) throw invalidAnswer(url, response.status, `more than ${MAX_HANDLER_ANSWER_BYTES} bytes`);
    text = read ?? '';
  } catch (error) {
    if (error instanceof UploadFailureError) throw error;
    context.signal?.throwIfAborted();
    if (signal.aborted) throw timeoutFailure(url, timeoutMs);
    throw new UploadFailureError({ code: 'NETWORK_ERROR', message: `POST ${url} failed: ${(error as Error).message}`, retryable: true, from: 'handler' });
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const failure = (parsed !== null && typeof parsed === 'object' ? parsed : {}) as ReceivedFailureBody;
    // Bounded: the text is shown and sent on in events; a proxy could answer anything.
    const serverMessage = typeof failure.error === 'string' ? failure.error.slice(0, MAX_SERVER_MESSAGE_LENGTH) : undefined;
    throw new UploadFailureError({
      code: 'HTTP_ERROR',
      status: response.status,
      serverCode: typeof failure.code === 'string' ? failure.code.slice(0, MAX_SERVER_CODE_LENGTH) : undefined,
      message: serverMessage ?? `POST ${url} answered ${response.status}`,
      ...(serverMessage !== undefined ? { serverMessage } : {}),
      from: 'handler',
      // 408 and 429 are transient even though they are 4xx.
      retryable: response.status >= 500 || response.status === 408 || response.status === 429,
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), context.retryMaxDelayMs ?? DEFAULT_RETRY_MAX_DELAY_MS),
    });
  }
  if (parsed === undefined) {
    throw new UploadFailureError({ code: 'INVALID_RESPONSE', status: response.status, message: `POST ${url} answered no JSON`, retryable: false });
  }
  return parsed as T;
}

export interface PutOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Called with bytes of this body sent so far. */
  onProgress?: (loaded: number) => void;
  /** Abort when no upload progress happens for this long (a stalled connection). */
  stallTimeoutMs?: number;
  /** The failure code of a stall: PART_TIMEOUT for a part, REQUEST_TIMEOUT for a whole file. */
  stallCode?: FailureCode;
}

function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const index = line.indexOf(':');
    if (index > 0) headers[line.slice(0, index).trim().toLowerCase()] = line.slice(index + 1).trim();
  }
  return headers;
}

/**
 * PUTs a blob with XMLHttpRequest, because fetch() still reports no upload progress. Resolves with
 * the response whatever its status (callers judge success); rejects on network errors, stalls and
 * aborts (with the signal's reason).
 */
export function putBlob(url: string, body: Blob, options: PutOptions = {}): Promise<StorageResponse> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const request = new XMLHttpRequest();
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    let stalled = false;
    /** The whole body went out: a failure after that is an answer the page may not read. */
    let bodySent = false;
    const armStallTimer = (): void => {
      if (!options.stallTimeoutMs) return;
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        stalled = true;
        request.abort();
      }, options.stallTimeoutMs);
    };
    const onAbortSignal = (): void => request.abort();
    const cleanUp = (): void => {
      clearTimeout(stallTimer);
      signal?.removeEventListener('abort', onAbortSignal);
    };
    request.open('PUT', url);
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setRequestHeader(name, value);
    // Past the cap, the answer read so far stands for the whole one (see MAX_STORAGE_ANSWER_BYTES).
    let cutAnswer: StorageResponse | undefined;
    request.onprogress = (event) => {
      if (event.loaded <= MAX_STORAGE_ANSWER_BYTES || cutAnswer) return;
      cutAnswer = {
        status: request.status,
        headers: parseHeaders(request.getAllResponseHeaders()),
        body: request.responseText.slice(0, MAX_STORAGE_ANSWER_BYTES),
      };
      request.abort();
    };
    request.upload.onprogress = (event) => {
      armStallTimer();
      options.onProgress?.(event.loaded);
    };
    // After the body is sent the server may still take time to answer; keep watching.
    request.upload.onload = () => {
      bodySent = true;
      armStallTimer();
    };
    request.onload = () => {
      cleanUp();
      // XMLHttpRequest follows redirects by itself. A presigned URL never redirects, and an answer
      // from another address says nothing about what the bucket holds.
      if (request.responseURL && request.responseURL !== url.split('#')[0]) {
        reject(
          new UploadFailureError({
            code: 'INVALID_RESPONSE',
            status: request.status,
            message: 'Storage redirected the PUT to another address',
            retryable: false,
            from: 'storage',
          }),
        );
        return;
      }
      resolve({ status: request.status, headers: parseHeaders(request.getAllResponseHeaders()), body: request.responseText });
    };
    request.onerror = () => {
      cleanUp();
      // The browser hides why. Nothing sent: offline, DNS, a bucket whose CORS preflight refuses
      // this page, or a file it could no longer read (changed or deleted on disk since it was
      // chosen), which reading one byte tells apart. All sent: the storage answered, but without
      // CORS headers, as S3-compatible stores do on some refusals (a signature they reject).
      const networkFailure = new UploadFailureError({
        code: 'NETWORK_ERROR',
        message: bodySent ? 'PUT to storage failed: its answer could not be read (no CORS headers)' : 'PUT to storage failed (network error)',
        retryable: true,
        from: 'storage',
        ...(bodySent ? { storageAnswered: true } : {}),
      });
      if (bodySent) reject(networkFailure);
      else
        body
          .slice(0, 1)
          .arrayBuffer()
          .then(
            () => reject(networkFailure),
            () => reject(fileUnreadableFailure()),
          );
    };
    request.onabort = () => {
      cleanUp();
      if (cutAnswer) {
        resolve(cutAnswer);
      } else if (stalled) {
        reject(
          new UploadFailureError({
            code: options.stallCode ?? 'PART_TIMEOUT',
            message: `No upload progress or answer for ${options.stallTimeoutMs} ms`,
            retryable: true,
          }),
        );
      } else {
        reject(signal?.reason ?? new UploadFailureError({ code: 'NETWORK_ERROR', message: 'PUT aborted', retryable: true }));
      }
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    armStallTimer();
    request.send(body);
  });
}

/** Resolves after `ms`, or rejects with the signal's reason when aborted first. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
