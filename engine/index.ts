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
export { UploadEngine } from './engine.js';
export { ConfigurationError, UploadFailureError } from './errors.js';
export { FILE_TYPE_PRESETS, type FileTypePresetName } from './file-type-presets.js';
export { expandAllowedFileTypes, matchesFileType, toAcceptAttribute } from './file-types.js';
export { toBytes } from './sizes.js';
export { contentHash, sha256Hex } from './content-hash.js';
export { definePipelineStep, PIPELINE_STAGE_ORDER, type PipelineStepFactory } from './pipeline.js';
export { IndexedDbRecoveryStorage } from './indexeddb-recovery-storage.js';
export { clearPersistedUploads } from './persisted-uploads.js';
export { MULTIPART_DEFAULTS } from './options.js';
export { ENGINE_DEFAULTS, type EngineDefaults } from './engine-defaults.js';
export type { RemoteFileInput, RemoteTransferContext, RemoteTransferResult } from './remote-file-types.js';
export type * from './types.js';
