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
  /** Without `verifyUpload`, /presign tells the client it may count a single upload done at its PUT and confirm it in the background. */
  confirmInBackground: boolean;
}

export interface CompletionConfig {
  /** Folder of the completion markers in the upload's bucket; default `.svc-uploader/completions/`. */
  markerPrefix?: string;
  /** Seconds a claim holds without renewal before another request may take it over; default 30. */
  leaseSeconds?: number;
  /**
   * Without a `verifyUpload` hook, a single upload's client counts the file uploaded once storage
   * stored it and sends /complete in the background (the hooks then run a round trip after the
   * page showed the file uploaded); `false` makes it wait for /complete as it does when a verdict
   * is configured. Default `true`. No effect when `verifyUpload` is set.
   */
  confirmInBackground?: boolean;
}

export function readCompletionSettings(value: unknown): CompletionSettings {
  if (value === undefined) return { markerPrefix: DEFAULT_MARKER_PREFIX, leaseMs: DEFAULT_COMPLETION_LEASE_SECONDS * 1000, confirmInBackground: true };
  if (typeof value !== 'object' || value === null) throw createConfigError('completion must be an object {markerPrefix?, leaseSeconds?, confirmInBackground?}');
  const { markerPrefix = DEFAULT_MARKER_PREFIX, leaseSeconds = DEFAULT_COMPLETION_LEASE_SECONDS, confirmInBackground = true } = value as CompletionConfig;
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
  if (typeof confirmInBackground !== 'boolean')
    throw createConfigError(`completion.confirmInBackground must be true or false; got ${String(confirmInBackground)}`);
  return { markerPrefix, leaseMs: leaseSeconds * 1000, confirmInBackground };
}
