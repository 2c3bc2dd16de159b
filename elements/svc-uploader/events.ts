/**
 * Every event of `<svc-uploader>`, defined once: its name, its detail type and whether the app may
 * veto it. The dispatch helper and the `HTMLElementEventMap` typing derive from this table. The
 * words about each event (its group in the docs, the contract callback it stands for, its detail
 * as the docs print it, and what it means) live in event-docs.ts, which only the docs and manifest
 * generators, Storybook and tests import, so none of that text ships to a page.
 *
 * All events bubble and are composed. A cancelable event fires before its default action and
 * `event.preventDefault()` stops that action.
 */
import type { EngineEventMap, EngineEventName, FileDetail, FilesDetail, UploadFileRecord } from '../../engine/core/types.js';
import type {
  CameraCaptureDetail,
  DropDetail,
  FilesRejectDetail,
  FilesSelectDetail,
  FileTypeMismatchDetail,
  RecordingDetail,
  StatusChangeDetail,
  SvcErrorDetail,
  SvcWarnDetail,
} from './event-details.js';
import type { DriveAuthDetail, DriveImportDetail } from './drives/drive-types.js';
import type { UploadSource } from './types.js';

export interface EventDefinition<Detail> {
  cancelable: boolean;
  /** Carries the detail type; never set at run time. */
  readonly detail?: Detail;
}

const event = <Detail>(): EventDefinition<Detail> => ({ cancelable: false });
const cancelableEvent = <Detail>(): EventDefinition<Detail> => ({ cancelable: true });

/** The detail of an event the element re-emits from the engine: the engine's own type. */
type FromEngine<Name extends EngineEventName> = EngineEventMap[Name];
type EditorSaveDetail = { file: UploadFileRecord; edited: File };

export const svcUploaderEvents = {
  // Sources: how files arrive.
  'svc-source-open': cancelableEvent<{ source: UploadSource }>(),
  'svc-source-close': event<{ source: UploadSource }>(),
  'svc-drag-enter': event<{ itemCount: number }>(),
  'svc-drag-leave': event<Record<string, never>>(),
  'svc-files-drop': cancelableEvent<DropDetail>(),
  'svc-files-paste': cancelableEvent<{ files: File[] }>(),
  'svc-files-select': cancelableEvent<FilesSelectDetail>(),
  'svc-url-import': cancelableEvent<{ url: string }>(),
  'svc-url-import-abort': event<{ url: string }>(),
  'svc-camera-capture': event<CameraCaptureDetail>(),
  'svc-camera-switch': event<{ facingMode: 'user' | 'environment' }>(),
  'svc-audio-record': event<RecordingDetail>(),
  'svc-screen-record': event<RecordingDetail>(),
  'svc-drive-auth': event<DriveAuthDetail>(),
  'svc-drive-sign-out': event<DriveAuthDetail>(),
  'svc-drive-import': cancelableEvent<DriveImportDetail>(),

  // The file list.
  'svc-file-add': event<FromEngine<'file-add'>>(),
  'svc-files-add': event<FilesDetail>(),
  'svc-file-reject': event<FromEngine<'file-reject'>>(),
  'svc-files-reject': event<FilesRejectDetail>(),
  'svc-file-type-mismatch': event<FileTypeMismatchDetail>(),
  'svc-file-remove': cancelableEvent<FileDetail>(),
  'svc-file-click': event<FileDetail>(),
  'svc-editor-open': cancelableEvent<FileDetail>(),
  'svc-editor-cancel': event<FileDetail>(),
  'svc-editor-save': cancelableEvent<EditorSaveDetail>(),
  'svc-files-restore': event<FromEngine<'files-restore'>>(),

  // A run: the upload of the current list.
  'svc-upload-start': event<FromEngine<'upload-start'>>(),
  'svc-upload-progress': event<FromEngine<'upload-progress'>>(),
  'svc-files-upload-complete': event<FromEngine<'files-upload-complete'>>(),
  'svc-upload-pause': event<FilesDetail>(),
  'svc-upload-resume': event<FilesDetail>(),
  'svc-upload-cancel': cancelableEvent<FilesDetail>(),
  'svc-status-change': event<StatusChangeDetail>(),
  'svc-network-change': event<FromEngine<'network-change'>>(),
  'svc-upload-done': event<FilesDetail>(),

  // One file's upload.
  'svc-file-state-change': event<FromEngine<'file-state-change'>>(),
  'svc-file-upload-start': event<FileDetail>(),
  'svc-file-upload-progress': event<FromEngine<'file-upload-progress'>>(),
  'svc-file-upload-complete': event<FromEngine<'file-upload-complete'>>(),
  'svc-file-retry': event<FromEngine<'file-retry'>>(),
  'svc-file-pause': event<FromEngine<'file-pause'>>(),
  'svc-file-resume': event<FromEngine<'file-resume'>>(),
  'svc-file-cancel': event<FromEngine<'file-cancel'>>(),
  'svc-file-process': event<FromEngine<'file-process'>>(),
  'svc-part-upload': event<FromEngine<'part-upload'>>(),

  // Diagnostics.
  'svc-error': event<SvcErrorDetail>(),
  'svc-warn': event<SvcWarnDetail>(),
} as const;

export type SvcUploaderEventName = keyof typeof svcUploaderEvents;

export type SvcUploaderEventDetail<Name extends SvcUploaderEventName> = (typeof svcUploaderEvents)[Name] extends EventDefinition<infer Detail> ? Detail : never;

/** `CustomEvent` types of every event, keyed by name. */
export type SvcUploaderEventMap = {
  [Name in SvcUploaderEventName]: CustomEvent<SvcUploaderEventDetail<Name>>;
};

declare global {
  // An interface merge is how the DOM typings learn new event names.
  interface HTMLElementEventMap extends SvcUploaderEventMap {}
}
