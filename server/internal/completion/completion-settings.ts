/**
 * The `completion` option: where completion markers live and how long a claim on one holds.
 */
import { createConfigError } from '../../errors.js';
import { findKeyProblem } from '../object-key.js';
import { DEFAULT_MARKER_PREFIX } from './marker-store.js';

const DEFAULT_COMPLETION_LEASE_SECONDS = 30;
/** Leaves room under S3's 1,024-byte key for the two digests a marker key adds. */
const MAX_MARKER_PREFIX_BYTES = 512;

export interface CompletionSettings {
  /** Ends with `/`; every marker key starts with it, and no upload key may. */
  markerPrefix: string;
  leaseMs: number;
}

export interface CompletionConfig {
  /** Folder of the completion markers in the upload's bucket; default `.svc-uploader/completions/`. */
  markerPrefix?: string;
  /** Seconds a claim holds without renewal before another request may take it over; default 30. */
  leaseSeconds?: number;
}

export function readCompletionSettings(value: unknown): CompletionSettings {
  if (value === undefined) return { markerPrefix: DEFAULT_MARKER_PREFIX, leaseMs: DEFAULT_COMPLETION_LEASE_SECONDS * 1000 };
  if (typeof value !== 'object' || value === null) throw createConfigError('completion must be an object {markerPrefix?, leaseSeconds?}');
  const { markerPrefix = DEFAULT_MARKER_PREFIX, leaseSeconds = DEFAULT_COMPLETION_LEASE_SECONDS } = value as CompletionConfig;
  if (
    typeof markerPrefix !== 'string' ||
    !markerPrefix.endsWith('/') ||
    new TextEncoder().encode(markerPrefix).length > MAX_MARKER_PREFIX_BYTES ||
    findKeyProblem(markerPrefix.slice(0, -1)) !== undefined
  ) {
    throw createConfigError(
      `completion.markerPrefix must be a key prefix ending with "/", at most ${MAX_MARKER_PREFIX_BYTES} bytes, with no "." or ".." segment, leading "/", backslash or control character`,
    );
  }
  if (typeof leaseSeconds !== 'number' || !Number.isSafeInteger(leaseSeconds) || leaseSeconds < 1 || leaseSeconds > 3600) {
    throw createConfigError(`completion.leaseSeconds must be a whole number of seconds from 1 to 3600; got ${String(leaseSeconds)}`);
  }
  return { markerPrefix, leaseMs: leaseSeconds * 1000 };
}
