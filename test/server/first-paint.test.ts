// The browser bundle keeps to the element's chunk plan (elements/svc-uploader/chunk-plan.ts): what
// a page loads before the drop zone shows (the entry and its static imports) holds no module the
// plan declares lazy nor the engine's chunk, the named lazy chunks hold what the plan puts there,
// and every folder of the element has its place in the plan. Built in memory with the project's vite.config.ts.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { build, type Rollup } from 'vite';
import { chunkOf, ENGINE_FIRST_PAINT, FOLDER_CHUNKS, isEngineModule } from '../../elements/svc-uploader/chunk-plan.js';

const root = new URL('../..', import.meta.url).pathname;
const ELEMENT = 'elements/svc-uploader/';

async function buildChunks(): Promise<Rollup.OutputChunk[]> {
  const result = await build({ root, configFile: `${root}vite.config.ts`, logLevel: 'silent', build: { write: false } });
  return [result]
    .flat()
    .flatMap((output) => ('output' in output ? output.output : []))
    .filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
}

/** The element's modules of a chunk, relative to elements/svc-uploader/. */
function elementModules(chunk: Rollup.OutputChunk): string[] {
  return Object.keys(chunk.modules)
    .map((id) => id.replace(root, ''))
    .filter((path) => path.startsWith(ELEMENT))
    .map((path) => path.slice(ELEMENT.length));
}

test('the first paint carries only what the chunk plan puts there; the lazy chunks hold what it names', async () => {
  const chunks = await buildChunks();
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'svc-uploader');
  assert.ok(entry, 'the element entry');
  const firstPaint = new Set<string>();
  const visit = (fileName: string): void => {
    if (firstPaint.has(fileName)) return;
    firstPaint.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(entry.fileName);

  const misplaced = [...firstPaint].flatMap((fileName) =>
    elementModules(byFile.get(fileName)!)
      .filter((path) => chunkOf(path) !== 'first-paint')
      .map((path) => `${path} (${chunkOf(path) ?? 'not in the plan'}) in ${fileName}`),
  );
  assert.deepEqual(misplaced, [], 'modules the plan declares lazy, loaded with the first paint');
  const engineInFirstPaint = [...firstPaint].flatMap((fileName) =>
    Object.keys(byFile.get(fileName)!.modules)
      .map((id) => id.replace(root, ''))
      .filter((path) => isEngineModule(path) && !ENGINE_FIRST_PAINT.has(path))
      .map((path) => `${path} in ${fileName}`),
  );
  assert.deepEqual(engineInFirstPaint, [], "engine modules the plan leaves to the engine's chunk, loaded with the first paint");

  for (const name of ['engine-views', 'file-views'] as const) {
    const chunk = chunks.find((candidate) => candidate.name === name);
    assert.ok(chunk, `the ${name} chunk`);
    assert.equal(firstPaint.has(chunk.fileName), false, `${name} is loaded lazily`);
    const strays = elementModules(chunk).filter((path) => chunkOf(path) !== name);
    assert.deepEqual(strays, [], `modules in ${name} the plan places elsewhere`);
  }
  // The engine's chunk (the engine's folders in the plan) comes after the first paint, with the engine in it.
  const engine = chunks.find((candidate) => candidate.name === 'engine' && !candidate.isEntry);
  assert.ok(engine, 'the engine chunk');
  assert.equal(firstPaint.has(engine.fileName), false, 'the engine is loaded lazily');
  assert.ok(Object.keys(engine.modules).includes(`${root}engine/core/engine.ts`), 'the engine class travels in the engine chunk');
  // The plan names real chunks: the file list's own modules are where it says.
  const fileViews = chunks.find((candidate) => candidate.name === 'file-views')!;
  assert.ok(elementModules(fileViews).includes('file-list/file-views.ts'));
});

test('every folder of the element has its place in the chunk plan', () => {
  const folders = readdirSync(`${root}${ELEMENT}`, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${entry.parentPath}/${entry.name}`.slice(`${root}${ELEMENT}`.length).replace(/^\//, ''));
  assert.deepEqual(
    folders.filter((folder) => !(folder in FOLDER_CHUNKS)),
    [],
  );
});
