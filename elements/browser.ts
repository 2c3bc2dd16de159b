/**
 * Entry of the self-contained browser bundle (`svc-uploader/browser`, dist/browser/): the main entry
 * with the HEIC decoder included as its own lazy file, since a page without a bundler cannot add it.
 */
import './heic.js';

export * from './index.js';
