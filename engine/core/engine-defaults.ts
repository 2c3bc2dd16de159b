/**
 * What the engine does when an option is left out, for the options `<svc-uploader>` also exposes
 * as props. Declared here once: the engine resolves its options with these values and the
 * element's prop table takes its defaults (and so its docs and manifest) from them.
 */
import type { FileSizeLimit } from './file-limits.js';

export interface EngineDefaults {
  /** Most files in the list. */
  maxFiles: number;
  /** Largest accepted file: 1 GB (1,000,000,000 bytes), the limit the contract names. */
  maxFileSize: Readonly<FileSizeLimit>;
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Files uploading at once. */
  maxConcurrentUploads: number;
  /** Milliseconds to wait for the processing event. */
  processingTimeout: number;
  /** Going offline pauses the run instead of failing it. */
  networkAware: boolean;
  /** Milliseconds a link being imported may stay silent before the import gives up. */
  urlImportTimeout: number;
}

export const ENGINE_DEFAULTS: Readonly<EngineDefaults> = Object.freeze({
  maxFiles: 10,
  maxFileSize: Object.freeze({ size: 1, unit: 'GB' }),
  maxRetries: 3,
  maxConcurrentUploads: 3,
  processingTimeout: 60_000,
  networkAware: true,
  urlImportTimeout: 30_000,
});
