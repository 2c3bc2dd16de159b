/**
 * Checks of what the handler (or a client-mode token endpoint) answers, before the engine acts
 * on it. A malformed answer is a non-retryable INVALID_RESPONSE: asking again gets the same
 * answer, and acting on it could send part of a file and call it stored (`partSize: -1`) or
 * slice a large file into millions of parts (`partSize: 1`).
 */
import { MAX_ETAG_LENGTH } from './answer-bounds.js';
import { UploadFailureError } from '../core/errors.js';

const MIB = 1024 * 1024;
/** S3's limits on multipart uploads. */
export const MIN_PART_SIZE = 5 * MIB;
const MAX_PART_SIZE = 5 * 1024 * MIB;
const MAX_PARTS = 10_000;

/** An RFC 9110 token of bounded length; one quantifier. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;

type Answer = Record<string, unknown>;

/** Throws INVALID_RESPONSE naming the field unless `valid`. */
function check(valid: boolean, field: string): void {
  if (!valid) throw new UploadFailureError({ code: 'INVALID_RESPONSE', message: `Malformed handler answer: ${field}`, retryable: false });
}

function isObject(value: unknown): value is Answer {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function isCount(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
}

/** The answer is an object whose `required` fields are non-empty strings and `optional` ones strings when present. */
function checkFields(answer: unknown, required: string[], optional: string[] = []): asserts answer is Answer {
  check(isObject(answer), 'not an object');
  for (const field of required) check(isText((answer as Answer)[field]), field);
  for (const field of optional) check(['undefined', 'string'].includes(typeof (answer as Answer)[field]), field);
}

/** `uploadHeaders`, when present: at most 32 header names with single-line string values. */
function checkUploadHeaders(headers: unknown): void {
  if (headers === undefined) return;
  check(isObject(headers) && Object.keys(headers).length <= 32, 'uploadHeaders');
  for (const [name, value] of Object.entries(headers as Answer)) {
    check(HEADER_NAME.test(name) && typeof value === 'string' && value.length <= 8192 && !/[\r\n\0]/.test(value), `uploadHeaders.${name.slice(0, 64)}`);
  }
}

const CHECKSUM_ALGORITHMS: readonly unknown[] = ['CRC32', 'CRC32C', 'SHA256'];

/** A checksum algorithm the handler names on resume (the token decides): absent or a known one. */
function checkChecksumAlgorithm(value: unknown): void {
  check(value === undefined || CHECKSUM_ALGORITHMS.includes(value), 'checksumAlgorithm');
}

/** A listed part's `checksum`, when present: `{algorithm, value}`, the value at most a SHA-256 in base64. */
function isListedChecksum(value: unknown): boolean {
  return value === undefined || (isObject(value) && CHECKSUM_ALGORITHMS.includes(value['algorithm']) && isText(value['value']) && value['value'].length <= 44);
}

/** `/presign` (and a token endpoint): `{key, uploadUrl, uploadHeaders?, publicUrl?, downloadUrl?}`. */
export function assertPresignAnswer(answer: unknown): void {
  checkFields(answer, ['key', 'uploadUrl'], ['publicUrl', 'downloadUrl']);
  checkUploadHeaders(answer['uploadHeaders']);
}

/**
 * `/multipart/init`: `{key, token, partSize, checksumAlgorithm?}`; partSize is an integer within
 * S3's part limits (as small as the file for a file below the minimum) giving at most 10,000
 * parts; `checksumAlgorithm` absent or exactly the one the request named (`requested`): a handler
 * opens an upload only with the algorithm it was asked for, so any other (also one named when
 * none was asked for) is not this protocol's answer.
 */
export function assertInitAnswer(answer: unknown, fileSize: number, requested?: string): void {
  checkFields(answer, ['key', 'token']);
  check(answer['checksumAlgorithm'] === undefined || answer['checksumAlgorithm'] === requested, 'checksumAlgorithm');
  const partSize = answer['partSize'];
  check(isPartSizeFor(partSize, fileSize), `partSize ${String(partSize).slice(0, 32)}`);
}

/**
 * A part size S3 can take for a file of `fileSize` bytes: an integer within its part limits (as
 * small as the file for a file below the minimum) giving at most 10,000 parts. Also checked on a
 * remembered session read back from storage, which a page can write anything into.
 */
export function isPartSizeFor(partSize: unknown, fileSize: number): partSize is number {
  return isCount(partSize, 1, MAX_PART_SIZE) && (partSize >= MIN_PART_SIZE || partSize >= fileSize) && Math.ceil(fileSize / partSize) <= MAX_PARTS;
}

/** A part a remembered session lists as stored: `[partNumber, {eTag, size, checksum?}]` within S3's bounds. */
export function isRememberedPart(entry: unknown): boolean {
  if (!Array.isArray(entry) || entry.length !== 2 || !isCount(entry[0], 1, MAX_PARTS)) return false;
  const part: unknown = entry[1];
  return (
    isObject(part) &&
    isText(part['eTag']) &&
    part['eTag'].length <= MAX_ETAG_LENGTH &&
    isCount(part['size'], 0, MAX_PART_SIZE) &&
    (part['checksum'] === undefined || (isListedChecksum(part['checksum']) && isObject(part['checksum'])))
  );
}

/** At most as many parts as an upload can have. */
export function isPartListLength(length: number): boolean {
  return length <= MAX_PARTS;
}

/** `/multipart/sign-part`: `{uploadUrl, uploadHeaders?}`. */
export function assertSignPartAnswer(answer: unknown): void {
  checkFields(answer, ['uploadUrl']);
  checkUploadHeaders(answer['uploadHeaders']);
}

/** `/multipart/resume`: `{key?, token, parts: [{partNumber, eTag, size?, checksum?}], checksumAlgorithm?}`. */
export function assertResumeAnswer(answer: unknown): void {
  checkFields(answer, ['token'], ['key']);
  checkChecksumAlgorithm(answer['checksumAlgorithm']);
  const parts = answer['parts'];
  check(Array.isArray(parts) && parts.length <= MAX_PARTS, 'parts');
  for (const part of parts as unknown[]) {
    check(
      isObject(part) &&
        isCount(part['partNumber'], 1, MAX_PARTS) &&
        isText(part['eTag']) &&
        part['eTag'].length <= MAX_ETAG_LENGTH &&
        (part['size'] === undefined || isCount(part['size'], 0, Number.MAX_SAFE_INTEGER)) &&
        isListedChecksum(part['checksum']),
      'parts[]',
    );
  }
}

/** `/multipart/complete`: an object whose `key`, `publicUrl`, `downloadUrl`, `etag` are strings when present. */
export function assertCompleteAnswer(answer: unknown): void {
  checkFields(answer, [], ['key', 'publicUrl', 'downloadUrl', 'etag']);
}
