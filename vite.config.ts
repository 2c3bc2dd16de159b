import { defineConfig, type Plugin } from 'vite';
import { preloadDynamicImports } from './scripts/lib/preload-dynamic-imports.js';

/**
 * Lit `css` literals keep their source indentation and comments; the element's stylesheets are
 * collapsed to single spaces here (whitespace next to braces and semicolons dropped), which gzip
 * alone does not fully recover. Only style modules are touched; they hold nothing but CSS.
 */
function collapseCssLiterals(): Plugin {
  return {
    name: 'svc-collapse-css-literals',
    transform(code, id) {
      if (!/\/elements\/.+\/styles\/[^/]+\.ts$/.test(id)) return null;
      const collapsed = code.replace(
        /\bcss`([^`]*)`/g,
        (_, body: string) =>
          `css\`${body
            .replace(/\/\*[\s\S]*?\*\//g, '')
            .replace(/\s+/g, ' ')
            .replace(/\s*([{};])\s*/g, '$1')
            .trim()}\``,
      );
      return { code: collapsed, map: { mappings: '' } };
    },
  };
}

/** The engine core's chunk: what the element loads after the drop zone is painted, with ENGINE_VIEWS (elements/svc-uploader/engine-chunk.ts). */
const ENGINE_CORE = new RegExp(
  `/engine/(${[
    'core/engine',
    'core/options',
    'upload/upload-queue',
    'core/batch-intake',
    'core/validation',
    'core/deduplication',
    'core/main-thread-yield',
    'upload/connection-budget',
    'persistence/indexeddb-recovery-storage',
    'persistence/crash-recovery-loader',
    'persistence/crash-restore',
    'core/events',
    'core/event-bus',
    'core/file-entry-list',
    'core/file-entry',
    'core/file-replacement',
    'persistence/persisted-uploads',
    'core/network-watch',
    'core/network-pause',
    'processing/content-hash',
    'core/errors',
    'upload/remote-files',
    'persistence/persistence-scope',
    'persistence/multipart-session',
    'persistence/tus-records',
    'upload/request-timeout',
    'upload/retry-policy',
    'upload/page-base',
    'upload/upload-url',
    'core/transfer-rate',
    'processing/pipeline',
    'processing/checksum-digests',
    'core/hex',
    'processing/image-steps/index',
  ].join('|')})\\.ts$`,
);

/**
 * The element's side of the engine (elements/svc-uploader/engine-chunk.ts): the event bridge, the
 * announcer, the refusal notice, the failure wording the file views share and the editor's options.
 * Apart from the engine core, which engine.js shares without Lit; fetched next to it, in parallel.
 */
const ENGINE_VIEWS = new RegExp(
  [
    '/elements/svc-uploader/(engine-chunk|engine-bridge|announcer|editor/editor-options)\\.ts$',
    '/elements/svc-uploader/templates/(rejections|refusal-summary|failure-message|transfer-rate-text|display-name)\\.ts$',
  ].join('|'),
);

/** The file list, run controls, preview, editor frame, editor controller and thumbnail URLs (templates/file-views.ts), and the Lit directives they use. */
const FILE_VIEWS = new RegExp(
  [
    '/elements/svc-uploader/templates/(file-views|file-list|file-item|file-kind|actions|preview|editor-frame)\\.ts$',
    '/elements/svc-uploader/styles/(file-list|run|editor-frame)\\.ts$',
    '/elements/svc-uploader/(editor/editor-controller|editor/edit-budget|thumbnails|row-previews|list-window|preview)\\.ts$',
    '/lit-html/(directives/(repeat|style-map|guard)|directive-helpers|directive)\\.js$',
    '/lit/directives/(repeat|style-map|guard)\\.js$',
  ].join('|'),
);

// The browser bundle for plain HTML pages: one ES module that registers <svc-uploader> (and
// engine.js, the engine's exports), with Lit inside and optional features (tus, drives, media capture, pipeline steps) split into lazy chunks.
export default defineConfig({
  plugins: [collapseCssLiterals(), preloadDynamicImports()],
  // Relative asset URLs: the image worker (`assets/image-worker-*.js`) is found next to the bundle
  // wherever a page serves it, not only at the site root.
  base: './',
  // ES workers: the digest worker loads its plain-JS fallbacks lazily, which IIFE workers cannot.
  worker: { format: 'es' },
  build: {
    outDir: 'dist/browser',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    lib: {
      // The element's entry, and the engine's classes and helpers as a second file sharing its chunks.
      entry: { 'svc-uploader': 'elements/browser.ts', engine: 'elements/browser-engine.ts' },
      formats: ['es'],
      fileName: (_format, entryName) => `${entryName}.js`,
    },
    // Library mode leaves whitespace in ES output so bundlers can tree-shake it; this file is the
    // ready-to-load browser bundle, so it is minified fully.
    rolldownOptions: {
      // Needed for the engine group below, which takes modules out of their natural chunks.
      preserveEntrySignatures: 'allow-extension',
      output: {
        minify: true,
        // The engine core and the modules it shares with the upload machinery travel in one chunk:
        // left to automatic splitting they form shared chunks a browser discovers only once the
        // engine's chunk has arrived, a second round trip before the first file shows.
        // Likewise the file views take the Lit directives they use along.
        codeSplitting: {
          groups: [
            { name: 'engine', test: ENGINE_CORE, includeDependenciesRecursively: false },
            { name: 'engine-views', test: ENGINE_VIEWS, includeDependenciesRecursively: false },
            { name: 'file-views', test: FILE_VIEWS, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
