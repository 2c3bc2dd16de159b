import { contentHash } from './content-hash.js';
import type { FileEntry } from './file-entry.js';

/**
 * Looks for a file with the same content. Hashes only when a file of the same size is in the
 * list (different sizes cannot be equal content); hashes are cached on the entries.
 */
export async function findDuplicate(file: File, entries: readonly FileEntry[]): Promise<{ value?: string; duplicate?: FileEntry }> {
  // Remote files (drive imports) have no bytes here to compare.
  const sameSize = entries.filter((entry) => !entry.remote && entry.file.size === file.size);
  if (sameSize.length === 0) return {};
  const value = await contentHash(file);
  for (const entry of sameSize) {
    entry.contentHash ??= await contentHash(entry.file);
    if (entry.contentHash === value) return { value, duplicate: entry };
  }
  return { value };
}
