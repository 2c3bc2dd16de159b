/**
 * Entry of the self-contained browser bundle (`svc-uploader/browser`, dist/browser/svc-uploader.js):
 * registers `<svc-uploader>` and exports the element's API, with the HEIC decoder included as its
 * own lazy file, since a page without a bundler cannot add it. The engine's classes and helpers are
 * in the bundle's second file, `engine.js` (browser-engine.ts), which shares its chunks: a page that
 * only shows the element never downloads them before they are used.
 */
import './heic.js';
import './svc-uploader/define.js';

export * from './element-api.js';
