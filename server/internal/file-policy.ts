/**
 * The FileMetadata body of /presign and /multipart/init, and the size and type policy.
 */
import { UpupError, UpupErrorCode } from '../errors.js';
import type { UploadFileInfo } from '../types.js';
import { readContentMd5 } from './content-md5.js';
import { readAmzChecksum, type AmzChecksum, type AmzChecksumAlgorithm } from './amz-checksum.js';
import { readChecksumAlgorithm } from './multipart-checksum.js';
import { normalizeMimeType, toMimeEssence } from './mime-type.js';
import { readSignParts } from './sign-parts-request.js';
import { isPlainObject } from './request-body.js';

/** Longest accepted `name`, in UTF-16 code units; checked before any other work on it. */
export const MAX_FILE_NAME_LENGTH = 1024;
/** S3's largest object. */
const MAX_OBJECT_BYTES = 5 * 1024 ** 4;
/** S3's largest single PUT; above it only a multipart upload can store the file. */
const MAX_SINGLE_PUT_BYTES = 5 * 1024 ** 3;
/** Code of the 413 that /presign answers for a file only multipart can store. */
const MULTIPART_REQUIRED_CODE = 'MULTIPART_REQUIRED';

/**
 * Types that a browser runs as active content when served from a site's own origin. A family
 * pattern (`image/*`, `text/*`) never admits them; list one exactly to accept it.
 */
const SCRIPTABLE_TYPES: ReadonlySet<string> = new Set([
  'image/svg+xml',
  'text/html',
  'application/xhtml+xml',
  'text/xml',
  'application/xml',
  'text/xsl',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
]);

export interface UploadRequest {
  file: UploadFileInfo;
  /** Opaque client data: passed to keyStrategy and a storage resolver, never read here. */
  metadata: Record<string, unknown> | undefined;
  /** Requested part size (multipart init); undefined when absent or not a positive number. */
  chunkSizeBytes: number | undefined;
  /** Base64 MD5 of the whole body (single PUT), signed into its URL; undefined when not sent. */
  contentMd5?: string | undefined;
  /** `x-amz-checksum-*` digest of the whole body (single PUT); undefined when not sent. */
  checksum?: AmzChecksum | undefined;
  /** `x-amz-checksum-*` algorithm the parts will carry (multipart init); undefined when not sent. */
  checksumAlgorithm?: AmzChecksumAlgorithm | undefined;
  /** How many of the first part URLs to sign at init (multipart init); undefined when not sent. */
  signParts?: number | undefined;
}

function invalidMetadata(detail: string): UpupError {
  return new UpupError('Invalid file metadata', UpupErrorCode.BAD_REQUEST, { status: 400, cause: new Error(detail) });
}

/**
 * Checks the shape of a FileMetadata body. `name` is capped at {@link MAX_FILE_NAME_LENGTH}
 * before anything else reads it; `type` must be exactly one MIME type (or empty) and is replaced
 * by its normalised form; `size` must be a whole, non-negative number of bytes within
 * JavaScript's exact integer range, since it is signed into the PUT as Content-Length.
 * `contentMd5`, when present, must be one base64 MD5, and `checksum` one `{algorithm, value}`
 * digest (400 `Invalid content digest` otherwise). With `multipartInit`, `checksumAlgorithm` is
 * read too (one of the algorithm names, else the same 400), and `signParts` (a whole number from 1
 * to 16, else 400 `Invalid file metadata`); /presign ignores both as unknown fields.
 * Unknown fields are ignored; a `metadata` that is not an object is dropped, not rejected.
 */
export function parseUploadRequest(body: unknown, options: { multipartInit?: boolean } = {}): UploadRequest {
  if (!isPlainObject(body)) throw invalidMetadata('body is not a JSON object');
  const { name, type, size, metadata, chunkSizeBytes, contentMd5, checksum, checksumAlgorithm, signParts } = body;
  if (typeof name !== 'string' || name.length > MAX_FILE_NAME_LENGTH || name.trim() === '') {
    throw invalidMetadata(`name must be a non-empty string of at most ${MAX_FILE_NAME_LENGTH} characters`);
  }
  if (typeof type !== 'string') throw invalidMetadata('type must be a string');
  const normalizedType = normalizeMimeType(type);
  if (normalizedType === undefined) throw invalidMetadata('type must be one MIME type such as "image/png" (or empty)');
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) {
    throw invalidMetadata('size must be a whole number of bytes >= 0');
  }
  return {
    file: { name, type: normalizedType, size },
    metadata: isPlainObject(metadata) ? metadata : undefined,
    chunkSizeBytes: typeof chunkSizeBytes === 'number' && Number.isFinite(chunkSizeBytes) && chunkSizeBytes > 0 ? chunkSizeBytes : undefined,
    contentMd5: readContentMd5(contentMd5),
    checksum: readAmzChecksum(checksum),
    ...(options.multipartInit ? { checksumAlgorithm: readChecksumAlgorithm(checksumAlgorithm), signParts: readSignParts(signParts) } : {}),
  };
}

/**
 * Browsers render every type ending in `+xml` as an XML document, where an XHTML `<script>` runs
 * (`image/svg+xml`, but also `image/x-anything+xml`, `application/rss+xml`...).
 */
function isScriptable(essence: string): boolean {
  return SCRIPTABLE_TYPES.has(essence) || essence.endsWith('+xml');
}

function matchesPattern(essence: string, pattern: string): boolean {
  if (pattern.endsWith('/*')) {
    const family = pattern.slice(0, -1);
    return essence.startsWith(family) && essence.length > family.length && !isScriptable(essence);
  }
  return essence === (toMimeEssence(pattern) ?? pattern);
}

/**
 * Exact MIME match or a trailing `/*` family pattern (`image/*`), which admits no scriptable type
 * (`text/html`, any `+xml` type such as `image/svg+xml`, ...). An empty or malformed type never matches a non-empty list;
 * an absent list allows everything.
 */
export function isTypeAllowed(type: string, allowedTypes: readonly string[] | undefined): boolean {
  if (allowedTypes === undefined) return true;
  const essence = toMimeEssence(type);
  if (essence === undefined) return false;
  return allowedTypes.some((pattern) => matchesPattern(essence, pattern.toLowerCase()));
}

function fileTooLarge(detail: string, code?: string): UpupError {
  return new UpupError('File too large', code, { status: 413, cause: new Error(detail) });
}

/**
 * 413 above `maxFileSize` or above S3's 5 TiB object limit, then 415 outside `allowedTypes`, in
 * that order. `singlePut` adds S3's 5 GiB limit of one PUT (code `MULTIPART_REQUIRED`).
 */
export function assertFileAllowed(
  file: { size: number; type: string },
  maxFileSize: number | undefined,
  allowedTypes: readonly string[] | undefined,
  options: { singlePut?: boolean } = {},
): void {
  if (maxFileSize !== undefined && file.size > maxFileSize) throw fileTooLarge(`size ${file.size} exceeds maxFileSize ${maxFileSize}`);
  if (file.size > MAX_OBJECT_BYTES) throw fileTooLarge(`size ${file.size} exceeds S3's ${MAX_OBJECT_BYTES}-byte object limit`);
  if (options.singlePut && file.size > MAX_SINGLE_PUT_BYTES) {
    throw fileTooLarge(`size ${file.size} exceeds S3's ${MAX_SINGLE_PUT_BYTES}-byte single PUT limit; use /multipart/init`, MULTIPART_REQUIRED_CODE);
  }
  if (!isTypeAllowed(file.type, allowedTypes)) {
    throw new UpupError('File type not allowed', undefined, { status: 415, cause: new Error(`type "${file.type}" is not in allowedTypes`) });
  }
}
