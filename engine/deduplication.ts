import { contentHash } from './content-hash.js';
import type { FileEntry } from './file-entry.js';

/**
 * Looks for a file with the same content among `sameSize`, the listed local files of the
 * candidate's size in list order (different sizes cannot be equal content; remote files have no
 * bytes here to compare). Hashes only when there is one; hashes are cached on the entries.
 */
export async function findDuplicate(file: File, sameSize: readonly FileEntry[]): Promise<{ value?: string; duplicate?: FileEntry }> {
  if (sameSize.length === 0) return {};
  const value = await contentHash(file);
  for (const entry of sameSize) {
    entry.contentHash ??= await contentHash(entry.file);
    if (entry.contentHash === value) return { value, duplicate: entry };
  }
  return { value };
}
