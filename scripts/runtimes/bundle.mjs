// Bundles what the runtime suite serves, once per target, into `.cache/runtimes/build/`:
// - one ES module for Node, Bun and Deno (the handler and the Node listener adapter);
// - the Worker, exactly as a Workers user builds it: their `worker.mjs` importing
//   `svc-uploader/server/workers`, bundled with Wrangler's defaults (esbuild, `browser` platform,
//   `workerd`/`worker`/`browser` conditions, `node:*` left to `nodejs_compat`).
// @ts-check
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { buildWorkersEntry } from '../build-workers-entry.mjs';

/**
 * @typedef {object} RuntimeBundles
 * @property {string} nodeLike One ES module for Node, Bun and Deno: `createSuiteHandler` and `toNodeListener`.
 * @property {string} worker The Worker, bundled with Wrangler's defaults.
 */

// The bundles come from this checkout's code, so they stay beside it (git-ignored).
const BUILD = resolve('.cache/runtimes/build');

/** Wrangler's esbuild settings for a module Worker with `nodejs_compat`. @type {import('esbuild').BuildOptions} */
export const WRANGLER_DEFAULTS = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  conditions: ['workerd', 'worker', 'browser'],
  target: 'es2024',
  keepNames: true,
  external: ['node:*', 'cloudflare:*'],
  logLevel: 'warning',
};

async function bundleNodeLike() {
  const outfile = join(BUILD, 'node-like-app.mjs');
  await build({
    entryPoints: ['test/runtimes/node-like-app.ts'],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    // CommonJS dependencies inside an ES module bundle still call `require` for built-ins.
    banner: { js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);" },
  });
  return outfile;
}

/**
 * Resolves the package's own Workers entry to the file just built, as npm would install it.
 * @param {string} workersEntry
 * @returns {import('esbuild').Plugin}
 */
function packageEntry(workersEntry) {
  return {
    name: 'svc-uploader-package',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^svc-uploader\/server\/workers$/ }, () => ({ path: resolve(workersEntry) }));
    },
  };
}

async function bundleWorker() {
  const workersEntry = await buildWorkersEntry(join(BUILD, 'svc-uploader-server-workers.js'));
  const outfile = join(BUILD, 'worker.mjs');
  await build({ ...WRANGLER_DEFAULTS, entryPoints: ['test/runtimes/worker.mjs'], outfile, plugins: [packageEntry(workersEntry)] });
  return outfile;
}

/** @returns {Promise<RuntimeBundles>} */
export async function bundleForRuntimes() {
  mkdirSync(BUILD, { recursive: true });
  const [nodeLike, worker] = await Promise.all([bundleNodeLike(), bundleWorker()]);
  return { nodeLike, worker };
}
