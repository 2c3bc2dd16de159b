/**
 * What a part PUT sends, and the digest its URL is signed with. With `checksumVerification` the
 * part's slice is handed to the digest worker (a Blob handle, not a copy), which reads and hashes
 * it off the main thread, and that same slice is sent: a Blob's bytes never change (a file
 * changed on disk since it was chosen fails the read instead), so the digest describes exactly
 * the bytes that leave the page, and storage checks them (`Content-MD5`).
 * The slice, not the bytes the digest read, is sent, although the browser then reads them again
 * (bench/part-body.ts, 64 MiB in 8 MiB parts to a loopback sink, medians: a fresh slice 359 ms
 * with that read; the bytes already read, as an ArrayBuffer body 10.8 s, Chromium uploads those
 * some 30 times slower; wrapped in a new Blob 491 ms, the copy into blob storage costs more than
 * the read it saves, and every part prepared ahead would hold its bytes until sent). Every
 * attempt slices afresh (Chromium can refuse to resend a slice it failed to read once,
 * ERR_BLOB_OUT_OF_MEMORY).
 */
import { loadChecksumDigests } from '../processing/checksum-digests.js';
import type { MultipartRoutes, SignPartResponse } from './multipart-routes.js';
import type { MultipartSession } from '../persistence/multipart-session.js';
import type { ContentChecksum } from '../../protocol/wire.js';

export interface PreparedPart {
  signed: SignPartResponse;
  /** A fresh slice of the file: with verification, the one whose bytes were hashed. */
  body: Blob;
  /** The part's digest in the upload's checksum algorithm, kept for complete (and for resuming). */
  checksum?: ContentChecksum;
}

/**
 * Slices (and with `verify`, hashes) one part, then signs its URL with that digest. Called for
 * the parts ahead of those uploading (see multipart-signing.ts); the bytes read for the digest
 * are garbage once it is computed, so memory follows the part size and that window, never the
 * file size. `signal` (the upload's) cancels a digest still being computed.
 */
export async function prepareSignedPart(
  routes: MultipartRoutes,
  session: MultipartSession,
  file: Blob,
  part: { partNumber: number; start: number; end: number },
  verify: boolean,
  signal?: AbortSignal,
): Promise<PreparedPart> {
  const body = file.slice(part.start, part.end);
  // An upload opened with a checksum algorithm needs every part's digest, computed in the same read as its MD5.
  const { checksumAlgorithm } = session;
  const digests = verify || checksumAlgorithm ? await (await loadChecksumDigests()).uploadDigests(body, checksumAlgorithm, signal) : undefined;
  return { signed: await routes.signPart(session, part.partNumber, digests), body, ...(digests?.checksum ? { checksum: digests.checksum } : {}) };
}
