/**
 * How long to wait before a retry: capped exponential backoff with full jitter (so many clients
 * that failed together do not come back together), raised to what the server asked for with
 * `Retry-After`, and to a floor when storage says `SlowDown`.
 */

/** A `Retry-After` value longer than this is cut to it (a typo of the server must not park a file for a day). */
export const DEFAULT_RETRY_MAX_DELAY_MS = 30_000;

/** S3 `SlowDown` carries no Retry-After; waiting at least this long gives the throttle room. */
const SLOW_DOWN_MIN_DELAY_MS = 1000;

/** Longest Retry-After text read; an HTTP date is 29 characters. */
const RETRY_AFTER_MAX_LENGTH = 64;

/**
 * Reads a `Retry-After` header (delay in seconds, or an HTTP date) as milliseconds from `now`,
 * capped at `capMs`; undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, capMs: number, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (text.length === 0 || text.length > RETRY_AFTER_MAX_LENGTH) return undefined;
  let delayMs: number;
  if (/^\d+$/.test(text)) {
    delayMs = Number(text) * 1000;
  } else {
    // Every HTTP date form starts with a day name; Date.parse alone would take '-1' as a year.
    if (!/^[A-Za-z]{3}/.test(text)) return undefined;
    const date = Date.parse(text);
    if (Number.isNaN(date)) return undefined;
    delayMs = date - now;
  }
  return Math.min(capMs, Math.max(0, delayMs));
}

/** Full jitter: a uniformly random delay between 0 and the capped exponential step. */
export function backoffDelay(retry: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** retry);
  return Math.round(random() * ceiling);
}

/** What a failure asks of the next retry: the server's wish, if it said one. */
export interface RetryHint {
  retryAfterMs?: number;
  serverCode?: string;
}

/** The planned delay, raised to Retry-After (the server wins when it asks for longer) and the SlowDown floor. */
export function delayBeforeRetry(plannedMs: number, hint: RetryHint | undefined, capMs: number): number {
  let delayMs = plannedMs;
  if (hint?.retryAfterMs !== undefined) delayMs = Math.max(delayMs, hint.retryAfterMs);
  if (hint?.serverCode === 'SlowDown') delayMs = Math.max(delayMs, Math.min(capMs, SLOW_DOWN_MIN_DELAY_MS));
  return delayMs;
}
