/**
 * Bounds the transfers one handler runs at once. Each holds up to three part buffers and two
 * upstream connections, and all share the handler's S3 client (one socket pool with the upload
 * routes), so without a bound a burst of transfers could exhaust memory or starve /multipart/*.
 */
import { toJsonResponse } from '../../internal/responses.js';
import type { HandlerSettings } from '../../internal/settings.js';

/** Seconds a refused client is asked to wait: long enough for a typical transfer to finish. */
const TRANSFER_RETRY_AFTER_SECONDS = 5;

const runningByHandler = new WeakMap<HandlerSettings, { running: number }>();

/** Takes a slot, or returns `undefined` when all `limit` are in use. The release runs at most once. */
export function tryAcquireTransferSlot(settings: HandlerSettings, limit: number): (() => void) | undefined {
  let counter = runningByHandler.get(settings);
  if (!counter) {
    counter = { running: 0 };
    runningByHandler.set(settings, counter);
  }
  if (counter.running >= limit) return undefined;
  counter.running += 1;
  let released = false;
  const slots = counter;
  return () => {
    if (released) return;
    released = true;
    slots.running -= 1;
  };
}

/** 503 with `Retry-After`: the server is busy, not the request wrong, so clients retry later. */
export function toTransfersBusyResponse(): Response {
  const response = toJsonResponse({ error: 'Too many transfers in progress, retry later', code: 'TRANSFER_BUSY' }, 503);
  response.headers.set('retry-after', String(TRANSFER_RETRY_AFTER_SECONDS));
  return response;
}
