/**
 * The `drives` block of the handler config: checked at construction with messages that name the
 * option, and resolved with its defaults once per handler.
 */
import { createConfigError } from '../errors.js';
import type { DriveRouteOptions } from './types.js';

const DEFAULT_DRIVE_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_CONCURRENT_TRANSFERS = 4;

export interface ResolvedDriveRouteOptions {
  timeoutMs: number;
  maxConcurrentTransfers: number;
  requireSignedInCallback: boolean;
}

function readPositiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw createConfigError(`${name} must be a whole number >= 1; got ${String(value)}`);
  }
  return value;
}

function readBoolean(value: unknown, name: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw createConfigError(`${name} must be true or false; got ${String(value)}`);
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
    requireSignedInCallback: readBoolean(options?.requireSignedInCallback, 'drives.requireSignedInCallback'),
  };
}
