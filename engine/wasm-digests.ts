/**
 * The digests of `checksumVerification` through hash-wasm (WebAssembly, incremental; several
 * times faster than the same digests in plain JS): the base64 MD5 of what is sent, and the hex
 * SHA-256 of a large file. Runs in the digest worker (digest-worker.ts), and is imported on the
 * main thread only where no worker can run (digest-worker-client.ts), so pages that leave the
 * option off never download it. A page whose
 * Content-Security-Policy forbids compiling WebAssembly gets plain-JS digests instead: slower, but
 * the upload goes on.
 */
import { createMD5, createSHA256 } from 'hash-wasm';
import type { AmzChecksumAlgorithm } from './amz-checksum-hasher.js';
import type { ContentChecksum } from '../protocol/wire.js';

interface IncrementalMd5 {
  update(bytes: Uint8Array): unknown;
  digest(): Uint8Array;
}

async function createHasher(): Promise<IncrementalMd5> {
  try {
    const hasher = await createMD5();
    return { update: (bytes) => hasher.update(bytes), digest: () => hasher.digest('binary') };
  } catch {
    const { md5 } = await import('@noble/hashes/legacy.js');
    return md5.create();
  }
}

/** Bytes handed to the hasher at once; a file is read in slices of this size, never whole. */
const READ_SLICE_BYTES = 8 * 1024 * 1024;

/**
 * The bytes of `blob` from `offset`, at most one read slice: the blob itself when it fits whole
 * (a part), since slicing an in-memory Blob can copy its bytes in the browser's blob storage.
 */
function readSlice(blob: Blob, offset: number): Promise<ArrayBuffer> {
  const sliceEnd = Math.min(blob.size, offset + READ_SLICE_BYTES);
  return (offset === 0 && sliceEnd === blob.size ? blob : blob.slice(offset, sliceEnd)).arrayBuffer();
}

/**
 * The bytes of `blob` slice by slice, reading ahead: the read of slice k+1 is under way while the
 * caller hashes slice k (hashing is synchronous, the browser reads on its own threads), and the
 * read of slice k+2 starts once slice k is hashed, so the reader always has a slice to fetch and
 * a pass takes about the longer of reading and hashing instead of their sum. At most two slices
 * are held at once (one hashed, one read), whatever the blob's size.
 */
async function* readSlices(blob: Blob, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  const readFrom = (offset: number): Promise<ArrayBuffer> | undefined => {
    if (offset >= blob.size) return undefined;
    const read = readSlice(blob, offset);
    // A read left behind by an abort must not surface as an unhandled rejection; awaited reads still throw.
    read.catch(() => undefined);
    return read;
  };
  const ahead = [readFrom(0), readFrom(READ_SLICE_BYTES)];
  for (let offset = 0; ahead[0]; offset += READ_SLICE_BYTES) {
    signal?.throwIfAborted();
    const bytes = await ahead.shift()!;
    yield new Uint8Array(bytes);
    // The slice just yielded is hashed by now: the next read takes its place.
    ahead.push(readFrom(offset + 2 * READ_SLICE_BYTES));
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Bytes in memory are hashed at once; a blob is read slice by slice, so memory stays at two slices. */
export async function md5Base64(data: ArrayBuffer | Blob, signal?: AbortSignal): Promise<string> {
  const hasher = await createHasher();
  if (data instanceof ArrayBuffer) {
    hasher.update(new Uint8Array(data));
  } else {
    for await (const bytes of readSlices(data, signal)) hasher.update(bytes);
  }
  return toBase64(hasher.digest());
}

/**
 * The base64 MD5 of a blob and, with `algorithm`, its `x-amz-checksum-*` digest, in one read of
 * the blob slice by slice (memory stays at two slices).
 */
export async function uploadDigests(
  blob: Blob,
  algorithm: AmzChecksumAlgorithm | undefined,
  signal?: AbortSignal,
): Promise<{ contentMd5: string; checksum?: ContentChecksum }> {
  const md5 = await createHasher();
  // Its own chunk: pages that set no checksumAlgorithm never download the CRC code.
  const other = algorithm ? await (await import('./amz-checksum-hasher.js')).createAmzChecksumHasher(algorithm) : undefined;
  for await (const bytes of readSlices(blob, signal)) {
    md5.update(bytes);
    other?.update(bytes);
  }
  const contentMd5 = toBase64(md5.digest());
  return algorithm && other ? { contentMd5, checksum: { algorithm, value: toBase64(other.digest()) } } : { contentMd5 };
}

/** Above this WebCrypto's one-buffer digest would hold the whole file in memory. */
const WEBCRYPTO_DIGEST_LIMIT = 64 * 1024 * 1024;

interface IncrementalSha256 {
  update(bytes: Uint8Array): unknown;
  digest(): Uint8Array;
}

async function createSha256(): Promise<IncrementalSha256> {
  try {
    const hasher = await createSHA256();
    return { update: (bytes) => hasher.update(bytes), digest: () => hasher.digest('binary') };
  } catch {
    const { sha256 } = await import('@noble/hashes/sha2.js');
    return sha256.create();
  }
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Hex SHA-256 of a file: WebCrypto in one buffer when it is small enough, else streamed. */
export async function fileSha256Hex(blob: Blob, signal?: AbortSignal): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle && blob.size <= WEBCRYPTO_DIGEST_LIMIT) return toHex(new Uint8Array(await subtle.digest('SHA-256', await blob.arrayBuffer())));
  return sha256Hex(blob, signal);
}

/** Hex SHA-256 of a blob read slice by slice (plain JS where WebAssembly is refused). */
export async function sha256Hex(blob: Blob, signal?: AbortSignal): Promise<string> {
  const hasher = await createSha256();
  for await (const bytes of readSlices(blob, signal)) hasher.update(bytes);
  return toHex(hasher.digest());
}
