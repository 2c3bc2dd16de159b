/** Builds what the templates render from the element's props and state. */
// From their own modules, not the engine's index: esbuild (Angular's builder) counts every module an
// imported index re-exports as reached, so the lazily loaded engine would join the first chunk.
import { toAcceptAttribute } from '../../engine/core/file-types.js';
import { formatSizeLimit } from '../../engine/core/sizes.js';
import type { FileSizeLimit } from '../../engine/core/file-limits.js';
import type { Translator } from '../i18n/index.js';
import { isPanelAvailable } from './sources/panel-loaders.js';
import { countFiles, type UploaderView } from './view-model.js';
import { uploaderProps } from './properties.js';
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

/** The element's state the view passes through as it is. */
export type ViewState = Pick<
  UploaderView,
  | 'translator'
  | 'intents'
  | 'files'
  | 'progress'
  | 'runEstimate'
  | 'restoredUploads'
  | 'disabled'
  | 'panel'
  | 'dragState'
  | 'rejections'
  | 'folderLimit'
  | 'online'
  | 'maxFiles'
  | 'slot'
  | 'listWindow'
  | 'previewFile'
  | 'editor'
  | 'canEdit'
  | 'thumbnailUrl'
  | 'mediaUrl'
>;

/** `image/*, .pdf` as a readable list; presets are shown by name. */
function allowedTypesText(allowed: string | string[] | undefined, translator: Translator): string {
  const types = [allowed ?? '*']
    .flat()
    .flatMap((list) => list.split(','))
    .map((type) => type.trim())
    .filter((type) => type && type !== '*');
  return types.length > 0 ? translator.formatList(types) : '';
}

/** A limit as the host wrote it (`50 MB` reads "50 MB"), whatever number of bytes the engine counts. */
function sizeText(limit: FileSizeLimit | undefined, translator: Translator): string | undefined {
  try {
    return limit ? formatSizeLimit(limit, translator.lang) : undefined;
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
    ...state,
    t: translator.t,
    icons: props.icons,
    counts,
    status: counts.status,
    sources,
    chipSources: sources.filter((source) => source !== 'local' && isPanelAvailable(source)),
    accept: toAcceptAttribute(props.allowedFileTypes),
    allowedTypesText: allowedTypesText(props.allowedFileTypes, translator),
    maxFileSizeText: sizeText(props.maxFileSize, translator),
    minFileSizeText: sizeText(props.minFileSize, translator),
    showSelectFolderButton: Boolean(props.folderUpload?.showSelectFolderButton),
    enablePaste: props.enablePaste,
    dragDropEnabled: !props.disableDragDrop,
    isProcessing: props.isProcessing,
    networkAware: props.networkAware,
    quietCompletion: props.quietCompletion,
    showBranding: props.showBranding,
    allowPreview: props.allowPreview,
    maxRetries: props.maxRetries ?? (uploaderProps.maxRetries.default as number),
    mini: props.mini,
  };
}
