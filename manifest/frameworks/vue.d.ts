// Generated from custom-elements.json by scripts/generate-element-manifest.ts: do not edit.
/**
 * Vue 3 typings for <svc-uploader> (`GlobalComponents`), read by vue-tsc and the Vue
 * language tools.
 *
 * They load with the package: a file of the app that imports 'svc-uploader' (or its /define or
 * /browser entry) brings them into the program. An app that registers the tag another way (a
 * script tag) gives its checker one line, in any file the checker reads:
 *
 *   import type {} from 'svc-uploader';
 *
 * (`import type {} from 'svc-uploader/vue'` loads these typings alone.)
 *
 * The template compiler must still be told that the tag is a custom element
 * (`isCustomElement: (tag) => tag.startsWith('svc-')`). Properties are checked under their
 * camelCase names, which templates may also write in kebab-case; `@svc-file-add` is checked
 * against `onSvcFileAdd`.
 */
// @ts-ignore: the app may not use this framework, or have its typings installed
import type { DefineComponent } from 'vue';
import type { SvcUploader, SvcUploaderEventMap } from '../elements/element.js';

/** The element's properties. */
export type SvcUploaderVueProperties = Partial<Pick<SvcUploader,
  | 'provider'
  | 'uploadEndpoint'
  | 'serverUrl'
  | 'mode'
  | 'autoUpload'
  | 'quietCompletion'
  | 'enablePaste'
  | 'pasteScope'
  | 'disableDragDrop'
  | 'folderUpload'
  | 'name'
  | 'required'
  | 'disabled'
  | 'onBeforeFileAdded'
  | 'maxFiles'
  | 'allowedFileTypes'
  | 'maxFileSize'
  | 'minFileSize'
  | 'maxTotalFileSize'
  | 'contentDeduplication'
  | 'imageCompression'
  | 'heicConversion'
  | 'stripExifData'
  | 'thumbnailGenerator'
  | 'checksumVerification'
  | 'checksumAlgorithm'
  | 'webWorker'
  | 'imageEditor'
  | 'processingEndpoint'
  | 'processingTimeout'
  | 'maxRetries'
  | 'maxConcurrentUploads'
  | 'resumable'
  | 'crashRecovery'
  | 'persistenceKey'
  | 'networkAware'
  | 'metadata'
  | 'cors'
  | 'sources'
  | 'cloudDrives'
  | 'urlImportTimeout'
  | 'theme'
  | 'animations'
  | 'mini'
  | 'icons'
  | 'allowPreview'
  | 'showBranding'
  | 'isProcessing'
  | 'i18n'
>>;

/** One listener per event, with the event's typed detail. */
export interface SvcUploaderVueEvents {
  /** (Cancelable) The user chose a source chip; the source panel opens unless the event is canceled. */
  'onSvcSourceOpen'?: (event: SvcUploaderEventMap['svc-source-open']) => void;
  /** A source panel closed (back, cancel, or after it delivered its file). */
  'onSvcSourceClose'?: (event: SvcUploaderEventMap['svc-source-close']) => void;
  /** Files are dragged over the drop zone. Browsers hide file names until the drop. */
  'onSvcDragEnter'?: (event: SvcUploaderEventMap['svc-drag-enter']) => void;
  /** The drag left the drop zone without dropping. */
  'onSvcDragLeave'?: (event: SvcUploaderEventMap['svc-drag-leave']) => void;
  /** (Cancelable) Files (and, with `folderUpload.allowDrop`, the files inside dropped folders) were dropped; canceling discards them. */
  'onSvcFilesDrop'?: (event: SvcUploaderEventMap['svc-files-drop']) => void;
  /** (Cancelable) Files were pasted (with `enablePaste`); canceling discards them. */
  'onSvcFilesPaste'?: (event: SvcUploaderEventMap['svc-files-paste']) => void;
  /** (Cancelable) A batch of files arrived from any source, before `onBeforeFileAdded` and validation. Listeners may edit `detail.files`; canceling discards the batch. */
  'onSvcFilesSelect'?: (event: SvcUploaderEventMap['svc-files-select']) => void;
  /** (Cancelable) The user asked to import a URL; the download starts unless the event is canceled. */
  'onSvcUrlImport'?: (event: SvcUploaderEventMap['svc-url-import']) => void;
  /** The user stopped a URL download before it finished. */
  'onSvcUrlImportAbort'?: (event: SvcUploaderEventMap['svc-url-import-abort']) => void;
  /** The camera panel produced a photo or a video recording. */
  'onSvcCameraCapture'?: (event: SvcUploaderEventMap['svc-camera-capture']) => void;
  /** The camera panel switched between the front (`user`) and back (`environment`) camera. */
  'onSvcCameraSwitch'?: (event: SvcUploaderEventMap['svc-camera-switch']) => void;
  /** The microphone panel finished a recording. */
  'onSvcAudioRecord'?: (event: SvcUploaderEventMap['svc-audio-record']) => void;
  /** The screen panel finished a capture. */
  'onSvcScreenRecord'?: (event: SvcUploaderEventMap['svc-screen-record']) => void;
  /** The user signed in to a cloud drive through its popup (server mode); `provider` is the wire slug, e.g. `google-drive`. */
  'onSvcDriveAuth'?: (event: SvcUploaderEventMap['svc-drive-auth']) => void;
  /** The user signed out of a cloud drive. The handler revoked the tokens at the provider (where it can) and deleted them. */
  'onSvcDriveSignOut'?: (event: SvcUploaderEventMap['svc-drive-sign-out']) => void;
  /** (Cancelable) The user chose cloud-drive files; they join the list and the server copies them into the bucket on upload, unless the event is canceled. */
  'onSvcDriveImport'?: (event: SvcUploaderEventMap['svc-drive-import']) => void;
  /** A file passed every check and joined the list. */
  'onSvcFileAdd'?: (event: SvcUploaderEventMap['svc-file-add']) => void;
  /** A batch finished adding; `files` are the ones accepted (fires only when at least one was). */
  'onSvcFilesAdd'?: (event: SvcUploaderEventMap['svc-files-add']) => void;
  /** A file was refused. `reason` is `LIMIT_EXCEEDED`, `TYPE_MISMATCH`, `FILE_TOO_LARGE`, `FILE_TOO_SMALL`, `TOTAL_SIZE_EXCEEDED`, `REJECTED_BY_HOOK` or `DUPLICATE`. */
  'onSvcFileReject'?: (event: SvcUploaderEventMap['svc-file-reject']) => void;
  /** A batch finished adding and some of its files were refused: all of them in one event (fires only when at least one was). Each also had its own `svc-file-reject`. */
  'onSvcFilesReject'?: (event: SvcUploaderEventMap['svc-files-reject']) => void;
  /** A file was refused because its type is not in `allowedFileTypes` (also reported by `svc-file-reject`). */
  'onSvcFileTypeMismatch'?: (event: SvcUploaderEventMap['svc-file-type-mismatch']) => void;
  /** (Cancelable) The user asked to remove a file; it leaves the list (and its upload stops) unless the event is canceled. `removeFile()` does not fire it. */
  'onSvcFileRemove'?: (event: SvcUploaderEventMap['svc-file-remove']) => void;
  /** The user activated a file's name in the list. */
  'onSvcFileClick'?: (event: SvcUploaderEventMap['svc-file-click']) => void;
  /** (Cancelable) The image editor is about to open on a file (Edit, or `imageEditor.autoOpen`); it stays closed if the event is canceled. */
  'onSvcEditorOpen'?: (event: SvcUploaderEventMap['svc-editor-open']) => void;
  /** The user left the image editor without saving; the file is unchanged. */
  'onSvcEditorCancel'?: (event: SvcUploaderEventMap['svc-editor-cancel']) => void;
  /** (Cancelable) The user saved an edit: `edited` replaces the listed `file` (queued anew) unless the event is canceled. `edited` is `file.file` itself when nothing was changed. */
  'onSvcEditorSave'?: (event: SvcUploaderEventMap['svc-editor-save']) => void;
  /** Crash recovery put files back into the list after a reload. */
  'onSvcFilesRestore'?: (event: SvcUploaderEventMap['svc-files-restore']) => void;
  /** A run began (Upload button, `upload()`, or `autoUpload`). */
  'onSvcUploadStart'?: (event: SvcUploaderEventMap['svc-upload-start']) => void;
  /** Combined progress of the files in the run; the rate and time left appear once the estimate is stable (about 2 s of progress) and start over after a pause. */
  'onSvcUploadProgress'?: (event: SvcUploaderEventMap['svc-upload-progress']) => void;
  /** Every file of the run has settled, stored or failed. */
  'onSvcFilesUploadComplete'?: (event: SvcUploaderEventMap['svc-files-upload-complete']) => void;
  /** The user or `pause()` paused the run; `files` are the ones paused. */
  'onSvcUploadPause'?: (event: SvcUploaderEventMap['svc-upload-pause']) => void;
  /** The user or `resume()` resumed the run. */
  'onSvcUploadResume'?: (event: SvcUploaderEventMap['svc-upload-resume']) => void;
  /** (Cancelable) The user asked to cancel the run; active uploads stop (multipart sessions are aborted) unless the event is canceled. `cancel()` does not fire it. */
  'onSvcUploadCancel'?: (event: SvcUploaderEventMap['svc-upload-cancel']) => void;
  /** The overall status changed: `idle`, `ready`, `uploading`, `paused`, `complete` or `failed`. */
  'onSvcStatusChange'?: (event: SvcUploaderEventMap['svc-status-change']) => void;
  /** The browser went offline or online; with `networkAware` the run pauses and resumes by itself. */
  'onSvcNetworkChange'?: (event: SvcUploaderEventMap['svc-network-change']) => void;
  /** The user pressed Done after a run; the list is cleared afterwards. */
  'onSvcUploadDone'?: (event: SvcUploaderEventMap['svc-upload-done']) => void;
  /** A file moved between states (`queued`, `processing`, `uploading`, `checking`, `paused`, `uploaded`, `successful`, `failed`, `canceled`). */
  'onSvcFileStateChange'?: (event: SvcUploaderEventMap['svc-file-state-change']) => void;
  /** A file began sending bytes (not fired again when it resumes from a pause). */
  'onSvcFileUploadStart'?: (event: SvcUploaderEventMap['svc-file-upload-start']) => void;
  /** Bytes of one file reached storage; the rate and time left appear once the estimate is stable. */
  'onSvcFileUploadProgress'?: (event: SvcUploaderEventMap['svc-file-upload-progress']) => void;
  /** A file is stored; `key` is the object key the server chose. */
  'onSvcFileUploadComplete'?: (event: SvcUploaderEventMap['svc-file-upload-complete']) => void;
  /** A failed upload is sent again by the automatic retries (`maxRetries`) after `delayMs`; `retry` counts from 1 and `error` is why the previous attempt failed. `retry()` and the Retry button queue the file anew instead. */
  'onSvcFileRetry'?: (event: SvcUploaderEventMap['svc-file-retry']) => void;
  /** A file's upload paused. */
  'onSvcFilePause'?: (event: SvcUploaderEventMap['svc-file-pause']) => void;
  /** A multipart upload continued a remembered session; `skippedParts` were already stored. */
  'onSvcFileResume'?: (event: SvcUploaderEventMap['svc-file-resume']) => void;
  /** A file's upload was canceled. */
  'onSvcFileCancel'?: (event: SvcUploaderEventMap['svc-file-cancel']) => void;
  /** The processing stream (`processingEndpoint`) delivered its result for a file. */
  'onSvcFileProcess'?: (event: SvcUploaderEventMap['svc-file-process']) => void;
  /** One multipart part is stored; `inFlight` counts the file's parts that were being sent at that moment, this one included. */
  'onSvcPartUpload'?: (event: SvcUploaderEventMap['svc-part-upload']) => void;
  /** A failure, reported exactly once: a file that failed after its retries, a processing failure, a URL import or media device that failed, or an engine problem. For a file the handler refused, `status`, `serverCode` and `serverMessage` carry its answer. */
  'onSvcError'?: (event: SvcUploaderEventMap['svc-error']) => void;
  /** Something worth knowing that did not fail the upload (a skipped pipeline step, an invalid attribute value, an unreadable dropped entry, a dropped or chosen folder with more files than are read: `FOLDER_LIMIT_REACHED`). */
  'onSvcWarn'?: (event: SvcUploaderEventMap['svc-warn']) => void;
}

export type SvcUploaderVueProps = SvcUploaderVueProperties & SvcUploaderVueEvents;

// @ts-ignore: the app may not use this framework, or have its typings installed
declare module 'vue' {
  interface GlobalComponents {
    'svc-uploader': DefineComponent<SvcUploaderVueProps>;
  }
}
