/**
 * The `drives` block of the handler config: checked at construction with messages that name the
 * option, and resolved with its defaults once per handler.
 */
import { createConfigError } from '../errors.js';
import { MAX_TRANSFER_BYTES } from './transfer/limits.js';
import type { DriveRouteOptions } from './types.js';

const DEFAULT_DRIVE_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_CONCURRENT_TRANSFERS = 4;
/** Half the default slots: one user (or all anonymous callers together) never holds them all. */
const DEFAULT_MAX_TRANSFERS_PER_USER = 2;
/** 30 minutes: 5 GiB at about 3 MB/s, while a dripping download gives its slot back in bounded time. */
const DEFAULT_TRANSFER_TIMEOUT_MS = 30 * 60_000;
/** 5 GiB, S3's largest single PUT: what a browser sends without multipart. */
const DEFAULT_MAX_TRANSFER_BYTES = 5 * 1024 ** 3;

export interface ResolvedDriveRouteOptions {
  timeoutMs: number;
  maxConcurrentTransfers: number;
  /** Never above `maxConcurrentTransfers`. */
  maxTransfersPerUser: number;
  transferTimeoutMs: number;
  maxTransferBytes: number;
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
  const maxConcurrentTransfers = readPositiveInteger(options?.maxConcurrentTransfers, 'drives.maxConcurrentTransfers', DEFAULT_MAX_CONCURRENT_TRANSFERS);
  const maxTransfersPerUser = readPositiveInteger(options?.maxTransfersPerUser, 'drives.maxTransfersPerUser', DEFAULT_MAX_TRANSFERS_PER_USER);
  const maxTransferBytes = readPositiveInteger(options?.maxTransferBytes, 'drives.maxTransferBytes', DEFAULT_MAX_TRANSFER_BYTES);
  if (maxTransferBytes > MAX_TRANSFER_BYTES) {
    throw createConfigError(`drives.maxTransferBytes must be at most ${MAX_TRANSFER_BYTES} (10,000 parts of 64 MiB); got ${maxTransferBytes}`);
  }
  return {
    timeoutMs: readPositiveInteger(options?.timeoutMs, 'drives.timeoutMs', DEFAULT_DRIVE_TIMEOUT_MS),
    maxConcurrentTransfers,
    maxTransfersPerUser: Math.min(maxTransfersPerUser, maxConcurrentTransfers),
    transferTimeoutMs: readPositiveInteger(options?.transferTimeoutMs, 'drives.transferTimeoutMs', DEFAULT_TRANSFER_TIMEOUT_MS),
    maxTransferBytes,
    requireSignedInCallback: readBoolean(options?.requireSignedInCallback, 'drives.requireSignedInCallback'),
  };
}
