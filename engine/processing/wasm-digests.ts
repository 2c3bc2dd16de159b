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
import { readSlices, type SliceSource } from './blob-slices.js';
import { toHex } from '../core/hex.js';
import type { ContentChecksum } from '../../protocol/wire.js';

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

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Bytes in memory are hashed at once; a blob is read slice by slice, so memory stays at two slices. */
export async function md5Base64(data: ArrayBuffer | Blob, signal?: AbortSignal, slices: SliceSource = readSlices): Promise<string> {
  const hasher = await createHasher();
  if (data instanceof ArrayBuffer) {
    hasher.update(new Uint8Array(data));
  } else {
    for await (const bytes of slices(data, signal)) hasher.update(bytes);
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
  slices: SliceSource = readSlices,
): Promise<{ contentMd5: string; checksum?: ContentChecksum }> {
  const md5 = await createHasher();
  // Its own chunk: pages that set no checksumAlgorithm never download the CRC code.
  const other = algorithm ? await (await import('./amz-checksum-hasher.js')).createAmzChecksumHasher(algorithm) : undefined;
  for await (const bytes of slices(blob, signal)) {
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

/** Hex SHA-256 of a file: WebCrypto in one buffer when it is small enough, else streamed. */
export async function fileSha256Hex(blob: Blob, signal?: AbortSignal, slices: SliceSource = readSlices): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle && blob.size <= WEBCRYPTO_DIGEST_LIMIT) return toHex(new Uint8Array(await subtle.digest('SHA-256', await blob.arrayBuffer())));
  return sha256Hex(blob, signal, slices);
}

/**
 * Hex SHA-256 of a blob read slice by slice (plain JS where WebAssembly is refused).
 * @internal Exported for tests.
 */
export async function sha256Hex(blob: Blob, signal?: AbortSignal, slices: SliceSource = readSlices): Promise<string> {
  const hasher = await createSha256();
  for await (const bytes of slices(blob, signal)) hasher.update(bytes);
  return toHex(hasher.digest());
}
