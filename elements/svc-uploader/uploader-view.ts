/** Builds what the templates render from the element's props and state. */
// From their own modules, not the engine's index: esbuild (Angular's builder) counts every module an
// imported index re-exports as reached, so the lazily loaded engine would join the first chunk.
import { toAcceptAttribute } from '../../engine/core/file-types.js';
import { toBytes } from '../../engine/core/sizes.js';
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

/** Intl's names of the units a limit is written in (CLDR has none beyond petabyte). */
const LIMIT_UNITS: Partial<Record<FileSizeLimit['unit'], string>> = {
  B: 'byte',
  KB: 'kilobyte',
  MB: 'megabyte',
  GB: 'gigabyte',
  TB: 'terabyte',
  PB: 'petabyte',
};

/**
 * A limit reads as the host wrote it: `{size: 50, unit: 'MB'}` shows "50 MB", in the page's digits,
 * whatever number of bytes the engine counts for it.
 */
function sizeText(limit: FileSizeLimit | undefined, translator: Translator): string | undefined {
  try {
    if (!limit) return undefined;
    const bytes = toBytes(limit);
    const unit = LIMIT_UNITS[limit.unit];
    if (!unit) return translator.formatBytes(bytes);
    return new Intl.NumberFormat(translator.lang, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: 2 }).format(
      limit.size,
    );
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
