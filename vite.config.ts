import { defineConfig, type Plugin } from 'vite';
import { chunkOfModule, ENGINE_ENTRY, ENGINE_FIRST_PAINT, isEngineModule } from './elements/svc-uploader/chunk-plan.js';
import { engineChunk } from './scripts/lib/engine-chunk.js';
import { preloadDynamicImports } from './scripts/lib/preload-dynamic-imports.js';

/**
 * Lit `css` literals keep their source indentation and comments; the element's stylesheets are
 * collapsed to single spaces here (whitespace next to braces and semicolons dropped), which gzip
 * alone does not fully recover. Only style modules (`*-styles.ts`) are touched; those with `css` literals hold nothing but CSS.
 */
function collapseCssLiterals(): Plugin {
  return {
    name: 'svc-collapse-css-literals',
    transform(code, id) {
      if (!/\/elements\/svc-uploader\/.+-styles\.ts$/.test(id)) return null;
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

/**
 * The engine's chunk: what the element loads after the drop zone is painted, with ENGINE_VIEWS
 * (elements/svc-uploader/engine-views/engine-chunk.ts). Its modules follow from the engine's folders
 * in the chunk plan and the module graph (scripts/lib/engine-chunk.ts).
 */
const ENGINE = engineChunk({ entry: ENGINE_ENTRY, belongs: (path) => isEngineModule(path) && !ENGINE_FIRST_PAINT.has(path) });

/** The Lit directives the file views use travel with them. */
const FILE_VIEWS_DIRECTIVES =
  /\/lit-html\/(directives\/(repeat|style-map|guard)|directive-helpers|directive)\.js$|\/lit\/directives\/(repeat|style-map|guard)\.js$/;

/**
 * The element's side of the engine (engine-views/engine-chunk.ts), fetched next to the engine
 * core, in parallel, and the file views (file-list/file-views.ts): their modules are those
 * elements/svc-uploader/chunk-plan.ts places there.
 */
const ENGINE_VIEWS = (id: string) => chunkOfModule(id) === 'engine-views';
const FILE_VIEWS = (id: string) => chunkOfModule(id) === 'file-views' || FILE_VIEWS_DIRECTIVES.test(id);

// The browser bundle for plain HTML pages: one ES module that registers <svc-uploader> (and
// engine.js, the engine's exports), with Lit inside and optional features (tus, drives, media capture, pipeline steps) split into lazy chunks.
export default defineConfig({
  plugins: [collapseCssLiterals(), preloadDynamicImports(), ENGINE.plugin],
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
            { name: 'engine', test: ENGINE.test, includeDependenciesRecursively: false },
            { name: 'engine-views', test: ENGINE_VIEWS, includeDependenciesRecursively: false },
            { name: 'file-views', test: FILE_VIEWS, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
