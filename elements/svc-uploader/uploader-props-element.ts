import type { CorsOptions, EngineOptions, FileSizeLimit, ResumableOptions } from '../../engine/index.js';
import { isStringifiedObject } from './attribute-converters.js';
import { propDefaults, toPropertyDeclarations, uploaderProps } from './properties.js';
import { SvcElement } from './svc-element.js';
import type { CloudDrivesConfig, FolderUploadOptions, I18nConfig, IconsConfig, ImageEditorOptions, ThemeConfig, UploadSource } from './types.js';

/**
 * The props of `<svc-uploader>` (declared from the table in `properties.ts`) with the table's
 * defaults. Kept apart from the element's behaviour so each file reads in one sitting.
 */
export class UploaderPropsElement extends SvcElement {
  static override properties = toPropertyDeclarations();

  declare provider?: string;
  declare uploadEndpoint?: string;
  declare serverUrl?: string;
  declare mode?: 'client' | 'server';
  declare autoUpload: boolean;
  declare quietCompletion: boolean;
  declare enablePaste: boolean;
  declare pasteScope: 'element' | 'document';
  declare disableDragDrop: boolean;
  declare folderUpload?: FolderUploadOptions;
  declare name?: string;
  declare required: boolean;
  declare disabled: boolean;
  declare onBeforeFileAdded?: EngineOptions['onBeforeFileAdded'];
  declare maxFiles?: number;
  declare allowedFileTypes?: string | string[];
  declare maxFileSize?: FileSizeLimit;
  declare minFileSize?: FileSizeLimit;
  declare maxTotalFileSize?: FileSizeLimit;
  declare contentDeduplication: boolean;
  declare imageCompression: boolean;
  declare heicConversion: boolean;
  declare stripExifData: boolean;
  declare thumbnailGenerator: boolean;
  declare checksumVerification: boolean;
  declare checksumAlgorithm?: 'CRC32' | 'CRC32C' | 'SHA256';
  declare webWorker?: boolean;
  declare imageEditor?: boolean | ImageEditorOptions | null;
  declare processingEndpoint?: string;
  declare processingTimeout?: number;
  declare maxRetries?: number;
  declare maxConcurrentUploads?: number;
  declare resumable?: ResumableOptions;
  declare crashRecovery: boolean;
  declare persistenceKey?: string;
  declare networkAware: boolean;
  declare metadata?: Record<string, unknown>;
  declare cors?: CorsOptions;
  declare sources: UploadSource[];
  declare cloudDrives?: CloudDrivesConfig;
  declare urlImportTimeout?: number;
  declare theme?: ThemeConfig;
  declare animations: boolean;
  declare mini: boolean;
  declare icons?: IconsConfig;
  declare allowPreview: boolean;
  declare showBranding: boolean;
  declare isProcessing: boolean;
  declare i18n?: I18nConfig;

  constructor() {
    super();
    // Every default comes from the table, where it is declared once.
    Object.assign(this, propDefaults());
  }

  /**
   * An attribute whose text is a stringified object (`theme="[object Object]"`, as server rendering
   * writes an object prop) is left alone: the prop keeps the value it has (its default until then)
   * and nothing is parsed or warned about, because the property set when the page hydrates is the
   * value. Whether the element is defined before hydration or after, that property wins.
   */
  override attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void {
    if (value !== null && isStringifiedObject(value)) return;
    super.attributeChangedCallback(name, oldValue, value);
  }
}

/** `maxFiles` as the list applies it: at least 1, and 1 in mini mode. */
export function effectiveMaxFiles({ mini, maxFiles }: Pick<UploaderPropsElement, 'mini' | 'maxFiles'>): number {
  return mini ? 1 : Math.max(1, Math.floor(maxFiles ?? (uploaderProps.maxFiles.default as number)));
}
