/**
 * What an upload needs once a file is listed: the runner with its retries and processing stream,
 * and the strategies (single PUT, multipart, tus). upload-machinery-loader.ts imports this module
 * on demand, so it is a chunk of its own that a page showing only the drop zone never loads.
 */
export { runEntry } from './upload-runner.js';
export { abortMultipart } from './multipart.js';
export { resumeConfirmations } from './engine-confirmations.js';
