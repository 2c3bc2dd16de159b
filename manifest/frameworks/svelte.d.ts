// Generated from custom-elements.json by scripts/generate-element-manifest.ts: do not edit.
/**
 * Svelte 5 typings for <svc-uploader> (`SvelteHTMLElements`), read by svelte-check and the
 * Svelte language tools.
 *
 * They load with the package: a file of the app that imports 'svc-uploader' (or its /define or
 * /browser entry) brings them into the program. An app that registers the tag another way (a
 * script tag) gives its checker one line, in any file the checker reads:
 *
 *   import type {} from 'svc-uploader';
 *
 * (`import type {} from 'svc-uploader/svelte'` loads these typings alone.)
 *
 * Svelte assigns a property when the (defined) element has a setter of that name, else sets the
 * attribute; `on<name>={handler}` listens for exactly `<name>`. `onBeforeFileAdded` is not an
 * attribute for that reason: set it through `bind:this`.
 */
// @ts-ignore: the app may not use this framework, or have its typings installed
import type { HTMLAttributes } from 'svelte/elements';
import type { SvcUploader, SvcUploaderEventMap } from '../elements/element.js';

/** The element's properties. */
export type SvcUploaderSvelteProperties = Partial<Pick<SvcUploader,
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

/** Attributes without a property of the same name, set as text. */
export interface SvcUploaderSvelteAttributes {
  /** Client mode: your token endpoint, which answers presigned upload URLs. */
  'upload-endpoint'?: string;
  /** Server mode: the URL where the upload handler is mounted, e.g. `/api/upload`. */
  'server-url'?: string;
  /** Start uploading as soon as files are added. */
  'auto-upload'?: boolean;
  /** On success show only a brief check mark: no Done button, no summary. (Element only: the headless engine has no such option.) */
  'quiet-completion'?: boolean;
  /** Files pasted while focus is inside the uploader are added, with the same validation. (Element only: the headless engine has no such option.) */
  'enable-paste'?: boolean;
  /** With `enable-paste`, `document` also takes pastes outside the uploader, not into editable fields. (Element only: the headless engine has no such option.) */
  'paste-scope'?: string;
  /** Turn off drag and drop only; the file picker keeps working. (Element only: the headless engine has no such option.) */
  'disable-drag-drop'?: boolean;
  /** `allowDrop` traverses dropped folders; `showSelectFolderButton` adds a "Select folder" action. (Element only: the headless engine has no such option.) */
  'folder-upload'?: string;
  /** Most files in the list; below 1 counts as 1; `mini` forces 1; at 1 the picker selects a single file. Exceeding it rejects with `LIMIT_EXCEEDED`. */
  'max-files'?: string | number;
  /** MIME patterns (`image/*`), extensions (`.pdf`) or preset names (`images`, `documents`, ...). A mismatch rejects with `TYPE_MISMATCH`. */
  'allowed-file-types'?: string;
  /** Largest accepted file; unit B, kB/KB, MB, GB, TB, PB, EB, ZB or YB (powers of 1000, as sizes are shown) or KiB, MiB, GiB, TiB, PiB, EiB, ZiB or YiB (powers of 1024). Violation: `FILE_TOO_LARGE`. */
  'max-file-size'?: string;
  /** Smallest accepted file. Violation: `FILE_TOO_SMALL`. */
  'min-file-size'?: string;
  /** Ceiling on the combined size of the list, checked when files are added. */
  'max-total-file-size'?: string;
  /** Drop files whose content (SHA-256) is already in the list. */
  'content-deduplication'?: boolean;
  /** Re-encode JPEG, PNG, WebP and BMP images before upload: quality 0.82, longest edge 1920 px, upright, no metadata (opaque PNG becomes JPEG). The engine takes `{quality, maxWidthOrHeight, maxSizeMB}`. */
  'image-compression'?: boolean;
  /** Convert HEIC/HEIF photos to JPEG (quality 0.92, upright); the decoder (about 712 KiB gzipped) loads with the first HEIC file. */
  'heic-conversion'?: boolean;
  /** Remove EXIF, XMP, IPTC and comments (GPS, device model, timestamps) from JPEG, PNG and WebP without re-encoding; orientation is kept. */
  'strip-exif-data'?: boolean;
  /** Make a thumbnail of each image (fits 200 × 200): `thumbnail.file` and a `data:` URL in `metadata.thumbnailUrl`. The engine takes `{width, height, quality}`. */
  'thumbnail-generator'?: boolean;
  /** Have storage verify every upload: the MD5 of each PUT and part is signed into its URL, so bytes changed on the way are refused and sent again. Also sends the SHA-256 of each file as metadata. */
  'checksum-verification'?: boolean;
  /** With checksumVerification, single PUTs also send the file's digest in this algorithm, and multipart uploads each part's digest, signed by the handler as `x-amz-checksum-<algorithm>` when the bucket's `checksumAlgorithm` is the same (AWS S3 checks it). */
  'checksum-algorithm'?: string;
  /** Run the pipeline off the main thread. Absent: automatic; `web-worker="false"`: main thread; present: worker. */
  'web-worker'?: boolean;
  /** The image editor behind each image's Edit action (crop, rotate, flip, adjust, filters, rename); `false` disables it. Object keys: `enabled`, `display` (`inline` over the list or `modal`), `autoOpen` (`never`, `single`, `always`), `output` (`type`, `quality`, `maxWidth`, `maxHeight`), `tabs`, `tools`, `onOpen`, `onCancel`, `onSave`. See docs/element.md ("Image editor"). (Element only: the headless engine has no such option.) */
  'image-editor'?: string;
  /** After each upload, wait for a Server-Sent Event from this URL (`?key=<key>` appended); the result arrives as `svc-file-process`. */
  'processing-endpoint'?: string;
  /** How long to wait for the processing event. */
  'processing-timeout'?: string | number;
  /** Retries after the first attempt (1 + maxRetries attempts in all). */
  'max-retries'?: string | number;
  /** Files uploading at once. */
  'max-concurrent-uploads'?: string | number;
  /** Keep files and upload state in IndexedDB so a reload restores them. Needs `persistence-key`: without one it stays off (one console warning). */
  'crash-recovery'?: boolean;
  /** The signed-in user: what `crash-recovery` and resumable uploads keep is scoped to it, `server-url` and the element `id` (or `name`). `crash-recovery` works only with it; a site without sign-in sets a fixed value. */
  'persistence-key'?: string;
  /** Going offline pauses the run and coming back resumes what offline paused. `no-network-aware` restores fail-and-retry. */
  'no-network-aware'?: boolean;
  /** Browser-safe drive settings for client mode (client ids, never secrets). Drive chips appear whenever `sources` lists them; in server mode they browse and import through the handler. Client-mode drive pickers are not implemented: there the panel says the drive is not available (`svc-error` `DRIVE_NEEDS_SERVER`). (Element only: the headless engine has no such option.) */
  'cloud-drives'?: string;
  /** How long a link being imported may stay silent (no answer, no new bytes) before the import gives up with `URL_TIMEOUT` ("The link stopped answering."). Below 1 counts as 1. */
  'url-import-timeout'?: string | number;
  /** Decorative motion. `prefers-reduced-motion` is always honoured; progress always animates. (Element only: the headless engine has no such option.) */
  'no-animations'?: boolean;
  /** Expanded preview of images, video and audio: their thumbnail opens a dialog with the browser's own viewer or player. (Element only: the headless engine has no such option.) */
  'no-allow-preview'?: boolean;
  /** The branding footer. (Element only: the headless engine has no such option.) */
  'no-show-branding'?: boolean;
  /** Host-controlled busy state: a spinner shows and drops and pastes are ignored. (Element only: the headless engine has no such option.) */
  'is-processing'?: boolean;
}

/** One listener per event, with the event's typed detail. */
export interface SvcUploaderSvelteEvents {
  /** (Cancelable) The user chose a source chip; the source panel opens unless the event is canceled. */
  'onsvc-source-open'?: (event: SvcUploaderEventMap['svc-source-open']) => void;
  /** A source panel closed (back, cancel, or after it delivered its file). */
  'onsvc-source-close'?: (event: SvcUploaderEventMap['svc-source-close']) => void;
  /** Files are dragged over the drop zone. Browsers hide file names until the drop. */
  'onsvc-drag-enter'?: (event: SvcUploaderEventMap['svc-drag-enter']) => void;
  /** The drag left the drop zone without dropping. */
  'onsvc-drag-leave'?: (event: SvcUploaderEventMap['svc-drag-leave']) => void;
  /** (Cancelable) Files (and, with `folderUpload.allowDrop`, the files inside dropped folders) were dropped; canceling discards them. */
  'onsvc-files-drop'?: (event: SvcUploaderEventMap['svc-files-drop']) => void;
  /** (Cancelable) Files were pasted (with `enablePaste`); canceling discards them. */
  'onsvc-files-paste'?: (event: SvcUploaderEventMap['svc-files-paste']) => void;
  /** (Cancelable) A batch of files arrived from any source, before `onBeforeFileAdded` and validation. Listeners may edit `detail.files`; canceling discards the batch. */
  'onsvc-files-select'?: (event: SvcUploaderEventMap['svc-files-select']) => void;
  /** (Cancelable) The user asked to import a URL; the download starts unless the event is canceled. */
  'onsvc-url-import'?: (event: SvcUploaderEventMap['svc-url-import']) => void;
  /** The user stopped a URL download before it finished. */
  'onsvc-url-import-abort'?: (event: SvcUploaderEventMap['svc-url-import-abort']) => void;
  /** The camera panel produced a photo or a video recording. */
  'onsvc-camera-capture'?: (event: SvcUploaderEventMap['svc-camera-capture']) => void;
  /** The camera panel switched between the front (`user`) and back (`environment`) camera. */
  'onsvc-camera-switch'?: (event: SvcUploaderEventMap['svc-camera-switch']) => void;
  /** The microphone panel finished a recording. */
  'onsvc-audio-record'?: (event: SvcUploaderEventMap['svc-audio-record']) => void;
  /** The screen panel finished a capture. */
  'onsvc-screen-record'?: (event: SvcUploaderEventMap['svc-screen-record']) => void;
  /** The user signed in to a cloud drive through its popup (server mode); `provider` is the wire slug, e.g. `google-drive`. */
  'onsvc-drive-auth'?: (event: SvcUploaderEventMap['svc-drive-auth']) => void;
  /** The user signed out of a cloud drive. The handler revoked the tokens at the provider (where it can) and deleted them. */
  'onsvc-drive-sign-out'?: (event: SvcUploaderEventMap['svc-drive-sign-out']) => void;
  /** (Cancelable) The user chose cloud-drive files; they join the list and the server copies them into the bucket on upload, unless the event is canceled. */
  'onsvc-drive-import'?: (event: SvcUploaderEventMap['svc-drive-import']) => void;
  /** A file passed every check and joined the list. */
  'onsvc-file-add'?: (event: SvcUploaderEventMap['svc-file-add']) => void;
  /** A batch finished adding; `files` are the ones accepted (fires only when at least one was). */
  'onsvc-files-add'?: (event: SvcUploaderEventMap['svc-files-add']) => void;
  /** A file was refused. `reason` is `LIMIT_EXCEEDED`, `TYPE_MISMATCH`, `FILE_TOO_LARGE`, `FILE_TOO_SMALL`, `TOTAL_SIZE_EXCEEDED`, `REJECTED_BY_HOOK` or `DUPLICATE`. */
  'onsvc-file-reject'?: (event: SvcUploaderEventMap['svc-file-reject']) => void;
  /** A batch finished adding and some of its files were refused: all of them in one event (fires only when at least one was). Each also had its own `svc-file-reject`. */
  'onsvc-files-reject'?: (event: SvcUploaderEventMap['svc-files-reject']) => void;
  /** A file was refused because its type is not in `allowedFileTypes` (also reported by `svc-file-reject`). */
  'onsvc-file-type-mismatch'?: (event: SvcUploaderEventMap['svc-file-type-mismatch']) => void;
  /** (Cancelable) The user asked to remove a file; it leaves the list (and its upload stops) unless the event is canceled. `removeFile()` does not fire it. */
  'onsvc-file-remove'?: (event: SvcUploaderEventMap['svc-file-remove']) => void;
  /** The user activated a file's name in the list. */
  'onsvc-file-click'?: (event: SvcUploaderEventMap['svc-file-click']) => void;
  /** (Cancelable) The image editor is about to open on a file (Edit, or `imageEditor.autoOpen`); it stays closed if the event is canceled. */
  'onsvc-editor-open'?: (event: SvcUploaderEventMap['svc-editor-open']) => void;
  /** The user left the image editor without saving; the file is unchanged. */
  'onsvc-editor-cancel'?: (event: SvcUploaderEventMap['svc-editor-cancel']) => void;
  /** (Cancelable) The user saved an edit: `edited` replaces the listed `file` (queued anew) unless the event is canceled. `edited` is `file.file` itself when nothing was changed. */
  'onsvc-editor-save'?: (event: SvcUploaderEventMap['svc-editor-save']) => void;
  /** Crash recovery put files back into the list after a reload. */
  'onsvc-files-restore'?: (event: SvcUploaderEventMap['svc-files-restore']) => void;
  /** A run began (Upload button, `upload()`, or `autoUpload`). */
  'onsvc-upload-start'?: (event: SvcUploaderEventMap['svc-upload-start']) => void;
  /** Combined progress of the files in the run; the rate and time left appear once the estimate is stable (about 2 s of progress) and start over after a pause. */
  'onsvc-upload-progress'?: (event: SvcUploaderEventMap['svc-upload-progress']) => void;
  /** Every file of the run has settled, stored or failed. */
  'onsvc-files-upload-complete'?: (event: SvcUploaderEventMap['svc-files-upload-complete']) => void;
  /** The user or `pause()` paused the run; `files` are the ones paused. */
  'onsvc-upload-pause'?: (event: SvcUploaderEventMap['svc-upload-pause']) => void;
  /** The user or `resume()` resumed the run. */
  'onsvc-upload-resume'?: (event: SvcUploaderEventMap['svc-upload-resume']) => void;
  /** (Cancelable) The user asked to cancel the run; active uploads stop (multipart sessions are aborted) unless the event is canceled. `cancel()` does not fire it. */
  'onsvc-upload-cancel'?: (event: SvcUploaderEventMap['svc-upload-cancel']) => void;
  /** The overall status changed: `idle`, `ready`, `uploading`, `paused`, `complete` or `failed`. */
  'onsvc-status-change'?: (event: SvcUploaderEventMap['svc-status-change']) => void;
  /** The browser went offline or online; with `networkAware` the run pauses and resumes by itself. */
  'onsvc-network-change'?: (event: SvcUploaderEventMap['svc-network-change']) => void;
  /** The user pressed Done after a run; the list is cleared afterwards. */
  'onsvc-upload-done'?: (event: SvcUploaderEventMap['svc-upload-done']) => void;
  /** A file moved between states (`queued`, `processing`, `uploading`, `checking`, `paused`, `uploaded`, `successful`, `failed`, `canceled`). */
  'onsvc-file-state-change'?: (event: SvcUploaderEventMap['svc-file-state-change']) => void;
  /** A file began sending bytes (not fired again when it resumes from a pause). */
  'onsvc-file-upload-start'?: (event: SvcUploaderEventMap['svc-file-upload-start']) => void;
  /** Bytes of one file reached storage; the rate and time left appear once the estimate is stable. */
  'onsvc-file-upload-progress'?: (event: SvcUploaderEventMap['svc-file-upload-progress']) => void;
  /** A file is stored; `key` is the object key the server chose. */
  'onsvc-file-upload-complete'?: (event: SvcUploaderEventMap['svc-file-upload-complete']) => void;
  /** A failed upload is sent again by the automatic retries (`maxRetries`) after `delayMs`; `retry` counts from 1 and `error` is why the previous attempt failed. `retry()` and the Retry button queue the file anew instead. */
  'onsvc-file-retry'?: (event: SvcUploaderEventMap['svc-file-retry']) => void;
  /** A file's upload paused. */
  'onsvc-file-pause'?: (event: SvcUploaderEventMap['svc-file-pause']) => void;
  /** A multipart upload continued a remembered session; `skippedParts` were already stored. */
  'onsvc-file-resume'?: (event: SvcUploaderEventMap['svc-file-resume']) => void;
  /** A file's upload was canceled. */
  'onsvc-file-cancel'?: (event: SvcUploaderEventMap['svc-file-cancel']) => void;
  /** The processing stream (`processingEndpoint`) delivered its result for a file. */
  'onsvc-file-process'?: (event: SvcUploaderEventMap['svc-file-process']) => void;
  /** One multipart part is stored; `inFlight` counts the file's parts that were being sent at that moment, this one included. */
  'onsvc-part-upload'?: (event: SvcUploaderEventMap['svc-part-upload']) => void;
  /** A failure, reported exactly once: a file that failed after its retries, a processing failure, a URL import or media device that failed, or an engine problem. For a file the handler refused, `status`, `serverCode` and `serverMessage` carry its answer. */
  'onsvc-error'?: (event: SvcUploaderEventMap['svc-error']) => void;
  /** Something worth knowing that did not fail the upload (a skipped pipeline step, an invalid attribute value, an unreadable dropped entry, a dropped or chosen folder with more files than are read: `FOLDER_LIMIT_REACHED`). */
  'onsvc-warn'?: (event: SvcUploaderEventMap['svc-warn']) => void;
}

export type SvcUploaderSvelteProps = HTMLAttributes<SvcUploader>
  & SvcUploaderSvelteProperties & SvcUploaderSvelteAttributes & SvcUploaderSvelteEvents;

// @ts-ignore: the app may not use this framework, or have its typings installed
declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'svc-uploader': SvcUploaderSvelteProps;
  }
}
