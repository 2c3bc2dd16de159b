/**
 * The engine's events, their payloads and the names they had before. `<svc-uploader>` re-emits
 * most of them as `svc-<name>` with the very same detail, so each payload is declared here once and
 * the element's event table points at these types.
 */
import type { FailureCode, FileRejection, FileState, PauseReason, UploadFailure, UploadFileRecord, UploadResult } from './file-record.js';

export interface ProgressDetail {
  bytesUploaded: number;
  bytesTotal: number;
  /** 0..100 */
  percentage: number;
  /**
   * Smoothed upload rate, once the estimate is stable (about 2 s of progress); absent before that,
   * and again after a pause or going offline until a new estimate settles.
   */
  bytesPerSecond?: number;
  /** Seconds until the remaining bytes are sent at `bytesPerSecond` (fractional); present exactly when it is. */
  secondsRemaining?: number;
}

/** Progress of one file; every field of `ProgressDetail` plus the file. */
export interface FileProgressDetail extends ProgressDetail {
  file: UploadFileRecord;
}

export interface FileStateChangeDetail {
  file: UploadFileRecord;
  /** The state entered, the same as `file.state`. */
  state: FileState;
  previous: FileState;
}

export interface PartUploadDetail {
  file: UploadFileRecord;
  partNumber: number;
  size: number;
  /** Parts of this file that were being sent when this one was stored, this one included. */
  inFlight: number;
}

export interface PartRetryDetail {
  file: UploadFileRecord;
  partNumber: number;
  retry: number;
  delayMs: number;
  error: UploadFailure;
}

export interface FileResumeDetail {
  file: UploadFileRecord;
  /** Part numbers already stored by the remembered session. */
  skippedParts: number[];
}

export interface FileRetryDetail {
  file: UploadFileRecord;
  /** Counts from 1. */
  retry: number;
  delayMs: number;
  /** Why the previous attempt failed. */
  error: UploadFailure;
}

export interface FilePauseDetail {
  file: UploadFileRecord;
  reason: PauseReason;
}

export interface FileFailureDetail {
  file: UploadFileRecord;
  error: UploadFailure;
}

export interface FileUploadCompleteDetail {
  file: UploadFileRecord;
  /** The object key the server chose, the same as `result.key`. */
  key: string;
  result: UploadResult;
}

export interface FileProcessDetail {
  file: UploadFileRecord;
  result: unknown;
}

export interface PipelineErrorDetail {
  file: UploadFileRecord;
  step: string;
  message: string;
  code?: string;
}

export interface FilesUploadCompleteDetail {
  files: readonly UploadFileRecord[];
  successful: number;
  failed: number;
}

export interface NetworkChangeDetail {
  online: boolean;
  /** Ids of the files the change paused or resumed. */
  paused: string[];
  resumed: string[];
}

export interface EngineErrorDetail {
  code: FailureCode | 'STORAGE_QUOTA';
  message: string;
}

/** One file. */
export interface FileDetail {
  file: UploadFileRecord;
}

/** Several files. */
export interface FilesDetail {
  files: readonly UploadFileRecord[];
}

/**
 * Events of the engine and their payloads. Names shared with `<svc-uploader>` (which fires them as
 * `svc-<name>`) follow its `<noun>-<verb>` grammar; the rest are heard only here.
 */
export interface EngineEventMap {
  /** A file passed every check and joined the list. */
  'file-add': FileDetail;
  /** A file was refused; `reason` comes from the check, never from a message. */
  'file-reject': FileRejection;
  /** A file left the list (after the fact, whoever removed it). */
  'file-removed': FileDetail;
  /** `replaceFile` put new bytes in place of `previous` (an edited image, say); the file is queued anew. */
  'file-replaced': { file: UploadFileRecord; previous: File };
  /** Any state transition of one file. */
  'file-state-change': FileStateChangeDetail;
  /** Bytes of one file reached storage. */
  'file-upload-progress': FileProgressDetail;
  /** One multipart part is stored (fires for each part, including parallel ones). */
  'part-upload': PartUploadDetail;
  /** One multipart part failed and will be re-sent after `delayMs`. */
  'part-retry': PartRetryDetail;
  /** A multipart upload continued a remembered session; `skippedParts` were already stored. */
  'file-resume': FileResumeDetail;
  /** A whole-file retry starts after `delayMs` (`retry` counts from 1). */
  'file-retry': FileRetryDetail;
  'file-pause': FilePauseDetail;
  'file-failed': FileFailureDetail;
  'file-cancel': FileDetail;
  /** Bytes are stored (`onFileUploadComplete`). */
  'file-upload-complete': FileUploadCompleteDetail;
  /** The processing stream delivered its result (`onFileProcessed`). */
  'file-process': FileProcessDetail;
  'file-processing-failed': FileFailureDetail;
  /** A pipeline step failed or was unavailable; the upload goes on with the previous bytes. */
  'pipeline-error': PipelineErrorDetail;
  /** A run began with these files. */
  'upload-start': FilesDetail;
  /** Aggregate progress of the files in the current run. */
  'upload-progress': ProgressDetail;
  /** Every file of the run has settled (`onFilesUploadComplete`). */
  'files-upload-complete': FilesUploadCompleteDetail;
  /** Browser connectivity changed; `paused`/`resumed` list the files affected. */
  'network-change': NetworkChangeDetail;
  /** Crash recovery put these files back into the list after a reload. */
  'files-restore': FilesDetail;
  /** The file list changed in any way (added, removed, state, progress). */
  'files-change': FilesDetail;
  /** A problem that is not about one file (configuration, storage quota). */
  error: EngineErrorDetail;
}

export type EngineEventName = keyof EngineEventMap;

/**
 * The names the engine's events had before they took the element's names. The engine still emits
 * each event under its old name too, so existing listeners keep working; they go away in the next
 * major release.
 */
export const DEPRECATED_ENGINE_EVENT_NAMES = {
  'file-added': 'file-add',
  'file-rejected': 'file-reject',
  'file-progress': 'file-upload-progress',
  'part-uploaded': 'part-upload',
  'file-resumed': 'file-resume',
  'file-paused': 'file-pause',
  'file-canceled': 'file-cancel',
  'file-processed': 'file-process',
  progress: 'upload-progress',
  'files-restored': 'files-restore',
} as const satisfies Record<string, EngineEventName>;

type Renamed = typeof DEPRECATED_ENGINE_EVENT_NAMES;

/** Old event names, typed with the payload of the event they became. */
export interface DeprecatedEngineEventMap {
  /** @deprecated Use `file-add`. */
  'file-added': EngineEventMap[Renamed['file-added']];
  /** @deprecated Use `file-reject`. */
  'file-rejected': EngineEventMap[Renamed['file-rejected']];
  /** @deprecated Use `file-upload-progress`. */
  'file-progress': EngineEventMap[Renamed['file-progress']];
  /** @deprecated Use `part-upload`. */
  'part-uploaded': EngineEventMap[Renamed['part-uploaded']];
  /** @deprecated Use `file-resume`. */
  'file-resumed': EngineEventMap[Renamed['file-resumed']];
  /** @deprecated Use `file-pause`. */
  'file-paused': EngineEventMap[Renamed['file-paused']];
  /** @deprecated Use `file-cancel`. */
  'file-canceled': EngineEventMap[Renamed['file-canceled']];
  /** @deprecated Use `file-process`. */
  'file-processed': EngineEventMap[Renamed['file-processed']];
  /** @deprecated Use `upload-progress`. */
  progress: EngineEventMap[Renamed['progress']];
  /** @deprecated Use `files-restore`. */
  'files-restored': EngineEventMap[Renamed['files-restored']];
}

export type DeprecatedEngineEventName = keyof DeprecatedEngineEventMap;

/** Every name a listener may subscribe to: the current ones and, for now, the old ones. */
export type EngineSubscribableEventMap = EngineEventMap & DeprecatedEngineEventMap;
export type EngineSubscribableEventName = keyof EngineSubscribableEventMap;

export type EngineListener<K extends EngineSubscribableEventName> = (detail: EngineSubscribableEventMap[K]) => void;

/** The event bus handed to plugins. */
export interface EngineEventBus {
  on<K extends EngineSubscribableEventName>(event: K, listener: EngineListener<K>): () => void;
  off<K extends EngineSubscribableEventName>(event: K, listener: EngineListener<K>): void;
}
