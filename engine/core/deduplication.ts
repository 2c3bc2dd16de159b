import { contentHash } from '../processing/content-hash.js';
import type { FileEntry } from './file-entry.js';

/** Bytes read from each end of a file for its edge fingerprint. */
const EDGE_BYTES = 64 * 1024;

/** Edge fingerprints, per file object (a processed file is a new object, with its own). */
const edgeFingerprints = new WeakMap<Blob, Promise<string>>();

/** The file's first and last 64 KiB as one blob (the whole file when it is that small). */
function edgesOf(blob: Blob): Blob {
  return blob.size <= 2 * EDGE_BYTES ? blob : new Blob([blob.slice(0, EDGE_BYTES), blob.slice(blob.size - EDGE_BYTES)]);
}

/**
 * The content hash of a file's first and last 64 KiB: two files of one size whose edges differ
 * cannot hold the same content, so neither has to be hashed in full (gigabytes, for two videos of
 * one length) to tell them apart.
 */
function edgeFingerprint(blob: Blob): Promise<string> {
  let fingerprint = edgeFingerprints.get(blob);
  if (!fingerprint) {
    fingerprint = contentHash(edgesOf(blob));
    edgeFingerprints.set(blob, fingerprint);
  }
  return fingerprint;
}

/** The content hash of the whole file (for a file of at most 128 KiB, its edge fingerprint). */
function fullHash(blob: Blob): Promise<string> {
  return blob.size <= 2 * EDGE_BYTES ? edgeFingerprint(blob) : contentHash(blob);
}

/**
 * Looks for a file with the same content among `sameSize`, the listed local files of the
 * candidate's size in list order (different sizes cannot be equal content; remote files have no
 * bytes here to compare). Files whose edges match are hashed in full; hashes are cached on the
 * entries. `value` is the candidate's content hash when it was computed.
 */
export async function findDuplicate(file: File, sameSize: readonly FileEntry[]): Promise<{ value?: string; duplicate?: FileEntry }> {
  if (sameSize.length === 0) return {};
  const edges = await edgeFingerprint(file);
  let value: string | undefined;
  for (const entry of sameSize) {
    if ((await edgeFingerprint(entry.file)) !== edges) continue;
    value ??= await fullHash(file);
    entry.contentHash ??= await fullHash(entry.file);
    if (entry.contentHash === value) return { value, duplicate: entry };
  }
  return value === undefined ? {} : { value };
}
