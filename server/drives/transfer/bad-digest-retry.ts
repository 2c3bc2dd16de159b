/**
 * Transfers sign every PUT and part with its `Content-MD5` (and the SDK signs the body's SHA-256),
 * so storage refuses bytes that changed between this server and the bucket: `400 BadDigest`, or
 * `XAmzContentSHA256Mismatch` when it checks the signed hash first (Ceph RGW does). The bytes in
 * memory are still right, so the write is sent again, a bounded number of times; any other
 * failure is passed on at once.
 */

/** Attempts of one write whose bytes storage refused with BadDigest. */
const BAD_DIGEST_ATTEMPTS = 3;

const DIGEST_MISMATCH_CODES: ReadonlySet<unknown> = new Set(['BadDigest', 'XAmzContentSHA256Mismatch']);

function isBadDigest(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, Code } = error as { name?: unknown; Code?: unknown };
  return DIGEST_MISMATCH_CODES.has(Code) || DIGEST_MISMATCH_CODES.has(name);
}

export async function retryBadDigest<T>(write: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isBadDigest(error) || attempt >= BAD_DIGEST_ATTEMPTS || signal?.aborted) throw error;
    }
  }
}
