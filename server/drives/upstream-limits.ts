/**
 * Every call the drive routes make upstream (provider token endpoint, listing, download, and each
 * S3 request of a transfer) carries a timeout and the client request's abort signal, so a hung
 * provider or a client that went away stops the work instead of holding sockets and memory.
 */
import { createDeadlineSignal } from '../internal/deadline-signal.js';
import type { CallEnd } from '../internal/telemetry/request-telemetry.js';
import type { ProviderOperation } from '../observers.js';

export interface UpstreamLimits {
  /** The client request's signal: aborted when the client disconnects. */
  signal: AbortSignal | undefined;
  /** Per call: until the answer for ordinary calls, between two chunks while a download streams. */
  timeoutMs: number;
  /** Times each provider call for the request's observers (metrics, traces); absent when nothing observes. */
  observeCall?: ((operation: ProviderOperation) => CallEnd) | undefined;
}

/** A signal for one call: the client's abort or the timeout, whichever comes first. */
export function toCallSignal(limits: UpstreamLimits): AbortSignal {
  return createDeadlineSignal(limits.timeoutMs, limits.signal);
}

/** Limits without the client's signal, for shared work (a refresh other requests wait on) and clean-up. */
export function withoutClientSignal(limits: UpstreamLimits): UpstreamLimits {
  return { signal: undefined, timeoutMs: limits.timeoutMs, observeCall: limits.observeCall };
}
