/** Builds what the templates render from the element's props and state. */
import { toAcceptAttribute, toBytes, type FileRejection, type FileSizeLimit, type UploadFileRecord } from '../engine/index.js';
import type { Translator } from '../i18n/index.js';
import type { OpenEditor } from './editor/editor-controller.js';
import type { ListWindow } from './list-window.js';
import { isPanelAvailable } from './sources/panel-loaders.js';
import type { SourcePanel } from './sources/source-panel.js';
import type { SlotClass } from './theme-slots.js';
import { countFiles, type DragState, type UploaderIntents, type UploaderView } from './templates/view-model.js';
import { DEFAULT_SOURCES, type IconsConfig, type UploadSource } from './types.js';

/** The props the view reads (a subset of the element). */
export interface ViewProps {
  allowedFileTypes?: string | string[];
  maxFileSize?: FileSizeLimit;
  minFileSize?: FileSizeLimit;
  folderUpload?: { showSelectFolderButton?: boolean };
  sources?: UploadSource[];
  icons?: IconsConfig;
  enablePaste: boolean;
  disableDragDrop: boolean;
  isProcessing: boolean;
  networkAware: boolean;
  quietCompletion: boolean;
  showBranding: boolean;
  allowPreview: boolean;
  maxRetries?: number;
  mini: boolean;
}

export interface ViewState {
  translator: Translator;
  intents: UploaderIntents;
  files: readonly UploadFileRecord[];
  progress: number;
  panel: { source: UploadSource; view?: SourcePanel } | undefined;
  dragState: DragState;
  rejections: readonly FileRejection[];
  online: boolean;
  maxFiles: number;
  slot: SlotClass;
  listWindow: ListWindow;
  previewFile: UploadFileRecord | undefined;
  editor: OpenEditor | undefined;
  canEdit(file: UploadFileRecord): boolean;
  thumbnailUrl(file: UploadFileRecord): string | undefined;
  mediaUrl(file: UploadFileRecord): string;
}

/** `image/*, .pdf` as a readable list; presets are shown by name. */
function allowedTypesText(allowed: string | string[] | undefined, translator: Translator): string {
  const types = [allowed ?? '*'].flat().flatMap((list) => list.split(',')).map((type) => type.trim()).filter((type) => type && type !== '*');
  return types.length > 0 ? translator.formatList(types) : '';
}

function sizeText(limit: FileSizeLimit | undefined, translator: Translator): string | undefined {
  try {
    return limit ? translator.formatBytes(toBytes(limit)) : undefined;
  } catch {
    // An invalid limit is the engine's to report; the view just leaves it out.
    return undefined;
  }
}

export function buildUploaderView(props: ViewProps, state: ViewState): UploaderView {
  const { translator, files } = state;
  const sources = props.sources ?? DEFAULT_SOURCES;
  const counts = countFiles(files);
  return {
    t: translator.t,
    translator,
    intents: state.intents,
    icons: props.icons,
    slot: state.slot,
    files,
    counts,
    status: counts.status,
    progress: state.progress,
    sources,
    chipSources: sources.filter((source) => source !== 'local' && isPanelAvailable(source)),
    panel: state.panel,
    dragState: state.dragState,
    rejections: state.rejections,
    listWindow: state.listWindow,
    previewFile: state.previewFile,
    editor: state.editor,
    canEdit: state.canEdit,
    thumbnailUrl: state.thumbnailUrl,
    mediaUrl: state.mediaUrl,
    maxFiles: state.maxFiles,
    accept: toAcceptAttribute(props.allowedFileTypes),
    allowedTypesText: allowedTypesText(props.allowedFileTypes, translator),
    maxFileSizeText: sizeText(props.maxFileSize, translator),
    minFileSizeText: sizeText(props.minFileSize, translator),
    showSelectFolderButton: Boolean(props.folderUpload?.showSelectFolderButton),
    enablePaste: props.enablePaste,
    dragDropEnabled: !props.disableDragDrop,
    isProcessing: props.isProcessing,
    online: state.online,
    networkAware: props.networkAware,
    quietCompletion: props.quietCompletion,
    showBranding: props.showBranding,
    allowPreview: props.allowPreview,
    maxRetries: props.maxRetries ?? 3,
    mini: props.mini,
  };
}
