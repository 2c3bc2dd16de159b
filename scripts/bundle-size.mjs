#!/usr/bin/env node
// Builds the browser bundle (vite.config.ts: elements/index.ts with Lit inside, into dist/browser/)
// and prints the minified and gzipped size of what a page loads up front, of each lazy chunk and of
// each worker script, checked against bundle-budget.json. Exits 1 when a budget is exceeded.
// `--modules [N]` also lists the N (default 30) modules of the initial chunks that weigh most, each
// gzipped on its own: those figures add up to more than the chunks, since gzip shares repeats
// across modules, but they rank what a page pays for.
// Usage: node scripts/bundle-size.mjs [--json] [--modules [N]]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = new URL('..', import.meta.url);
const budget = JSON.parse(readFileSync(new URL('bundle-budget.json', root), 'utf8'));

const result = await build({ root: root.pathname, configFile: new URL('vite.config.ts', root).pathname, logLevel: 'warn' });
const chunks = [result]
  .flat()
  .flatMap((output) => output.output)
  .filter((item) => item.type === 'chunk');
const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));

const sizeOf = (chunk) => ({ minBytes: Buffer.byteLength(chunk.code), gzipBytes: gzipSync(chunk.code, { level: 9 }).length });

/** The chunks a page downloads before anything is lazy-loaded: the entry and its static imports. */
function staticClosure(fileName, seen = new Set()) {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of byFile.get(fileName)?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

/** `camera-panel`, `tus-js-client`, `intl-messageformat`: the module a lazy chunk is loaded for. */
function labelOf(chunk) {
  const facade = chunk.facadeModuleId ?? '';
  const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(facade)?.[1];
  if (packageName) return packageName;
  return facade
    ? facade
        .split('/')
        .pop()
        .replace(/\.[cm]?[jt]s$/, '')
    : chunk.name;
}

// The element's entry (svc-uploader.js); the engine's entry (engine.js) is a page's own choice.
const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'svc-uploader');
const initialFiles = staticClosure(entry.fileName);
const initial = [...initialFiles]
  .map((fileName) => sizeOf(byFile.get(fileName)))
  .reduce((sum, size) => ({ minBytes: sum.minBytes + size.minBytes, gzipBytes: sum.gzipBytes + size.gzipBytes }), { minBytes: 0, gzipBytes: 0 });

const rows = [{ name: 'initial', files: [...initialFiles], ...initial, limit: budget.initialGzipBytes }];
for (const chunk of chunks.filter((candidate) => !initialFiles.has(candidate.fileName))) {
  const name = labelOf(chunk);
  const kind = chunk.isEntry ? 'entry' : chunk.isDynamicEntry ? 'lazy' : 'shared';
  // One line covers every locale bundle (`locales/<code>.ts`); each other chunk has its own.
  const fallback = chunk.facadeModuleId?.includes('/locales/') ? budget.lazyGzipBytes.locale : budget.lazyGzipBytes.default;
  rows.push({ name, kind, files: [chunk.fileName], ...sizeOf(chunk), limit: budget.lazyGzipBytes[name] ?? fallback });
}

// Worker scripts are emitted as assets (`assets/image-worker-*.js`), loaded by URL when first needed.
const workers = [result]
  .flat()
  .flatMap((output) => output.output)
  .filter((item) => item.type === 'asset' && item.fileName.endsWith('.js'));
for (const asset of workers) {
  const name = asset.fileName
    .split('/')
    .pop()
    .replace(/-[\w-]{8}\.js$/, '');
  rows.push({
    name,
    kind: 'worker',
    files: [asset.fileName],
    ...sizeOf({ code: asset.source }),
    limit: budget.lazyGzipBytes[name] ?? budget.lazyGzipBytes.default,
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  console.log(`${'chunk'.padEnd(26)} ${'min'.padStart(11)} ${'min+gzip'.padStart(11)} ${'budget'.padStart(11)}  files`);
  for (const row of rows) {
    const flag = row.gzipBytes > row.limit ? '  OVER BUDGET' : '';
    console.log(
      `${(row.kind ? `${row.name} (${row.kind})` : row.name).padEnd(26)} ${kb(row.minBytes).padStart(11)} ${kb(row.gzipBytes).padStart(11)} ${kb(row.limit).padStart(11)}  ${row.files.join(', ')}${flag}`,
    );
  }
}

const modulesFlag = process.argv.indexOf('--modules');
if (modulesFlag !== -1) printHeaviestModules(Number(process.argv[modulesFlag + 1]) || 30);

/** The initial chunks' modules by gzipped size, heaviest first. */
function printHeaviestModules(count) {
  const rootPath = new URL('.', root).pathname;
  const modules = [...initialFiles]
    .flatMap((fileName) => Object.entries(byFile.get(fileName).modules))
    .map(([id, module]) => ({ id: id.replace(rootPath, '').replace(/^.*node_modules\//, ''), ...sizeOf({ code: module.code ?? '' }) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  console.log(`\n${'module of the initial chunks'.padEnd(56)} ${'min'.padStart(9)} ${'min+gzip'.padStart(9)}`);
  for (const module of modules.slice(0, count)) {
    console.log(`${module.id.padEnd(56)} ${String(module.minBytes).padStart(9)} ${String(module.gzipBytes).padStart(9)}`);
  }
  const total = modules.reduce((sum, module) => sum + module.gzipBytes, 0);
  console.log(`${modules.length} modules; gzipped one by one they add up to ${kb(total)}`);
}

const over = rows.filter((row) => row.gzipBytes > row.limit);
if (over.length > 0) {
  console.error(`\n${over.length} chunk(s) over budget: ${over.map((row) => row.name).join(', ')} (bundle-budget.json)`);
  process.exit(1);
}
