/**
 * Bounds the transfers one handler runs at once, in total and per user. Each holds up to three
 * part buffers and two upstream connections, and all share the handler's S3 client (one socket
 * pool with the upload routes), so without a bound a burst of transfers could exhaust memory or
 * starve /multipart/*. The per-user share keeps one account (or every anonymous caller, who
 * share one drive namespace) from taking every slot with slow downloads: the others still get one.
 */
import { toJsonResponse } from '../../internal/responses.js';
import type { HandlerSettings } from '../../internal/settings.js';

/** Seconds a refused client is asked to wait: long enough for a typical transfer to finish. */
const TRANSFER_RETRY_AFTER_SECONDS = 5;

interface RunningTransfers {
  total: number;
  byUser: Map<string, number>;
}

export interface TransferSlotLimits {
  /** `drives.maxConcurrentTransfers`. */
  total: number;
  /** `drives.maxTransfersPerUser`. */
  perUser: number;
}

const runningByHandler = new WeakMap<HandlerSettings, RunningTransfers>();

function getRunning(settings: HandlerSettings): RunningTransfers {
  let running = runningByHandler.get(settings);
  if (!running) {
    running = { total: 0, byUser: new Map() };
    runningByHandler.set(settings, running);
  }
  return running;
}

/**
 * Takes a slot for `userId` (the drive namespace: all anonymous callers are one), or returns
 * `undefined` when the handler's `total` or this user's `perUser` slots are all in use. The
 * release runs at most once.
 */
export function tryAcquireTransferSlot(settings: HandlerSettings, userId: string, limits: TransferSlotLimits): (() => void) | undefined {
  const running = getRunning(settings);
  const mine = running.byUser.get(userId) ?? 0;
  if (running.total >= limits.total || mine >= limits.perUser) return undefined;
  running.total += 1;
  running.byUser.set(userId, mine + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running.total -= 1;
    const left = (running.byUser.get(userId) ?? 1) - 1;
    // Users come and go: an idle user leaves no entry behind.
    if (left > 0) running.byUser.set(userId, left);
    else running.byUser.delete(userId);
  };
}

/** 503 with `Retry-After`: the server is busy, not the request wrong, so clients retry later. */
export function toTransfersBusyResponse(): Response {
  const response = toJsonResponse({ error: 'Too many transfers in progress, retry later', code: 'TRANSFER_BUSY' }, 503);
  response.headers.set('retry-after', String(TRANSFER_RETRY_AFTER_SECONDS));
  return response;
}
