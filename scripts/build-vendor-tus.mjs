// Replaces dist/engine/vendor/tus-js-client.js (tsc's output: a re-export of `tus-js-client`) with
// one ES module holding tus-js-client's browser build and what it imports. tus-js-client imports
// `url-parse`, a CommonJS module (which requires `querystringify` and `requires-port`); a bundler
// converts it, and Angular's builder warns about it on every build ("Module 'url-parse' used by
// ... is not ESM"). Bundled here once, the package ships no CommonJS, and tus-js-client is no
// runtime dependency: apps install none of its Node-only dependencies (proper-lockfile and others).
// Not minified: the app's bundler minifies, and the code stays readable in the package.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const VENDORED = 'dist/engine/vendor/tus-js-client.js';
/** The packages whose code ends up in the bundle, named with their versions in its banner. */
const BUNDLED = ['tus-js-client', 'js-base64', 'url-parse', 'querystringify', 'requires-port'];

const version = (name) => JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')).version;

export async function buildVendoredTus() {
  const result = await build({
    entryPoints: [VENDORED],
    outfile: VENDORED,
    allowOverwrite: true,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'inline',
    metafile: true,
    logLevel: 'warning',
    banner: {
      js: `/* ${BUNDLED.map((name) => `${name} ${version(name)}`).join(', ')}: bundled by svc-uploader's build; licences in THIRD_PARTY_NOTICES. */`,
    },
  });
  const inputs = Object.keys(result.metafile.inputs);
  const packages = new Set(inputs.flatMap((input) => input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ?? []));
  const unexpected = [...packages].filter((name) => !BUNDLED.includes(name));
  if (unexpected.length > 0) throw new Error(`${VENDORED} took in packages THIRD_PARTY_NOTICES does not name: ${unexpected.join(', ')}`);
  const code = readFileSync(VENDORED, 'utf8');
  // Every import resolved inside the bundle: a bare import or a `require` left over would reach a
  // package the app does not have.
  if (/^\s*import[\s{*]|\bimport\(|\brequire\(|typeof require\b/m.test(code)) throw new Error(`${VENDORED} still imports or requires something`);
  // Its declaration re-exports from tus-js-client, which is not installed with the package; no
  // public declaration refers to this module.
  rmSync(VENDORED.replace(/\.js$/, '.d.ts'), { force: true });
}
