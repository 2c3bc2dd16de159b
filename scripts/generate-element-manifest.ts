// Writes the custom-elements manifest of <svc-uploader> and what derives from it (editor data,
// framework typings) into manifest/, from the element's prop and event tables. The build copies
// manifest/ into dist/, where package.json points (`customElements`, `web-types`, `./react`...).
// Usage: node --import tsx scripts/generate-element-manifest.ts [--check]
// With --check it changes nothing and exits 1 when a file is out of date.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildVsCodeCustomData, buildWebTypes } from './lib/editor-data.js';
import { buildElementManifest } from './lib/element-manifest.js';
import { renderReactTypings, renderSvelteTypings, renderVueTypings } from './lib/framework-typings.js';

const root = new URL('..', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string };
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const manifest = buildElementManifest();
const outputs: Record<string, string> = {
  'manifest/custom-elements.json': json(manifest),
  'manifest/vscode.html-custom-data.json': json(buildVsCodeCustomData(manifest)),
  'manifest/web-types.json': json(buildWebTypes(manifest, version)),
  'manifest/frameworks/react.d.ts': renderReactTypings(manifest),
  'manifest/frameworks/vue.d.ts': renderVueTypings(manifest),
  'manifest/frameworks/svelte.d.ts': renderSvelteTypings(manifest),
};

const check = process.argv.includes('--check');
let stale = 0;
for (const [name, content] of Object.entries(outputs)) {
  const path = fileURLToPath(new URL(name, root));
  const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (current === content) {
    console.log(`${name} is up to date`);
  } else if (check) {
    stale += 1;
    console.error(`${name} is out of date: run node --import tsx scripts/generate-element-manifest.ts`);
  } else {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    console.log(`${name} updated`);
  }
}
if (stale > 0) process.exit(1);
