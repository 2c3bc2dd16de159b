import { loadChecksumDigests } from './checksum-digests.js';
import { toHex } from '../core/hex.js';

const READ_SLICE_BYTES = 8 * 1024 * 1024;
/**
 * Up to this size WebCrypto hashes the blob on the calling thread in one buffer (fast, and the
 * buffer is small). Larger blobs go to the digest worker, which hashes them off the main thread
 * without holding them whole (WebCrypto in one buffer up to 64 MiB, hash-wasm by slices above).
 */
const MAIN_THREAD_LIMIT = 8 * 1024 * 1024;

function defaultSubtle(): SubtleCrypto | undefined {
  // crypto.subtle is absent outside secure contexts (plain http on a LAN address).
  return globalThis.crypto?.subtle;
}

/**
 * Hex SHA-256 of a blob: WebCrypto on this thread for a small blob, the digest worker otherwise
 * (and without WebCrypto: `subtle: null`, or outside secure contexts).
 */
export async function sha256Hex(blob: Blob, options: { subtle?: SubtleCrypto | null; signal?: AbortSignal } = {}): Promise<string> {
  const subtle = options.subtle === undefined ? defaultSubtle() : options.subtle;
  if (subtle && blob.size <= MAIN_THREAD_LIMIT) {
    return toHex(new Uint8Array(await subtle.digest('SHA-256', await blob.arrayBuffer())));
  }
  return (await loadChecksumDigests()).fileSha256Hex(blob, options.signal);
}

/** Non-cryptographic 64-bit FNV-1a (two 32-bit halves), streamed. */
async function fnv1a64Hex(blob: Blob): Promise<string> {
  let high = 0xcbf29ce4;
  let low = 0x84222325;
  for (let offset = 0; offset < blob.size; offset += READ_SLICE_BYTES) {
    const bytes = new Uint8Array(await blob.slice(offset, offset + READ_SLICE_BYTES).arrayBuffer());
    for (let i = 0; i < bytes.length; i += 1) {
      low ^= bytes[i]!;
      // Multiply by the 64-bit FNV prime 0x100000001b3 using 32-bit halves.
      const lowProduct = low * 0x1b3;
      const carry = Math.floor(lowProduct / 2 ** 32);
      high = (Math.imul(high, 0x1b3) + Math.imul(low, 0x100) + carry) >>> 0;
      low = lowProduct >>> 0;
    }
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}

/**
 * Identity of a file's content for deduplication: `sha256:<hex>` with WebCrypto, otherwise
 * `fnv1a64:<size>:<hex>` (the contract's non-cryptographic fallback; the size lowers collisions).
 */
export async function contentHash(blob: Blob, options: { subtle?: SubtleCrypto | null } = {}): Promise<string> {
  const subtle = options.subtle === undefined ? defaultSubtle() : options.subtle;
  if (subtle) return `sha256:${await sha256Hex(blob, { subtle })}`;
  return `fnv1a64:${blob.size}:${await fnv1a64Hex(blob)}`;
}
