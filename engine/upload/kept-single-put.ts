/**
 * The presigned answer a single upload keeps between attempts. Its own module, so the file entry
 * that holds it and the completion step that uses it do not import each other.
 */
import type { PresignedUrlResponse } from '../../protocol/wire.js';

/** A presigned single PUT kept on its file between attempts. */
export interface KeptSinglePut {
  presigned: PresignedUrlResponse & { completionToken: string };
  /** When the upload URL stops working (ms since the epoch), counted from the /presign request. */
  urlValidUntil: number;
  /** An earlier PUT may have stored the bytes: its answer was lost, or it succeeded. */
  maybeStored: boolean;
}
