/**
 * The FileMetadata body of /presign and /multipart/init, and the size and type policy.
 */
import { UpupError, UpupErrorCode } from '../errors.js';
import type { UploadFileInfo } from '../types.js';
import { isPlainObject } from './request-body.js';

export interface UploadRequest {
  file: UploadFileInfo;
  /** Opaque client data: passed to keyStrategy and a storage resolver, never read here. */
  metadata: Record<string, unknown> | undefined;
  /** Requested part size (multipart init); undefined when absent or not a positive number. */
  chunkSizeBytes: number | undefined;
}

function invalidMetadata(detail: string): UpupError {
  return new UpupError('Invalid file metadata', UpupErrorCode.BAD_REQUEST, { status: 400, cause: new Error(detail) });
}

/**
 * Checks the shape of a FileMetadata body. `size` must be a whole, non-negative number of bytes
 * within JavaScript's exact integer range: it is signed into the PUT as Content-Length.
 * Unknown fields are ignored; a `metadata` that is not an object is dropped, not rejected.
 */
export function parseUploadRequest(body: unknown): UploadRequest {
  if (!isPlainObject(body)) throw invalidMetadata('body is not a JSON object');
  const { name, type, size, metadata, chunkSizeBytes } = body;
  if (typeof name !== 'string' || name.trim() === '') throw invalidMetadata('name must be a non-empty string');
  if (typeof type !== 'string') throw invalidMetadata('type must be a string');
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) {
    throw invalidMetadata('size must be a whole number of bytes >= 0');
  }
  return {
    file: { name, type, size },
    metadata: isPlainObject(metadata) ? metadata : undefined,
    chunkSizeBytes: typeof chunkSizeBytes === 'number' && Number.isFinite(chunkSizeBytes) && chunkSizeBytes > 0 ? chunkSizeBytes : undefined,
  };
}

/** The MIME essence: lower case, parameters (`; charset=...`) removed. */
function mimeEssence(type: string): string {
  return type.split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * Exact MIME match or a trailing `/*` family pattern (`image/*`). An empty type never matches a
 * non-empty list; an absent list allows everything.
 */
export function isTypeAllowed(type: string, allowedTypes: readonly string[] | undefined): boolean {
  if (allowedTypes === undefined) return true;
  const essence = mimeEssence(type);
  if (essence === '') return false;
  return allowedTypes.some((pattern) => {
    if (pattern.endsWith('/*')) return essence.startsWith(pattern.slice(0, -1)) && essence.length > pattern.length - 1;
    return essence === mimeEssence(pattern);
  });
}

/** 413 above `maxFileSize`, then 415 outside `allowedTypes`, in that order. */
export function assertFileAllowed(file: { size: number; type: string }, maxFileSize: number | undefined, allowedTypes: readonly string[] | undefined): void {
  if (maxFileSize !== undefined && file.size > maxFileSize) {
    throw new UpupError('File too large', undefined, { status: 413, cause: new Error(`size ${file.size} exceeds maxFileSize ${maxFileSize}`) });
  }
  if (!isTypeAllowed(file.type, allowedTypes)) {
    throw new UpupError('File type not allowed', undefined, { status: 415, cause: new Error(`type "${file.type}" is not in allowedTypes`) });
  }
}
