import { UploadFailureError } from './errors.js';
import type { StorageResponse } from './types.js';

export interface RequestContext {
  headers?: Record<string, string>;
  withCredentials?: boolean;
  signal?: AbortSignal;
}

/** Failure body of the handler: `{error, code?}`. */
interface FailureBody {
  error?: string;
  code?: string;
}

/**
 * POSTs JSON and returns the parsed JSON answer. Non-2xx answers become UploadFailureError with
 * the handler's `code`; 4xx are not retryable (the handler decided), 5xx and network errors are.
 */
export async function postJson<T>(url: string, body: unknown, context: RequestContext = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...context.headers },
      body: JSON.stringify(body),
      credentials: context.withCredentials ? 'include' : 'same-origin',
      signal: context.signal,
    });
  } catch (error) {
    context.signal?.throwIfAborted();
    throw new UploadFailureError({ code: 'NETWORK_ERROR', message: `POST ${url} failed: ${(error as Error).message}`, retryable: true });
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const failure = (parsed ?? {}) as FailureBody;
    throw new UploadFailureError({
      code: 'HTTP_ERROR',
      status: response.status,
      serverCode: failure.code,
      message: failure.error ?? `POST ${url} answered ${response.status}`,
      // 408 and 429 are transient even though they are 4xx.
      retryable: response.status >= 500 || response.status === 408 || response.status === 429,
    });
  }
  if (parsed === undefined) {
    throw new UploadFailureError({ code: 'HTTP_ERROR', status: response.status, message: `POST ${url} answered no JSON`, retryable: false });
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
    request.upload.onprogress = (event) => {
      armStallTimer();
      options.onProgress?.(event.loaded);
    };
    // After the body is sent the server may still take time to answer; keep watching.
    request.upload.onload = armStallTimer;
    request.onload = () => {
      cleanUp();
      resolve({ status: request.status, headers: parseHeaders(request.getAllResponseHeaders()), body: request.responseText });
    };
    request.onerror = () => {
      cleanUp();
      reject(new UploadFailureError({ code: 'NETWORK_ERROR', message: `PUT to storage failed (network error)`, retryable: true }));
    };
    request.onabort = () => {
      cleanUp();
      if (stalled) {
        reject(new UploadFailureError({
          code: 'PART_TIMEOUT',
          message: `No upload progress for ${options.stallTimeoutMs} ms`,
          retryable: true,
        }));
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
