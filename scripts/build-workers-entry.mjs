#!/usr/bin/env node
// Builds `svc-uploader/server/workers` (dist/server/workers.js): the server API as one ES module
// with the AWS SDK inside, resolved for workers (fetch-based HTTP, Web crypto) except for one
// file: the SDK's `browser` field swaps its XML parser for one that needs `DOMParser`, which
// workerd lacks, so the DOM-free parser the SDK uses on Node takes its place. `node:*` imports
// stay external (workerd provides them under `nodejs_compat`).
// Usage: node scripts/build-workers-entry.mjs [outfile]
// @ts-check
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

/** Serves the SDK's DOM-free XML parser wherever the `browser` field picked the DOMParser one. @type {import('esbuild').Plugin} */
const domFreeXmlParser = {
  name: 'dom-free-xml-parser',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]@aws-sdk[\\/]xml-builder[\\/]dist-es[\\/]xml-parser\.browser\.js$/ }, async (args) => ({
      contents: await readFile(args.path.replace(/xml-parser\.browser\.js$/, 'xml-parser.js'), 'utf8'),
      loader: 'js',
    }));
  },
};

/**
 * Builds the Workers entry into `outfile` and returns its path.
 * @param {string} [outfile]
 * @returns {Promise<string>}
 */
export async function buildWorkersEntry(outfile = 'dist/server/workers.js') {
  await build({
    entryPoints: ['server/workers.ts'],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    external: ['node:*'],
    minifySyntax: true,
    legalComments: 'eof',
    logLevel: 'warning',
    plugins: [domFreeXmlParser],
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`built ${await buildWorkersEntry(process.argv[2])}`);
}
