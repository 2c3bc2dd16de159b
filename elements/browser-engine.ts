/**
 * Second entry of the browser bundle (`svc-uploader/browser/engine`, dist/browser/engine.js): the
 * headless engine's classes and helpers (`UploadEngine`, `IndexedDbRecoveryStorage`,
 * `definePipelineStep`, `FILE_TYPE_PRESETS`, `contentHash`...), sharing chunks with the element, so
 * a page that imports both downloads the engine's code once.
 */
export * from '../engine/index.js';
