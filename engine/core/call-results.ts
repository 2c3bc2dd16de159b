/** What the engine's calls take and resolve with: `addFiles`, `replaceFile`, `start`. */
import type { FileRejection, UploadFileRecord } from './file-record.js';

/** What `addFiles` resolves with. */
export interface AddFilesResult {
  added: UploadFileRecord[];
  rejected: FileRejection[];
}

/** Options of one `addFiles` call. */
export interface AddFilesOptions {
  /**
   * Files of the batch to keep out of upload runs (even with `autoUpload`) until `release(id)`;
   * asked once per accepted file, with every accepted file of the batch.
   */
  hold?: (file: UploadFileRecord, accepted: readonly UploadFileRecord[]) => boolean;
}

/** What `replaceFile` resolves with: the updated record, or why the new bytes were refused. */
export type ReplaceFileResult = { replaced: UploadFileRecord; rejected?: undefined } | { replaced?: undefined; rejected: FileRejection };

/** What `start()` resolves with once every file of the run has settled. */
export interface UploadRunSummary {
  files: readonly UploadFileRecord[];
  successful: number;
  failed: number;
}
