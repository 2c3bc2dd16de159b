/**
 * The digests of `checksumVerification`, in lazy chunks that pages without the option never
 * download: digest-worker-client.ts computes them in a module worker (digest-worker.ts, with
 * hash-wasm inside), and falls back to the same code on the main thread (wasm-digests.ts) where
 * no worker can run.
 * - `md5Base64`: the base64 MD5 signed into an upload URL as `Content-MD5`, so that storage
 *   refuses a body that changed on the way (`400 BadDigest`). MD5 because it is the one digest
 *   every S3-compatible store checks on a presigned PUT;
 * - `uploadDigests`: the MD5 of a single PUT or a part and, with `checksumAlgorithm`, its
 *   `x-amz-checksum-*` digest, in one read;
 * - `fileSha256Hex`: the hex SHA-256 of the whole file, stored as object metadata for readers
 *   (storage does not check it).
 */
export function loadChecksumDigests(): Promise<typeof import('./digest-worker-client.js')> {
  return import('./digest-worker-client.js');
}
