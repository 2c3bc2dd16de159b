/**
 * The base64 MD5 that `checksumVerification` signs into an upload URL as `Content-MD5`, so that
 * storage refuses a body that changed on the way (`400 BadDigest`). MD5 because it is the one
 * digest every S3-compatible store checks on a presigned PUT; the SHA-256 sent as metadata is for
 * readers of the object, and storage does not check it. The hasher is a lazy chunk.
 */

/** Base64 MD5 of a part already in memory, or of a whole file read slice by slice. */
export async function md5Base64(data: ArrayBuffer | Blob, signal?: AbortSignal): Promise<string> {
  return (await import('./md5-hasher.js')).md5Base64(data, signal);
}
