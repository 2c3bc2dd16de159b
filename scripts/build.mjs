#!/usr/bin/env node
// `npm run build`: ESM + declarations for every module (tsc), the element's custom-elements
// manifest, editor data and framework typings (generated into manifest/, copied to dist/),
// tus-js-client bundled into one ES module (scripts/build-vendor-tus.mjs), the
// Workers entry as one bundle (svc-uploader/server/workers: the AWS SDK inside, with its DOM-free
// XML parser), then the self-contained browser bundle for plain HTML pages (vite, Lit included,
// optional features in lazy chunks), whose sizes are printed and checked against bundle-budget.json.
//
// dist/ carries no source maps: the package ships compiled code, not the TypeScript sources a map
// would point to, so maps would only double the tarball and send debuggers to files that are not
// there. Debug against the sources in this repository (the tests and the demo run them directly).
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildVendoredTus } from './build-vendor-tus.mjs';
import { buildWorkersEntry } from './build-workers-entry.mjs';
import { ensureLtsNode } from './lib/lts-node.mjs';

await ensureLtsNode();

rmSync('dist', { recursive: true, force: true });
const run = (script, args = []) => execFileSync(process.execPath, [script, ...args], { stdio: 'inherit' });
run('node_modules/typescript/bin/tsc', ['-p', 'tsconfig.build.json', '--sourceMap', 'false']);
await buildVendoredTus();
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/generate-element-manifest.ts'], { stdio: 'inherit' });
cpSync('manifest', 'dist', { recursive: true });
loadFrameworkTypingsWithTheTag('dist/elements/svc-uploader/define.d.ts');
await buildWorkersEntry('dist/server/workers.js');
run('scripts/bundle-size.mjs');
dropSourceMaps('dist/browser');
console.log('built dist/ (modules, declarations, element manifest and typings, Workers entry, browser bundle within budget)');

/**
 * The declarations of the module that registers `<svc-uploader>` (reached from `svc-uploader`,
 * `/define` and `/browser`) import the React, Vue and Svelte typings, so an app's checker types the
 * tag in templates as soon as the app imports the package, with no framework-specific line. tsc
 * leaves an `import type {}` out of the declarations it emits, so the build adds these.
 */
function loadFrameworkTypingsWithTheTag(declarations) {
  const imports = ['react', 'vue', 'svelte'].map((framework) => `import type {} from '../../frameworks/${framework}.js';\n`).join('');
  appendFileSync(declarations, imports);
}

/** Deletes the bundler's `.map` files under `folder` and the comments in the scripts that name them. */
function dropSourceMaps(folder) {
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath ?? entry.path, entry.name);
    if (entry.name.endsWith('.map')) {
      rmSync(path);
    } else if (entry.name.endsWith('.js')) {
      const code = readFileSync(path, 'utf8');
      const stripped = code.replace(/\n?\/\/# sourceMappingURL=[^\n]*\s*$/, '\n');
      if (stripped !== code) writeFileSync(path, stripped);
    }
  }
}
