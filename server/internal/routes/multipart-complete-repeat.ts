/**
 * A /multipart/complete for an upload storage no longer knows. When the first answer is lost (a
 * dropped connection, a proxy timeout), the client retries; storage has forgotten the upload id,
 * yet the object is stored. The object carries the nonce its init wrote into its metadata, so the
 * handler can tell "this upload's object" from anything else under the key without keeping any
 * state of its own; the completion marker then says whether the hooks ran.
 */
import { readStoredObject, type StoredObjectSummary } from '../s3-operations.js';
import { detachedStorageCall } from './storage-call.js';
import type { UploadSession } from './upload-session.js';

/**
 * The object under the token's key when it is this upload's (same nonce, size inside the signed
 * envelope); undefined otherwise, and for tokens that carry no nonce. Read under the completion
 * claim, so not tied to the client.
 */
export async function findCommittedObject(session: UploadSession): Promise<StoredObjectSummary | undefined> {
  const { claims, storage } = session;
  if (claims.uploadNonce === undefined) return undefined;
  const stored = await readStoredObject(storage.client, storage.storage.bucket, claims.key, detachedStorageCall());
  if (!stored || stored.uploadNonce !== claims.uploadNonce) return undefined;
  if (stored.size < claims.minSize || stored.size > claims.maxSize) return undefined;
  return stored;
}
