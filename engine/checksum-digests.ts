/**
 * The digests of `checksumVerification`, in one lazy WebAssembly chunk (wasm-digests.ts) that pages
 * without the option never download:
 * - `md5Base64`: the base64 MD5 signed into an upload URL as `Content-MD5`, so that storage
 *   refuses a body that changed on the way (`400 BadDigest`). MD5 because it is the one digest
 *   every S3-compatible store checks on a presigned PUT;
 * - `fileSha256Hex`: the hex SHA-256 of the whole file, stored as object metadata for readers
 *   (storage does not check it).
 */
export function loadChecksumDigests(): Promise<typeof import('./wasm-digests.js')> {
  return import('./wasm-digests.js');
}
