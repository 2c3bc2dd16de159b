/**
 * The part of tus-js-client the engine uses, in a module of its own. In the published package this
 * file is replaced by a bundle of tus-js-client's browser build (scripts/build-vendor-tus.mjs), with
 * its CommonJS dependencies (url-parse and the two modules it requires) turned into ES modules: the
 * package then has no CommonJS in any build, which bundlers such as Angular's warn about, and an app
 * installs none of tus-js-client's Node-only dependencies. The engine imports it on first tus use.
 */
export { Upload, defaultOptions } from 'tus-js-client';
