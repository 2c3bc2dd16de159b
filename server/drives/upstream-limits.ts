/**
 * Every call the drive routes make upstream (provider token endpoint, listing, download, and each
 * S3 request of a transfer) carries a timeout and the client request's abort signal, so a hung
 * provider or a client that went away stops the work instead of holding sockets and memory.
 */
import { createConfigError } from '../errors.js';
import { createDeadlineSignal } from '../internal/deadline-signal.js';
import type { DriveRouteOptions } from './types.js';

export const DEFAULT_DRIVE_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_CONCURRENT_TRANSFERS = 4;

export interface UpstreamLimits {
  /** The client request's signal: aborted when the client disconnects. */
  signal: AbortSignal | undefined;
  /** Per call: until the answer for ordinary calls, between two chunks while a download streams. */
  timeoutMs: number;
}

export interface ResolvedDriveRouteOptions {
  timeoutMs: number;
  maxConcurrentTransfers: number;
}

function readPositiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw createConfigError(`${name} must be a whole number >= 1; got ${String(value)}`);
  }
  return value;
}

/** Checks `drives` at construction and fills in the defaults. */
export function resolveDriveRouteOptions(options: DriveRouteOptions | undefined): ResolvedDriveRouteOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw createConfigError('drives must be an object, e.g. { timeoutMs: 30000, maxConcurrentTransfers: 4 }');
  }
  return {
    timeoutMs: readPositiveInteger(options?.timeoutMs, 'drives.timeoutMs', DEFAULT_DRIVE_TIMEOUT_MS),
    maxConcurrentTransfers: readPositiveInteger(options?.maxConcurrentTransfers, 'drives.maxConcurrentTransfers', DEFAULT_MAX_CONCURRENT_TRANSFERS),
  };
}

/** A signal for one call: the client's abort or the timeout, whichever comes first. */
export function toCallSignal(limits: UpstreamLimits): AbortSignal {
  return createDeadlineSignal(limits.timeoutMs, limits.signal);
}

/** Limits without the client's signal, for shared work (a refresh other requests wait on) and clean-up. */
export function withoutClientSignal(limits: UpstreamLimits): UpstreamLimits {
  return { signal: undefined, timeoutMs: limits.timeoutMs };
}
