/**
 * Checks of what the handler (or a client-mode token endpoint) answers, before the engine acts
 * on it. A malformed answer is a non-retryable INVALID_RESPONSE: asking again gets the same
 * answer, and acting on it could send part of a file and call it stored (`partSize: -1`) or
 * slice a large file into millions of parts (`partSize: 1`).
 */
import { UploadFailureError } from './errors.js';

const MIB = 1024 * 1024;
/** S3's limits on multipart uploads. */
export const MIN_PART_SIZE = 5 * MIB;
export const MAX_PART_SIZE = 5 * 1024 * MIB;
export const MAX_PARTS = 10_000;

const MAX_UPLOAD_HEADERS = 32;
const MAX_HEADER_VALUE_LENGTH = 8192;
/** An RFC 9110 token; one quantifier, tried only on names already capped in length. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;

function invalid(what: string): UploadFailureError {
  return new UploadFailureError({ code: 'INVALID_RESPONSE', message: `The handler's answer is malformed: ${what}`, retryable: false });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function assertObject(value: unknown, route: string): Record<string, unknown> {
  if (!isObject(value)) throw invalid(`${route} did not answer a JSON object`);
  return value;
}

function assertString(answer: Record<string, unknown>, field: string, route: string): string {
  const value = answer[field];
  if (typeof value !== 'string' || value.length === 0) throw invalid(`${route} ${field} is not a non-empty string`);
  return value;
}

function assertOptionalString(answer: Record<string, unknown>, field: string, route: string): void {
  if (answer[field] !== undefined && typeof answer[field] !== 'string') throw invalid(`${route} ${field} is not a string`);
}

/** `uploadHeaders`, when present: a small object of header names to single-line string values. */
function assertUploadHeaders(answer: Record<string, unknown>, route: string): void {
  const headers = answer['uploadHeaders'];
  if (headers === undefined) return;
  if (!isObject(headers)) throw invalid(`${route} uploadHeaders is not an object`);
  const entries = Object.entries(headers);
  if (entries.length > MAX_UPLOAD_HEADERS) throw invalid(`${route} uploadHeaders has more than ${MAX_UPLOAD_HEADERS} entries`);
  for (const [name, value] of entries) {
    if (!HEADER_NAME.test(name)) throw invalid(`${route} uploadHeaders has an invalid header name`);
    if (typeof value !== 'string' || value.length > MAX_HEADER_VALUE_LENGTH || /[\r\n\0]/.test(value)) {
      throw invalid(`${route} uploadHeaders.${name} is not a single-line string`);
    }
  }
}

/** `/presign` (and a token endpoint): `{key, uploadUrl, uploadHeaders?, publicUrl?, downloadUrl?}`. */
export function assertPresignAnswer(value: unknown): void {
  const answer = assertObject(value, '/presign');
  assertString(answer, 'key', '/presign');
  assertString(answer, 'uploadUrl', '/presign');
  assertUploadHeaders(answer, '/presign');
  assertOptionalString(answer, 'publicUrl', '/presign');
  assertOptionalString(answer, 'downloadUrl', '/presign');
}

/**
 * `/multipart/init`: `{key, token, partSize}` where partSize is an integer within S3's part
 * limits (a file smaller than one minimum part may have a part size as small as the file) that
 * cuts the file into at most 10,000 parts.
 */
export function assertInitAnswer(value: unknown, fileSize: number): void {
  const answer = assertObject(value, '/multipart/init');
  assertString(answer, 'key', '/multipart/init');
  assertString(answer, 'token', '/multipart/init');
  const partSize = answer['partSize'];
  if (typeof partSize !== 'number' || !Number.isSafeInteger(partSize) || partSize < 1 || partSize > MAX_PART_SIZE) {
    throw invalid(`/multipart/init partSize ${String(partSize)} is not an integer between 1 and ${MAX_PART_SIZE}`);
  }
  if (partSize < MIN_PART_SIZE && partSize < fileSize) {
    throw invalid(`/multipart/init partSize ${partSize} is below S3's minimum of ${MIN_PART_SIZE} bytes`);
  }
  if (Math.ceil(fileSize / partSize) > MAX_PARTS) {
    throw invalid(`/multipart/init partSize ${partSize} cuts the file into more than ${MAX_PARTS} parts`);
  }
}

/** `/multipart/sign-part`: `{uploadUrl, uploadHeaders?}`. */
export function assertSignPartAnswer(value: unknown): void {
  const answer = assertObject(value, '/multipart/sign-part');
  assertString(answer, 'uploadUrl', '/multipart/sign-part');
  assertUploadHeaders(answer, '/multipart/sign-part');
}

/** `/multipart/resume`: `{key, token, parts: [{partNumber, eTag, size?}]}`. */
export function assertResumeAnswer(value: unknown): void {
  const answer = assertObject(value, '/multipart/resume');
  assertString(answer, 'token', '/multipart/resume');
  assertOptionalString(answer, 'key', '/multipart/resume');
  const parts = answer['parts'];
  if (!Array.isArray(parts) || parts.length > MAX_PARTS) throw invalid(`/multipart/resume parts is not a list of at most ${MAX_PARTS}`);
  for (const part of parts) {
    if (!isObject(part)) throw invalid('/multipart/resume lists a part that is not an object');
    const { partNumber, eTag, size } = part;
    if (typeof partNumber !== 'number' || !Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PARTS) {
      throw invalid('/multipart/resume lists a part with an invalid partNumber');
    }
    if (typeof eTag !== 'string' || eTag.length === 0 || eTag.length > 1024) throw invalid('/multipart/resume lists a part with an invalid eTag');
    if (size !== undefined && (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0)) {
      throw invalid('/multipart/resume lists a part with an invalid size');
    }
  }
}

/** `/multipart/complete`: `{key?, publicUrl?, downloadUrl?, etag?}`, all strings when present. */
export function assertCompleteAnswer(value: unknown): void {
  const answer = assertObject(value, '/multipart/complete');
  for (const field of ['key', 'publicUrl', 'downloadUrl', 'etag']) assertOptionalString(answer, field, '/multipart/complete');
}
