/**
 * `POST /complete` sent after a single upload already counts as done: the handler said it has no
 * verdict to give (`completionMode: 'background'`), so the page need not wait a round trip for
 * it. The confirmation must still reach the handler exactly as an awaited one would (its marker
 * makes repeats harmless), so it is
 *
 * - kept in localStorage until the handler answered for good (pending-confirmations.ts), and sent
 *   again by the next engine of the same scope when this page closed or lost the network first;
 * - retried on lost answers, time-outs, 5xx, 408, 429 and 503 (another request is completing it),
 *   with the engine's backoff and the handler's `Retry-After`;
 * - sent with `keepalive`, so a page closed mid-request still delivers it, and a retry waiting for
 *   its turn when the page is hidden for good (`pagehide`) is sent at once.
 */
import { retryHintOf, UploadFailureError } from '../core/errors.js';
import { toHex } from '../core/hex.js';
import { forgetConfirmation, pendingConfirmations, rememberConfirmation, type PendingConfirmation } from '../persistence/pending-confirmations.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, postJson, type RequestContext } from './http.js';
import { backoffDelay, delayBeforeRetry } from './retry-policy.js';
import type { CompleteUploadRequest } from '../../protocol/wire.js';

/** Sends after the first; what is still unanswered then waits for the next page of the same scope. */
const MAX_CONFIRMATION_RETRIES = 8;

/** What a confirmation needs from its engine: headers and credentials (unbound to any file), and its retry settings. */
export interface ConfirmationSender {
  requestContext(): Promise<RequestContext>;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
}

/**
 * Confirmations sent at once; the rest wait their turn, so a batch's confirmations leave the
 * browser's few connections to the handler (six over HTTP/1.1) to the next files' /presign calls.
 */
const MAX_CONFIRMATIONS_IN_FLIGHT = 2;
let sending = 0;
const queued: Array<() => void> = [];

/** Records of this page being sent or waiting to be: never sent twice at once from one page. */
const inFlight = new Set<string>();
/** Retries waiting for their timer, sent at once when the page goes away. */
const waiting = new Map<string, { timer: ReturnType<typeof setTimeout>; send: () => void }>();
let listening = false;

function sendWaitingNow(): void {
  for (const start of queued.splice(0)) start();
  for (const [id, retry] of waiting) {
    clearTimeout(retry.timer);
    waiting.delete(id);
    retry.send();
  }
}

function listenForPageHide(): void {
  if (listening || typeof addEventListener !== 'function') return;
  listening = true;
  addEventListener('pagehide', sendWaitingNow);
}

/** An answer after which sending again changes nothing: accepted, refused, expired, or no object to confirm. */
function isFinal(error: unknown): boolean {
  return error instanceof UploadFailureError && !error.retryable;
}

/** Runs `start` when fewer than the maximum are in flight; `finished` hands the turn on. */
function inTurn(start: () => void): void {
  if (sending < MAX_CONFIRMATIONS_IN_FLIGHT) {
    sending += 1;
    start();
  } else {
    queued.push(() => {
      sending += 1;
      start();
    });
    listenForPageHide();
  }
}

function finished(): void {
  sending -= 1;
  if (sending < MAX_CONFIRMATIONS_IN_FLIGHT) queued.shift()?.();
}

function send(record: PendingConfirmation, sender: ConfirmationSender, retry: number): void {
  inTurn(() => transmit(record, sender, retry));
}

function transmit(record: PendingConfirmation, sender: ConfirmationSender, retry: number): void {
  void (async () => {
    let failure: unknown;
    try {
      const request = await sender.requestContext();
      const body: CompleteUploadRequest = { token: record.token };
      await postJson(record.url, body, { ...request, keepalive: true, timeoutMs: 10 * (request.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS) });
    } catch (error) {
      failure = error ?? new Error('confirmation failed');
    }
    finished();
    if (failure === undefined || isFinal(failure)) {
      forgetConfirmation(record.id);
      inFlight.delete(record.id);
      return;
    }
    if (retry >= MAX_CONFIRMATION_RETRIES) {
      // Left for the next page of this scope: the record stays.
      inFlight.delete(record.id);
      return;
    }
    const delayMs = delayBeforeRetry(backoffDelay(retry, sender.retryBaseDelayMs, sender.retryMaxDelayMs), retryHintOf(failure), sender.retryMaxDelayMs);
    const timer = setTimeout(() => {
      waiting.delete(record.id);
      send(record, sender, retry + 1);
    }, delayMs);
    // When the page goes away, now and without waiting for a turn: keepalive carries it.
    const now = (): void => {
      sending += 1;
      transmit(record, sender, retry + 1);
    };
    waiting.set(record.id, { timer, send: now });
    listenForPageHide();
  })();
}

/** Confirms a stored single upload without holding up its file; kept until the handler answered. */
export function confirmInBackground(url: string, token: string, scope: string, sender: ConfirmationSender): void {
  const record: PendingConfirmation = { id: toHex(crypto.getRandomValues(new Uint8Array(16))), scope, url, token, savedAt: Date.now() };
  rememberConfirmation(record);
  inFlight.add(record.id);
  send(record, sender, 0);
}

/** Sends the confirmations an earlier page of this scope left unanswered (a closed page, a lost network). */
export function resumePendingConfirmations(url: string, scope: string, sender: ConfirmationSender): void {
  for (const record of pendingConfirmations(scope, url)) {
    if (inFlight.has(record.id)) continue;
    inFlight.add(record.id);
    send(record, sender, 0);
  }
}
