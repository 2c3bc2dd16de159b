/**
 * Where the element's modules travel in the browser bundle, declared once, folder by folder, and
 * which engine folders make the engine's chunk. vite.config.ts builds its chunk groups from it, and
 * test/server/first-paint.test.ts fails when the entry (what a page loads before the drop zone
 * shows) carries a module declared lazy here or the engine's chunk.
 *
 * - `first-paint`: the entry, what an empty uploader needs.
 * - `engine-views`: the element's side of the engine, fetched with the engine core after the first
 *   paint (engine-views/engine-chunk.ts).
 * - `file-views`: what is drawn once files are listed (file-list/file-views.ts).
 * - `on-demand`: chunks of their own, loaded by `import()` on first use (a panel, the editor's
 *   canvas, the form logic).
 */
export type ChunkName = 'first-paint' | 'engine-views' | 'file-views' | 'on-demand';

/**
 * The engine's topic folders (relative to the repository). What the engine's entry reaches in them
 * by static imports travels in one `engine` chunk, fetched after the first paint with
 * `engine-views`, whatever its place inside them; what the engine loads by `import()` (the upload
 * machinery, tus, image steps, digests) keeps chunks of its own.
 */
const ENGINE_FOLDERS: readonly string[] = ['engine/core', 'engine/upload', 'engine/persistence', 'engine/processing'];

/** The module the `engine` chunk is measured from: the engine's public entry. */
export const ENGINE_ENTRY = 'engine/index.ts';

/**
 * The engine's modules the first paint carries: what the drop zone states before there is an
 * engine (limits, file types, defaults) and the loaders of what comes later. Any other engine module
 * the first paint imports would take the whole engine chunk along, which the first-paint test refuses.
 */
export const ENGINE_FIRST_PAINT: ReadonlySet<string> = new Set([
  'engine/core/byte-format.ts',
  'engine/core/engine-defaults.ts',
  'engine/core/file-type-presets.ts',
  'engine/core/file-types.ts',
  'engine/core/lazy-module.ts',
  'engine/core/sizes.ts',
  'engine/upload/upload-machinery-loader.ts',
  'engine/processing/image-steps/heic-decoder.ts',
]);

/** Whether `path` (relative to the repository) is one of the engine's modules: in ENGINE_FOLDERS. */
export function isEngineModule(path: string): boolean {
  return ENGINE_FOLDERS.some((folder) => path.startsWith(`${folder}/`));
}

/** The place of every module of a folder (paths relative to elements/svc-uploader/, '' is the folder itself). */
export const FOLDER_CHUNKS: Readonly<Record<string, ChunkName>> = {
  '': 'first-paint',
  shell: 'first-paint',
  'drop-zone': 'first-paint',
  sources: 'first-paint',
  // The element's hold on the engine: it loads the engine's chunk, so it cannot travel in it.
  'engine-link': 'first-paint',
  'sources/url': 'on-demand',
  'engine-views': 'engine-views',
  'file-list': 'file-views',
  preview: 'file-views',
  editor: 'on-demand',
  media: 'on-demand',
  drives: 'on-demand',
  form: 'on-demand',
};

/** The modules that travel apart from their folder. */
const MODULE_CHUNKS: Readonly<Record<string, ChunkName>> = {
  // The refusal notice's sheet is adopted with the others at the first paint.
  'engine-views/rejections-styles.ts': 'first-paint',
  // Decoding a row's image header is loaded when a row first asks.
  'file-list/row-preview-image.ts': 'on-demand',
  // Read when files are added, to hold those `imageEditor.autoOpen` opens on.
  'editor/editor-options.ts': 'engine-views',
  // Only listed files can be edited: the editor's controller and frame come with the list.
  'editor/editor-controller.ts': 'file-views',
  'editor/edit-budget.ts': 'file-views',
  'editor/editor-frame.ts': 'file-views',
  'editor/editor-frame-styles.ts': 'file-views',
  // Registering the drive sources puts their chips on screen; their panel loads on first use.
  'drives/register-drive-panels.ts': 'first-paint',
  // Form association is the element's class itself; what the form receives loads with a form.
  'form/form-associated.ts': 'first-paint',
  'form/form-value-controller.ts': 'first-paint',
};

/** The chunk of `path` (relative to elements/svc-uploader/, e.g. `file-list/file-item.ts`). */
export function chunkOf(path: string): ChunkName | undefined {
  const planned = MODULE_CHUNKS[path];
  if (planned) return planned;
  const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  return FOLDER_CHUNKS[folder];
}

const ELEMENT_FOLDER = '/elements/svc-uploader/';

/** The chunk of a bundler module id, or undefined when it is not one of the element's modules. */
export function chunkOfModule(id: string): ChunkName | undefined {
  const at = id.lastIndexOf(ELEMENT_FOLDER);
  return at === -1 ? undefined : chunkOf(id.slice(at + ELEMENT_FOLDER.length));
}
