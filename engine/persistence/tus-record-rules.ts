import { getPageBase } from '../upload/page-base.js';
import { assertUploadUrl } from '../upload/upload-url.js';
import type { StoredTusUpload } from './tus-records.js';

/**
 * What a remembered tus upload must look like before tus-js-client is handed it. Any script of
 * the origin can write localStorage, so a record is checked as strictly as a server answer: the
 * client would otherwise send the file's bytes (and its `headers`, credentials included) to
 * whatever URL a record names, or trip over a record of the wrong types. A record that fails is
 * dropped, and the upload starts over at the endpoint.
 */
export interface TusRecordRules {
  /** The configured tus endpoint: upload URLs live on its origin, under its path. */
  endpoint: string;
  /** `parallelUploads`: a record may name at most this many partial uploads. */
  parallelUploads: number;
  /** `resumeWindowSeconds` in ms: no record outlives its creation by more. */
  windowMs: number;
  /** The size of the file being resumed, where it is known. */
  fileSize?: number;
  allowedUploadOrigins: readonly string[];
}

/** Longer than any date string `new Date().toISOString()` or tus-js-client writes. */
const MAX_CREATION_TIME_LENGTH = 64;
/** A clock that moved back a little does not drop a fresh record. */
const CLOCK_SLACK_MS = 60_000;

function endpointUrl(endpoint: string): URL | undefined {
  try {
    const url = new URL(endpoint, getPageBase());
    if (!url.pathname.endsWith('/')) url.pathname += '/';
    return url;
  } catch {
    return undefined;
  }
}

/** An upload URL the engine itself would send bytes to, on the endpoint's origin and under its path. */
function isEndpointUploadUrl(value: unknown, rules: TusRecordRules): boolean {
  const endpoint = endpointUrl(rules.endpoint);
  if (!endpoint || typeof value !== 'string') return false;
  let url: URL;
  try {
    url = new URL(assertUploadUrl(value, rules.allowedUploadOrigins));
  } catch {
    return false;
  }
  return url.origin === endpoint.origin && url.pathname.startsWith(endpoint.pathname) && url.pathname.length > endpoint.pathname.length;
}

export function isUsableTusRecord(stored: StoredTusUpload, rules: TusRecordRules, now = Date.now()): boolean {
  const { creationTime, expiresAt } = stored;
  // tus-js-client leaves out the field it does not use (no `parallelUploadUrls` for one upload).
  const uploadUrl = stored.uploadUrl ?? null;
  const parallelUploadUrls = stored.parallelUploadUrls ?? null;
  const size = stored.size ?? null;
  const created = typeof creationTime === 'string' && creationTime.length <= MAX_CREATION_TIME_LENGTH ? Date.parse(creationTime) : Number.NaN;
  if (!Number.isFinite(created) || created > now + CLOCK_SLACK_MS) return false;
  if (!Number.isFinite(expiresAt) || expiresAt <= now || expiresAt > created + rules.windowMs) return false;
  if (size !== null && (!Number.isSafeInteger(size) || size < 0)) return false;
  if (size !== null && rules.fileSize !== undefined && size !== rules.fileSize) return false;
  if (uploadUrl !== null && !isEndpointUploadUrl(uploadUrl, rules)) return false;
  if (parallelUploadUrls === null) return uploadUrl !== null;
  return (
    Array.isArray(parallelUploadUrls) &&
    parallelUploadUrls.length > 0 &&
    parallelUploadUrls.length <= rules.parallelUploads &&
    parallelUploadUrls.every((url) => isEndpointUploadUrl(url, rules))
  );
}
