/**
 * What the templates read and the intents they may call. Templates never touch the engine or the
 * element directly, so the markup can be restyled or replaced without touching behaviour.
 */
import type { FileRejection, UploadFileRecord } from '../../engine/core/file-record.js';
import type { Translator } from '../i18n/index.js';
import type { OpenEditor } from './editor/editor-controller.js';
import type { ListWindow } from './file-list/list-window.js';
import type { SourcePanel, Translate } from './sources/source-panel.js';
import type { SlotClass } from './theme-slots.js';
import type { IconsConfig, UploaderStatus, UploadSource } from './types.js';

export type DragState = 'idle' | 'over' | 'rejected';

export interface UploaderIntents {
  openFilePicker(): void;
  openFolderPicker(): void;
  openSource(source: UploadSource): void;
  closeSource(): void;
  clickFile(id: string): void;
  removeFile(id: string): void;
  retryFile(id: string): void;
  pauseFile(id: string): void;
  resumeFile(id: string): void;
  openPreview(id: string): void;
  closePreview(): void;
  previewClosed(): void;
  thumbnailFailed(id: string): void;
  editFile(id: string): void;
  cancelEdit(): void;
  saveEdit(): void;
  upload(): void;
  pause(): void;
  resume(): void;
  cancel(): void;
  retryAll(): void;
  done(): void;
  dismissRejections(): void;
  /** The form stops submitting the uploads a back/forward navigation restored. */
  forgetRestoredUploads(): void;
  listScrolled(event: Event): void;
  listFocusIn(event: FocusEvent): void;
  listFocusOut(event: FocusEvent): void;
}

export interface UploaderView {
  t: Translate;
  translator: Translator;
  intents: UploaderIntents;
  icons: IconsConfig | undefined;
  slot: SlotClass;

  files: readonly UploadFileRecord[];
  counts: FileCounts;
  status: UploaderStatus;
  /** Combined progress of the current run, 0..1. */
  progress: number;
  /** Files stored on an earlier visit, brought back by the form's state restore. */
  restoredUploads: number;
  /** `disabled`, or inside a disabled fieldset: everything is inert. */
  disabled: boolean;
  /** The run's rate and time left, once the engine's estimate is stable. */
  runEstimate: { bytesPerSecond?: number; secondsRemaining?: number };
  sources: readonly UploadSource[];
  /** Sources with a chip (every source but `local`, which is the Browse button). */
  chipSources: readonly UploadSource[];
  /** The open source panel; `undefined` while its module loads. */
  panel: { source: UploadSource; view?: SourcePanel } | undefined;
  dragState: DragState;
  rejections: readonly FileRejection[];
  /** Set when a dropped or chosen folder held more files than are read: the number read. */
  folderLimit: number | undefined;
  listWindow: ListWindow;
  /** The file in the expanded preview. */
  previewFile: UploadFileRecord | undefined;
  /** The open image editor. */
  editor: OpenEditor | undefined;
  /** Whether the file shows an Edit action (`imageEditor` on, an image not yet on its way). */
  canEdit(file: UploadFileRecord): boolean;
  thumbnailUrl(file: UploadFileRecord): string | undefined;
  mediaUrl(file: UploadFileRecord): string;

  maxFiles: number;
  accept: string;
  allowedTypesText: string;
  maxFileSizeText?: string;
  minFileSizeText?: string;
  showSelectFolderButton: boolean;
  enablePaste: boolean;
  dragDropEnabled: boolean;
  isProcessing: boolean;
  online: boolean;
  networkAware: boolean;
  quietCompletion: boolean;
  showBranding: boolean;
  allowPreview: boolean;
  maxRetries: number;
  mini: boolean;
}

export interface FileCounts {
  queued: number;
  /** Ended without being stored: failed or canceled. */
  failed: number;
  /** Of those, the ones a retry may store: all but the files the server refused. */
  retryable: number;
  successful: number;
  /** Bytes of the stored files. */
  storedBytes: number;
  /** Bytes of every file in the list. */
  totalSize: number;
  status: UploaderStatus;
}

/**
 * Counts of the list in one pass (a virtualised list may hold 10,000 files and this runs on every
 * render). `status` follows the same rules as `deriveStatus`.
 */
export function countFiles(files: readonly UploadFileRecord[]): FileCounts {
  let queued = 0;
  let failed = 0;
  let refused = 0;
  let successful = 0;
  let storedBytes = 0;
  let totalSize = 0;
  let active = 0;
  let paused = 0;
  for (const file of files) {
    totalSize += file.size;
    switch (file.state) {
      case 'queued':
        queued += 1;
        break;
      case 'failed':
      case 'canceled':
        failed += 1;
        if (file.error?.code === 'UPLOAD_REFUSED') refused += 1;
        break;
      case 'successful':
        successful += 1;
        storedBytes += file.size;
        break;
      case 'paused':
        paused += 1;
        break;
      default:
        active += 1;
    }
  }
  const status: UploaderStatus =
    files.length === 0 ? 'idle' : active > 0 ? 'uploading' : paused > 0 ? 'paused' : queued > 0 ? 'ready' : failed > 0 ? 'failed' : 'complete';
  return { queued, failed, retryable: failed - refused, successful, storedBytes, totalSize, status };
}
