/**
 * Part MD5s computed ahead, in the same read of the file as its SHA-256 (`checksumVerification`
 * reads every byte once before a multipart upload anyway): 24 characters kept per part, so the
 * upload phase hashes nothing. Keyed by the Blob itself, whose bytes never change, and valid only
 * for the part size they were cut with: a session whose parts differ (the handler chose another
 * size, a resumed upload) hashes its parts as they are sent instead.
 */
const knownDigests = new WeakMap<Blob, { partSize: number; md5s: readonly string[] }>();

export function rememberPartMd5s(file: Blob, partSize: number, md5s: readonly string[]): void {
  knownDigests.set(file, { partSize, md5s });
}

/** The base64 MD5 of part `partNumber` (1-based) of `file` cut in `partSize` parts, when known. */
export function knownPartMd5(file: Blob, partSize: number, partNumber: number): string | undefined {
  const known = knownDigests.get(file);
  return known?.partSize === partSize ? known.md5s[partNumber - 1] : undefined;
}
