import type { DeferredCrashRecovery } from './crash-recovery-loader.js';
import type { EngineState } from '../core/engine-state.js';
import { createEntry, toRecord, type FileEntry } from '../core/file-entry.js';
import type { FileState, UploadFileRecord } from '../core/file-record.js';
import type { CrashRecoveryEntry } from './crash-recovery-types.js';
import { checkRestrictions, runBeforeFileAdded } from '../core/validation.js';
import { readKeptSinglePut } from './kept-single-put-record.js';

/** Saved states after which a restored file continues by itself (it was mid-upload). */
const INTERRUPTED: ReadonlySet<FileState> = new Set(['processing', 'uploading', 'checking', 'paused', 'uploaded']);

export interface RestoreOutcome {
  /** Files put back into the list. */
  records: UploadFileRecord[];
  /** One of them was mid-upload when the earlier page went away. */
  continueUploads: boolean;
  /** Files the filter or the restrictions refused: their records are gone, their sessions are the engine's to abort. */
  refused: FileEntry[];
}

/** A real File rebuilt from the stored bytes with the same name, type and lastModified (so a remembered multipart session still matches). */
function toFile(saved: CrashRecoveryEntry): File {
  return new File([saved.blob], saved.name, { type: saved.type, lastModified: saved.lastModified });
}

/**
 * Puts the files an earlier page of the same scope saved back into the list (those not in it
 * already), after the same `onBeforeFileAdded` filter and restrictions as a newly added file:
 * limits may have changed, and stored bytes are not trusted more than picked ones. A refusal is
 * a `file-rejected` event, and its record is removed. Nothing when storage holds none or cannot
 * be read.
 */
export async function restoreInto(state: EngineState, recovery: DeferredCrashRecovery): Promise<RestoreOutcome | undefined> {
  // The options as they are when the restore starts, for every file of it.
  const { options, list, bus } = state;
  const saved = (await recovery.restore().catch(() => [])).filter((record) => !list.find(record.id));
  if (saved.length === 0) return undefined;
  const outcome: RestoreOutcome = { records: [], continueUploads: false, refused: [] };
  for (const record of saved) {
    const original = toFile(record);
    const filtered = await runBeforeFileAdded(original, options.raw.onBeforeFileAdded);
    const file = filtered.accepted ? filtered.file : original;
    const rejection = filtered.accepted ? checkRestrictions(file, options, { count: list.length, totalBytes: list.totalBytes }) : filtered.rejection;
    if (rejection) {
      bus.emit('file-reject', rejection);
      outcome.refused.push(createEntry(original, original, record.source, record.metadata, record.id));
      void recovery.forget(record.id);
      continue;
    }
    const entry = createEntry(file, original, record.source, record.metadata, record.id);
    entry.addedAt = record.addedAt;
    // Only for the very bytes it was signed for: a filter that changed the file starts afresh.
    if (file === original) entry.singlePut = readKeptSinglePut(record.singlePut);
    if (record.state === 'failed') entry.state = 'failed';
    if (INTERRUPTED.has(record.state)) outcome.continueUploads = true;
    list.add(entry);
    outcome.records.push(toRecord(entry));
  }
  return outcome;
}
