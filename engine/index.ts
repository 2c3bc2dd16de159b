/**
 * Public entry of the headless upload engine.
 *
 * ```ts
 * const engine = new UploadEngine({ serverUrl: '/api/upload', resumable: { protocol: 'multipart' } });
 * engine.on('file-upload-complete', ({ file, result }) => console.log(file.name, result.key));
 * await engine.addFiles(input.files!);
 * await engine.start();
 * ```
 */
export { UploadEngine } from './core/engine.js';
export { ConfigurationError, UploadFailureError } from './core/errors.js';
export { FILE_TYPE_PRESETS, type FileTypePresetName } from './core/file-type-presets.js';
export { expandAllowedFileTypes, matchesFileType, toAcceptAttribute } from './core/file-types.js';
export { toBytes } from './core/sizes.js';
export { contentHash, sha256Hex } from './processing/content-hash.js';
export { definePipelineStep, PIPELINE_STAGE_ORDER, type PipelineStepFactory } from './processing/pipeline.js';
export { IndexedDbRecoveryStorage } from './persistence/indexeddb-recovery-storage.js';
export { clearPersistedUploads } from './persistence/persisted-uploads.js';
export { MULTIPART_DEFAULTS } from './core/options.js';
export { ENGINE_DEFAULTS, type EngineDefaults } from './core/engine-defaults.js';
export type { RemoteFileInput, RemoteTransferContext, RemoteTransferResult } from './upload/remote-file-types.js';
export type * from './core/types.js';
