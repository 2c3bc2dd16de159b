import { IndexedDbRecoveryStorage } from './indexeddb-recovery-storage.js';
import { forgetSessions } from './multipart-session.js';
import { forgetTusUploads } from './tus-records.js';

/**
 * Removes everything svc-uploader keeps in this browser profile for this origin, whatever the
 * uploader or user it was saved for: crash-recovery files and states (IndexedDB
 * `svc-uploader-recovery`), multipart resume records and tus upload URLs (localStorage). Call it
 * at sign-out, after the uploaders on the page were reset (`engine.clearPersistedUploads()` and
 * the element's method of that name do both): a live uploader saves its files again.
 *
 * Nothing is sent anywhere: unfinished multipart uploads are aborted by the engine method, not by
 * this function, and otherwise left to the bucket's lifecycle rule.
 */
export async function clearPersistedUploads(): Promise<void> {
  forgetSessions();
  forgetTusUploads();
  if (typeof indexedDB === 'undefined') return;
  const storage = new IndexedDbRecoveryStorage();
  try {
    await storage.clear();
  } catch {
    // Storage disabled or blocked: there is nothing it could have kept.
  } finally {
    storage.close();
  }
}
