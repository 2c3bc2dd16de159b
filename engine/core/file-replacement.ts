import type { EngineState } from './engine-state.js';
import { toRecord, type FileEntry } from './file-entry.js';
import { loadedUploadMachinery, loadUploadMachinery } from '../upload/upload-machinery-loader.js';
import { checkRestrictions } from './validation.js';
import type { ReplaceFileResult } from './call-results.js';
import type { FileState } from './file-record.js';

/** States in which no bytes of the file are on their way: its content may still change. */
const REPLACEABLE_STATES: ReadonlySet<FileState> = new Set(['queued', 'failed', 'canceled']);

/**
 * New bytes for a listed file (an edited image): checked against the same limits as an added file,
 * with the file itself left out of the count and the total, then queued as if just added. What
 * belonged to the old bytes goes: progress, retries, errors, hashes, the thumbnail, pipeline output
 * and any multipart session (aborted in storage, since its parts hold the old content).
 */
export async function replaceEntryFile(state: EngineState, entry: FileEntry, file: File): Promise<ReplaceFileResult> {
  if (!REPLACEABLE_STATES.has(entry.state) || entry.controller || entry.remote) {
    throw new Error(`${entry.file.name} cannot be replaced while it is ${entry.remote ? 'a remote file' : entry.state}`);
  }
  const rejected = checkRestrictions(file, state.options, { count: state.list.length - 1, totalBytes: state.list.totalBytes - entry.file.size });
  if (rejected) {
    state.bus.emit('file-reject', rejected);
    return { rejected };
  }
  // Usually loaded with the file itself; a file restored after a reload may be the first to need it.
  const { abortMultipart } = loadedUploadMachinery() ?? (await loadUploadMachinery());
  const previous = entry.file;
  // Synchronously detaches the session (found by the old file's fingerprint) before the file changes.
  void abortMultipart({ entry, options: state.options, requestContext: () => state.requestContext(new AbortController().signal) });
  Object.assign(entry, {
    file,
    bytesUploaded: 0,
    attempts: 0,
    error: undefined,
    result: undefined,
    checksum: undefined,
    contentHash: undefined,
    thumbnail: undefined,
    processingResult: undefined,
    processingError: undefined,
    processed: false,
    tusUrl: undefined,
    singlePut: undefined,
    // A queued file keeps its place in a run; a settled one waits for the next, like a new file.
    inRun: entry.state === 'queued' && entry.inRun,
  } satisfies Partial<FileEntry>);
  if (entry.state === 'queued') state.touch(entry);
  else state.setState(entry, 'queued');
  void state.recovery?.save(entry);
  const replaced = toRecord(entry);
  state.bus.emit('file-replaced', { file: replaced, previous });
  return { replaced };
}
