const READ_SLICE_BYTES = 8 * 1024 * 1024;
/** Above this, WebCrypto's whole-buffer digest would hold the file in memory; hash incrementally. */
const WHOLE_BUFFER_LIMIT = 64 * 1024 * 1024;

function defaultSubtle(): SubtleCrypto | undefined {
  // crypto.subtle is absent outside secure contexts (plain http on a LAN address).
  return globalThis.crypto?.subtle;
}

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function forEachSlice(blob: Blob, visit: (bytes: Uint8Array) => void, signal?: AbortSignal): Promise<void> {
  for (let offset = 0; offset < blob.size; offset += READ_SLICE_BYTES) {
    signal?.throwIfAborted();
    visit(new Uint8Array(await blob.slice(offset, offset + READ_SLICE_BYTES).arrayBuffer()));
  }
}

/** Hex SHA-256 of a blob: WebCrypto when the blob is small enough, streamed JS otherwise. */
export async function sha256Hex(blob: Blob, options: { subtle?: SubtleCrypto | null; signal?: AbortSignal } = {}): Promise<string> {
  const subtle = options.subtle === undefined ? defaultSubtle() : options.subtle;
  if (subtle && blob.size <= WHOLE_BUFFER_LIMIT) {
    return toHex(await subtle.digest('SHA-256', await blob.arrayBuffer()));
  }
  // The JavaScript hasher is a lazy chunk: only large files, or pages without WebCrypto, need it.
  const { Sha256 } = await import('./sha256.js');
  const hash = new Sha256();
  await forEachSlice(blob, (bytes) => hash.update(bytes), options.signal);
  return hash.digestHex();
}

/** Non-cryptographic 64-bit FNV-1a (two 32-bit halves), streamed. */
async function fnv1a64Hex(blob: Blob): Promise<string> {
  let high = 0xcbf29ce4;
  let low = 0x84222325;
  await forEachSlice(blob, (bytes) => {
    for (let i = 0; i < bytes.length; i += 1) {
      low ^= bytes[i]!;
      // Multiply by the 64-bit FNV prime 0x100000001b3 using 32-bit halves.
      const lowProduct = low * 0x1b3;
      const carry = Math.floor(lowProduct / 2 ** 32);
      high = (Math.imul(high, 0x1b3) + Math.imul(low, 0x100) + carry) >>> 0;
      low = lowProduct >>> 0;
    }
  });
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
