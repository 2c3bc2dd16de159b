/**
 * Detail shapes of the `<svc-uploader>` events that are more than one field. The event table in
 * `events.ts` names each event once and points at these. Events re-emitted from the engine carry
 * the engine's own detail types (declared in `engine/core/events.ts`, re-exported here under the names
 * the element has always used); only the element's own events are declared here.
 */
import type { FileRejection, UploadFailure, UploadFileRecord } from '../../engine/core/types.js';
import type { ElementFileSource, UploaderStatus, UploadSource } from './types.js';

export type {
  FilePauseDetail,
  FileStateChangeDetail,
  FilesUploadCompleteDetail,
  FileUploadCompleteDetail,
  NetworkChangeDetail,
  ProgressDetail as ProgressEventDetail,
  FileProgressDetail as FileProgressEventDetail,
} from '../../engine/core/events.js';

/** Where a failure reported by `svc-error` happened. */
export type ErrorScope = 'upload' | 'processing' | 'url-import' | 'media' | 'drive' | 'editor' | 'engine' | 'configuration';

/**
 * One failure, reported once. `code` is a stable machine value (an engine `FailureCode`, a media
 * `DOMException` name such as `NotAllowedError`, or a URL-import code such as `URL_CORS_BLOCKED`).
 */
export interface SvcErrorDetail {
  scope: ErrorScope;
  code: string;
  /** English explanation for logs; the UI shows a translated message keyed by `code`. */
  message: string;
  file?: UploadFileRecord;
  /** The source panel involved (`url`, `camera`, `googleDrive`, ...), for scopes `url-import`, `media` and `drive`. */
  source?: UploadSource;
  url?: string;
  /** HTTP status when a response caused the failure. */
  status?: number;
  /** The handler's `code` (or the storage's S3 error code), for scope `upload`, when it sent one. */
  serverCode?: string;
  /** The handler's own `error` text, for scope `upload`: for hosts that show their own message. */
  serverMessage?: string;
  /** The engine's failure record, for scopes `upload` and `processing`. */
  failure?: UploadFailure;
}

export interface SvcWarnDetail {
  code: string;
  message: string;
  file?: UploadFileRecord;
}

export interface FilesSelectDetail {
  /** Mutable: a listener may replace entries (e.g. rename) or remove some before validation. */
  files: File[];
  source: ElementFileSource;
}

export interface DropDetail {
  files: File[];
  /** Folders that were traversed (0 for a drop of plain files). */
  folderCount: number;
}

export type FileRejectDetail = FileRejection;

export interface FilesRejectDetail {
  /** Every file of the batch that was refused, in the order they arrived. */
  rejections: FileRejection[];
}

export interface FileTypeMismatchDetail {
  file: File;
  /** The `allowedFileTypes` value in force, arrays joined with commas. */
  allowedFileTypes: string;
}

export interface CameraCaptureDetail {
  file: File;
  kind: 'photo' | 'video';
  facingMode: 'user' | 'environment';
}

export interface RecordingDetail {
  file: File;
  durationMs: number;
}

export interface StatusChangeDetail {
  status: UploaderStatus;
  previous: UploaderStatus;
}
