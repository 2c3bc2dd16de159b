/**
 * What the templates read and the intents they may call. Templates never touch the engine or the
 * element directly, so the markup can be restyled or replaced without touching behaviour.
 */
import type { FileRejection, UploadFileRecord } from '../../engine/types.js';
import type { Translator } from '../../i18n/index.js';
import type { SourcePanel, Translate } from '../sources/source-panel.js';
import type { IconsConfig, UploaderStatus, UploadSource } from '../types.js';

export type DragState = 'idle' | 'over' | 'rejected';

export interface UploaderIntents {
  openFilePicker(): void;
  openFolderPicker(): void;
  openSource(source: UploadSource): void;
  closeSource(): void;
  clickFile(id: string): void;
  removeFile(id: string): void;
  retryFile(id: string): void;
  upload(): void;
  pause(): void;
  resume(): void;
  cancel(): void;
  retryAll(): void;
  done(): void;
  dismissRejections(): void;
}

export interface UploaderView {
  t: Translate;
  translator: Translator;
  intents: UploaderIntents;
  icons: IconsConfig | undefined;

  files: readonly UploadFileRecord[];
  status: UploaderStatus;
  /** Combined progress of the current run, 0..1. */
  progress: number;
  sources: readonly UploadSource[];
  /** The open source panel; `undefined` while its module loads. */
  panel: { source: UploadSource; view?: SourcePanel } | undefined;
  dragState: DragState;
  rejections: readonly FileRejection[];

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
  mini: boolean;
}

/** How many files wait to be sent, ended without being stored (failed or canceled), and are stored. */
export function countByState(files: readonly UploadFileRecord[]) {
  let queued = 0;
  let failed = 0;
  let successful = 0;
  for (const file of files) {
    if (file.state === 'queued') queued += 1;
    else if (file.state === 'failed' || file.state === 'canceled') failed += 1;
    else if (file.state === 'successful') successful += 1;
  }
  return { queued, failed, successful };
}
