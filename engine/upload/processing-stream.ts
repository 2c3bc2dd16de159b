import { getPageBase } from './page-base.js';
import type { UploadFailure } from '../core/types.js';

export type ProcessingOutcome = { ok: true; result: unknown } | { ok: false; error: UploadFailure };

const COMPLETION_EVENTS = ['complete', 'completed', 'done', 'processed'];
const COMPLETION_STATUSES = new Set(['complete', 'completed', 'done', 'processed', 'success', 'succeeded']);
const FAILURE_STATUSES = new Set(['error', 'failed', 'failure']);
/** Longest failure text kept from the stream; it travels on in events a host may show. */
const MAX_MESSAGE_LENGTH = 500;

/** The stream's own words for a failure, as text of bounded length. */
function failureText(value: unknown): string {
  return (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'Processing failed')).slice(0, MAX_MESSAGE_LENGTH);
}

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

function statusOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const status = (payload as { status?: unknown }).status;
  return typeof status === 'string' ? status.toLowerCase() : undefined;
}

/** `?key=` appended to the endpoint, keeping any query it already has. */
function processingStreamUrl(endpoint: string, key: string): string {
  const url = new URL(endpoint, getPageBase());
  url.searchParams.set('key', key);
  return url.toString();
}

/**
 * Waits on a Server-Sent Events stream for the processing result of one stored object.
 * Completion: a `complete`/`completed`/`done`/`processed` event, or a plain message whose JSON has
 * a finished `status`. A message with status `error`/`failed`, or a named `error` event carrying
 * data, is a failure; every other message (progress, with another status or none at all) is
 * ignored, so a progress note is never taken for the result. No result within `timeoutMs` is a
 * `PROCESSING_TIMEOUT` failure.
 */
export function awaitProcessing(endpoint: string, key: string, timeoutMs: number, signal?: AbortSignal): Promise<ProcessingOutcome> {
  return new Promise((resolve) => {
    const source = new EventSource(processingStreamUrl(endpoint, key), { withCredentials: false });
    let settled = false;
    const finish = (outcome: ProcessingOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      source.close();
      signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const fail = (code: UploadFailure['code'], message: string): void =>
      finish({ ok: false, error: { code, message: failureText(message), retryable: false } });
    const timer = setTimeout(() => fail('PROCESSING_TIMEOUT', `No processing result for ${key} within ${timeoutMs} ms`), timeoutMs);
    const onAbort = (): void => fail('PROCESSING_ERROR', 'Processing wait was canceled');
    signal?.addEventListener('abort', onAbort, { once: true });

    const onMessage = (event: MessageEvent<string>): void => {
      const payload = parse(event.data);
      const status = statusOf(payload);
      if (status && FAILURE_STATUSES.has(status)) {
        fail(
          'PROCESSING_ERROR',
          failureText((payload as { error?: unknown; message?: unknown }).error ?? (payload as { message?: unknown }).message ?? 'Processing failed'),
        );
      } else if (status && COMPLETION_STATUSES.has(status)) {
        finish({ ok: true, result: payload });
      }
    };
    source.addEventListener('message', onMessage);
    for (const name of COMPLETION_EVENTS) {
      source.addEventListener(name, (event) => finish({ ok: true, result: parse((event as MessageEvent<string>).data) }));
    }
    source.addEventListener('error', (event) => {
      // A named `error` event from the server carries data; a connection error does not.
      const data = (event as MessageEvent<string>).data;
      if (typeof data === 'string') {
        const payload = parse(data);
        fail('PROCESSING_ERROR', failureText(payload));
      } else if (source.readyState === EventSource.CLOSED) {
        fail('PROCESSING_ERROR', 'The processing stream closed before a result arrived');
      }
      // Otherwise the browser reconnects by itself; the timeout still bounds the wait.
    });
  });
}
