/**
 * The base64 MD5 that `checksumVerification` signs into an upload URL as `Content-MD5`, so that
 * storage refuses a body that changed on the way (`400 BadDigest`). MD5 because it is the one
 * digest every S3-compatible store checks on a presigned PUT; the SHA-256 sent as metadata is for
 * readers of the object, and storage does not check it.
 */
import type { Md5Hasher } from './md5-hasher.js';

/** Bytes handed to the hasher at once; a file is read in slices of this size, never whole. */
const READ_SLICE_BYTES = 8 * 1024 * 1024;

let hasherModule: Promise<typeof import('./md5-hasher.js')> | undefined;

/** Loads the WebAssembly MD5 on first use; a failed load is tried again next time. */
function newHasher(): Promise<Md5Hasher> {
  hasherModule ??= import('./md5-hasher.js').catch((error: unknown) => {
    hasherModule = undefined;
    throw error;
  });
  return hasherModule.then((module) => module.createMd5Hasher());
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Base64 MD5 of bytes already in memory (a part about to be sent). */
export async function md5Base64OfBytes(bytes: ArrayBuffer): Promise<string> {
  const hasher = await newHasher();
  hasher.update(new Uint8Array(bytes));
  return toBase64(hasher.digest());
}

/** Base64 MD5 of a blob of any size, read slice by slice so memory stays at one slice. */
export async function md5Base64OfBlob(blob: Blob, signal?: AbortSignal): Promise<string> {
  const hasher = await newHasher();
  for (let offset = 0; offset < blob.size; offset += READ_SLICE_BYTES) {
    signal?.throwIfAborted();
    hasher.update(new Uint8Array(await blob.slice(offset, offset + READ_SLICE_BYTES).arrayBuffer()));
  }
  return toBase64(hasher.digest());
}
