/**
 * The documentation of every event of `<svc-uploader>`: its group in the docs, the uploader
 * contract's `on*` callback it stands for, its detail as the docs print it, and what it means. Only
 * the docs and manifest generators (scripts/generate-element-docs.ts,
 * scripts/generate-element-manifest.ts), Storybook and tests import this module, so the text stays
 * out of the bundle a page loads; the element itself reads only events.ts.
 *
 * Each event is declared once, in events.ts; this table has an entry for exactly those events, and
 * refuses to load when one is missing or one names no event.
 */
import { svcUploaderEvents, type EventDefinition, type SvcUploaderEventName } from './events.js';

export type EventGroup = 'sources' | 'files' | 'run' | 'file' | 'diagnostics';

interface EventDocumentation {
  group: EventGroup;
  /** The `on*` callback of the uploader contract this event stands for. */
  callback: string;
  /** The detail's TypeScript type, as the docs print it. */
  detailType: string;
  /** One or two sentences for the docs. */
  doc: string;
}

/** An event as the docs describe it: its runtime definition and its words. */
export interface DocumentedEvent extends EventDefinition<unknown>, EventDocumentation {}

const eventDocumentation: Record<SvcUploaderEventName, EventDocumentation> = {
  // Sources: how files arrive.
  'svc-source-open': {
    group: 'sources',
    callback: 'onIntegrationClick',
    detailType: '{ source }',
    doc: 'The user chose a source chip; the source panel opens unless the event is canceled.',
  },
  'svc-source-close': {
    group: 'sources',
    callback: 'onSourceClose',
    detailType: '{ source }',
    doc: 'A source panel closed (back, cancel, or after it delivered its file).',
  },
  'svc-drag-enter': {
    group: 'sources',
    callback: 'onFilesDragOver',
    detailType: '{ itemCount }',
    doc: 'Files are dragged over the drop zone. Browsers hide file names until the drop.',
  },
  'svc-drag-leave': { group: 'sources', callback: 'onFilesDragLeave', detailType: '{}', doc: 'The drag left the drop zone without dropping.' },
  'svc-files-drop': {
    group: 'sources',
    callback: 'onFilesDrop',
    detailType: '{ files: File[], folderCount }',
    doc: 'Files (and, with `folderUpload.allowDrop`, the files inside dropped folders) were dropped; canceling discards them.',
  },
  'svc-files-paste': {
    group: 'sources',
    callback: 'onFilesPaste',
    detailType: '{ files: File[] }',
    doc: 'Files were pasted (with `enablePaste`); canceling discards them.',
  },
  'svc-files-select': {
    group: 'sources',
    callback: 'onFilesSelected',
    detailType: '{ files: File[], source }',
    doc: 'A batch of files arrived from any source, before `onBeforeFileAdded` and validation. Listeners may edit `detail.files`; canceling discards the batch.',
  },
  'svc-url-import': {
    group: 'sources',
    callback: 'onUrlImport',
    detailType: '{ url }',
    doc: 'The user asked to import a URL; the download starts unless the event is canceled.',
  },
  'svc-url-import-abort': { group: 'sources', callback: 'onUrlImportAbort', detailType: '{ url }', doc: 'The user stopped a URL download before it finished.' },
  'svc-camera-capture': {
    group: 'sources',
    callback: 'onCameraCapture',
    detailType: '{ file, kind: "photo" | "video", facingMode }',
    doc: 'The camera panel produced a photo or a video recording.',
  },
  'svc-camera-switch': {
    group: 'sources',
    callback: 'onCameraSwitch',
    detailType: '{ facingMode }',
    doc: 'The camera panel switched between the front (`user`) and back (`environment`) camera.',
  },
  'svc-audio-record': { group: 'sources', callback: 'onAudioRecord', detailType: '{ file, durationMs }', doc: 'The microphone panel finished a recording.' },
  'svc-screen-record': { group: 'sources', callback: 'onScreenRecord', detailType: '{ file, durationMs }', doc: 'The screen panel finished a capture.' },
  'svc-drive-auth': {
    group: 'sources',
    callback: 'onDriveAuth',
    detailType: '{ source, provider }',
    doc: 'The user signed in to a cloud drive through its popup (server mode); `provider` is the wire slug, e.g. `google-drive`.',
  },
  'svc-drive-sign-out': {
    group: 'sources',
    callback: 'onDriveSignOut',
    detailType: '{ source, provider }',
    doc: 'The user signed out of a cloud drive. The handler revoked the tokens at the provider (where it can) and deleted them.',
  },
  'svc-drive-import': {
    group: 'sources',
    callback: 'onDriveImport',
    detailType: '{ source, provider, files: DriveFileEntry[] }',
    doc: 'The user chose cloud-drive files; they join the list and the server copies them into the bucket on upload, unless the event is canceled.',
  },

  // The file list.
  'svc-file-add': { group: 'files', callback: 'onFileAdded', detailType: '{ file: UploadFileRecord }', doc: 'A file passed every check and joined the list.' },
  'svc-files-add': {
    group: 'files',
    callback: 'onFilesAdded',
    detailType: '{ files: UploadFileRecord[] }',
    doc: 'A batch finished adding; `files` are the ones accepted (fires only when at least one was).',
  },
  'svc-file-reject': {
    group: 'files',
    callback: 'onRestrictionFailed',
    detailType: '{ file: File, reason, message, limit? }',
    doc: 'A file was refused. `reason` is `LIMIT_EXCEEDED`, `TYPE_MISMATCH`, `FILE_TOO_LARGE`, `FILE_TOO_SMALL`, `TOTAL_SIZE_EXCEEDED`, `REJECTED_BY_HOOK` or `DUPLICATE`.',
  },
  'svc-files-reject': {
    group: 'files',
    callback: 'onFilesRejected',
    detailType: '{ rejections: { file: File, reason, message, limit? }[] }',
    doc: 'A batch finished adding and some of its files were refused: all of them in one event (fires only when at least one was). Each also had its own `svc-file-reject`.',
  },
  'svc-file-type-mismatch': {
    group: 'files',
    callback: 'onFileTypeMismatch',
    detailType: '{ file: File, allowedFileTypes }',
    doc: 'A file was refused because its type is not in `allowedFileTypes` (also reported by `svc-file-reject`).',
  },
  'svc-file-remove': {
    group: 'files',
    callback: 'onFileRemoved',
    detailType: '{ file: UploadFileRecord }',
    doc: 'The user asked to remove a file; it leaves the list (and its upload stops) unless the event is canceled. `removeFile()` does not fire it.',
  },
  'svc-file-click': { group: 'files', callback: 'onFileClick', detailType: '{ file: UploadFileRecord }', doc: "The user activated a file's name in the list." },
  'svc-editor-open': {
    group: 'files',
    callback: 'imageEditor.onOpen',
    detailType: '{ file: UploadFileRecord }',
    doc: 'The image editor is about to open on a file (Edit, or `imageEditor.autoOpen`); it stays closed if the event is canceled.',
  },
  'svc-editor-cancel': {
    group: 'files',
    callback: 'imageEditor.onCancel',
    detailType: '{ file: UploadFileRecord }',
    doc: 'The user left the image editor without saving; the file is unchanged.',
  },
  'svc-editor-save': {
    group: 'files',
    callback: 'imageEditor.onSave',
    detailType: '{ file: UploadFileRecord, edited: File }',
    doc: 'The user saved an edit: `edited` replaces the listed `file` (queued anew) unless the event is canceled. `edited` is `file.file` itself when nothing was changed.',
  },
  'svc-files-restore': {
    group: 'files',
    callback: 'onFilesRestored',
    detailType: '{ files: UploadFileRecord[] }',
    doc: 'Crash recovery put files back into the list after a reload.',
  },

  // A run: the upload of the current list.
  'svc-upload-start': {
    group: 'run',
    callback: 'onUploadStart',
    detailType: '{ files: UploadFileRecord[] }',
    doc: 'A run began (Upload button, `upload()`, or `autoUpload`).',
  },
  'svc-upload-progress': {
    group: 'run',
    callback: 'onFilesUploadProgress',
    detailType: '{ bytesUploaded, bytesTotal, percentage, bytesPerSecond?, secondsRemaining? }',
    doc: 'Combined progress of the files in the run; the rate and time left appear once the estimate is stable (about 2 s of progress) and start over after a pause.',
  },
  'svc-files-upload-complete': {
    group: 'run',
    callback: 'onFilesUploadComplete',
    detailType: '{ files, successful, failed }',
    doc: 'Every file of the run has settled, stored or failed.',
  },
  'svc-upload-pause': {
    group: 'run',
    callback: 'onUploadPause',
    detailType: '{ files: UploadFileRecord[] }',
    doc: 'The user or `pause()` paused the run; `files` are the ones paused.',
  },
  'svc-upload-resume': {
    group: 'run',
    callback: 'onUploadResume',
    detailType: '{ files: UploadFileRecord[] }',
    doc: 'The user or `resume()` resumed the run.',
  },
  'svc-upload-cancel': {
    group: 'run',
    callback: 'onCancelUpload',
    detailType: '{ files: UploadFileRecord[] }',
    doc: 'The user asked to cancel the run; active uploads stop (multipart sessions are aborted) unless the event is canceled. `cancel()` does not fire it.',
  },
  'svc-status-change': {
    group: 'run',
    callback: 'onStatusChange',
    detailType: '{ status, previous }',
    doc: 'The overall status changed: `idle`, `ready`, `uploading`, `paused`, `complete` or `failed`.',
  },
  'svc-network-change': {
    group: 'run',
    callback: 'onNetworkChange',
    detailType: '{ online, paused: string[], resumed: string[] }',
    doc: 'The browser went offline or online; with `networkAware` the run pauses and resumes by itself.',
  },
  'svc-upload-done': {
    group: 'run',
    callback: 'onDoneClicked',
    detailType: '{ files: UploadFileRecord[] }',
    doc: 'The user pressed Done after a run; the list is cleared afterwards.',
  },

  // One file's upload.
  'svc-file-state-change': {
    group: 'file',
    callback: 'onFileStateChange',
    detailType: '{ file, state, previous }',
    doc: 'A file moved between states (`queued`, `processing`, `uploading`, `checking`, `paused`, `uploaded`, `successful`, `failed`, `canceled`).',
  },
  'svc-file-upload-start': {
    group: 'file',
    callback: 'onFileUploadStart',
    detailType: '{ file: UploadFileRecord }',
    doc: 'A file began sending bytes (not fired again when it resumes from a pause).',
  },
  'svc-file-upload-progress': {
    group: 'file',
    callback: 'onFileUploadProgress',
    detailType: '{ file, bytesUploaded, bytesTotal, percentage, bytesPerSecond?, secondsRemaining? }',
    doc: 'Bytes of one file reached storage; the rate and time left appear once the estimate is stable.',
  },
  'svc-file-upload-complete': {
    group: 'file',
    callback: 'onFileUploadComplete',
    detailType: '{ file, key, result: { key, downloadUrl?, publicUrl?, etag?, strategy } }',
    doc: 'A file is stored; `key` is the object key the server chose.',
  },
  'svc-file-retry': {
    group: 'file',
    callback: 'onFileRetry',
    detailType: '{ file, retry, delayMs, error }',
    doc: 'A failed upload is sent again by the automatic retries (`maxRetries`) after `delayMs`; `retry` counts from 1 and `error` is why the previous attempt failed. `retry()` and the Retry button queue the file anew instead.',
  },
  'svc-file-pause': { group: 'file', callback: 'onFilePause', detailType: '{ file, reason: "user" | "offline" }', doc: "A file's upload paused." },
  'svc-file-resume': {
    group: 'file',
    callback: 'onFileResume',
    detailType: '{ file, skippedParts: number[] }',
    doc: 'A multipart upload continued a remembered session; `skippedParts` were already stored.',
  },
  'svc-file-cancel': { group: 'file', callback: 'onFileCancel', detailType: '{ file: UploadFileRecord }', doc: "A file's upload was canceled." },
  'svc-file-process': {
    group: 'file',
    callback: 'onFileProcessed',
    detailType: '{ file, result }',
    doc: 'The processing stream (`processingEndpoint`) delivered its result for a file.',
  },
  'svc-part-upload': {
    group: 'file',
    callback: 'onPartUploaded',
    detailType: '{ file, partNumber, size, inFlight }',
    doc: "One multipart part is stored; `inFlight` counts the file's parts that were being sent at that moment, this one included.",
  },

  // Diagnostics.
  'svc-error': {
    group: 'diagnostics',
    callback: 'onError',
    detailType: '{ scope, code, message, file?, source?, url?, status?, serverCode?, serverMessage?, failure? }',
    doc: 'A failure, reported exactly once: a file that failed after its retries, a processing failure, a URL import or media device that failed, or an engine problem. For a file the handler refused, `status`, `serverCode` and `serverMessage` carry its answer.',
  },
  'svc-warn': {
    group: 'diagnostics',
    callback: 'onWarn',
    detailType: '{ code, message, file? }',
    doc: 'Something worth knowing that did not fail the upload (a skipped pipeline step, an invalid attribute value, an unreadable dropped entry, a dropped or chosen folder with more files than are read: `FOLDER_LIMIT_REACHED`).',
  },
};

/** Every event with its documentation, in the order events.ts declares them. */
export function documentEvents(
  events: Record<string, EventDefinition<unknown>>,
  documentation: Record<string, EventDocumentation>,
): Record<string, DocumentedEvent> {
  const undocumented = Object.keys(events).filter((name) => !Object.hasOwn(documentation, name));
  if (undocumented.length > 0) throw new Error(`events without documentation (event-docs.ts): ${undocumented.join(', ')}`);
  const unknown = Object.keys(documentation).filter((name) => !Object.hasOwn(events, name));
  if (unknown.length > 0) throw new Error(`documentation for events that events.ts does not declare: ${unknown.join(', ')}`);
  return Object.fromEntries(Object.entries(events).map(([name, definition]) => [name, { ...definition, ...documentation[name]! }]));
}

export const documentedEvents = documentEvents(svcUploaderEvents, eventDocumentation) as Record<SvcUploaderEventName, DocumentedEvent>;
