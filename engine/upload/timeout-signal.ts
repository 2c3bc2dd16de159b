/** Joins a caller's abort signal with a time limit, for every request the browser side makes. */
import { MAX_TIMER_MS } from './request-timeout.js';

/** A signal that fires on the caller's abort or after `timeoutMs`, whichever comes first. */
export function withTimeout(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  // Derived limits (complete's is a multiple of requestTimeoutMs) can pass what a timer keeps.
  const timeout = AbortSignal.timeout(Math.min(timeoutMs, MAX_TIMER_MS));
  if (!signal) return timeout;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([signal, timeout]);
  // Browsers before AbortSignal.any (Safari < 17.4): join the two by hand.
  const joined = new AbortController();
  for (const source of [signal, timeout]) {
    if (source.aborted) joined.abort(source.reason);
    else source.addEventListener('abort', () => joined.abort(source.reason), { once: true });
  }
  return joined.signal;
}
