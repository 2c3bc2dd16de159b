/** Joins a caller's abort signal with a time limit, for every request the browser side makes. */

/** A signal that fires on the caller's abort or after `timeoutMs`, whichever comes first. */
export function withTimeout(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
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
