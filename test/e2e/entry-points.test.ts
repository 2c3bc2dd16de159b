// The built `svc-uploader/engine` entry as a headless user meets it: it loads in plain Node (no
// DOM, no custom-element registry), and an app bundling it gets the engine without Lit or the
// element. `svc-uploader/element` brings the class and registers nothing. Bundled with Vite
// (rolldown) from dist/, resolved through the package's own exports.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';

/** Markers every copy of Lit carries (its version registries), and the element's registration. */
const LIT_MARKERS = ['litHtmlVersions', 'reactiveElementVersions', 'litElementVersions'];

let folder: string;

/** Bundles `source` as an app's entry module; `svc-uploader/*` resolves through package.json exports. */
async function bundle(source: string, entries: string[]): Promise<string> {
  const entry = join(folder, `entry-${Math.random().toString(36).slice(2)}.js`);
  writeFileSync(entry, source);
  const alias = Object.fromEntries(entries.map((specifier) => [specifier, fileURLToPath(import.meta.resolve(specifier))]));
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias },
    build: { write: false, minify: false, lib: { entry, formats: ['es'], fileName: 'app' } },
  })) as Rolldown.RolldownOutput[];
  return output
    .flatMap((result) => result.output)
    .map((chunk) => ('code' in chunk ? chunk.code : ''))
    .join('\n');
}

describe('svc-uploader/engine', () => {
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'svc-engine-entry-'));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('loads in plain Node, where no element could be registered', () => {
    const script =
      "import('svc-uploader/engine').then((module) => console.log(JSON.stringify({ names: Object.keys(module), registry: typeof customElements })))";
    const output = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    const { names, registry } = JSON.parse(output.trim().split('\n').pop()!) as { names: string[]; registry: string };
    assert.equal(registry, 'undefined');
    for (const name of ['UploadEngine', 'ConfigurationError', 'MULTIPART_DEFAULTS', 'ENGINE_DEFAULTS', 'IndexedDbRecoveryStorage', 'toBytes']) {
      assert.ok(names.includes(name), `svc-uploader/engine exports ${name}`);
    }
  });

  it('bundles into an app without Lit and without registering <svc-uploader>', async () => {
    const code = await bundle("import { UploadEngine } from 'svc-uploader/engine';\nexport const engine = new UploadEngine({ serverUrl: '/api/upload' });\n", [
      'svc-uploader/engine',
    ]);
    assert.match(code, /\bUploadEngine = class\b|\bclass UploadEngine\b/);
    for (const marker of LIT_MARKERS) assert.ok(!code.includes(marker), `the bundle carries no Lit (${marker})`);
    assert.ok(!code.includes('customElements'), 'the bundle touches no custom-element registry');
  });

  it('leaves nothing behind when only imported: the entry has no side effects', async () => {
    const code = await bundle("import 'svc-uploader/engine';\n", ['svc-uploader/engine']);
    assert.equal(code.trim(), '');
  });

  it('differs from the package root, which brings Lit and registers the element', async () => {
    const code = await bundle("import { UploadEngine } from 'svc-uploader';\nexport { UploadEngine };\n", ['svc-uploader']);
    assert.ok(
      LIT_MARKERS.some((marker) => code.includes(marker)),
      'the root bundle carries Lit',
    );
    assert.match(code, /customElements\.define\(/);
  });
});

describe('svc-uploader/element', () => {
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'svc-element-entry-'));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('bundles the element class without registering any tag', async () => {
    const code = await bundle("import { SvcUploader } from 'svc-uploader/element';\nexport { SvcUploader };\n", ['svc-uploader/element']);
    assert.ok(
      LIT_MARKERS.some((marker) => code.includes(marker)),
      'the element brings Lit',
    );
    assert.ok(!code.includes('customElements.define('), 'nothing registers a tag');
  });
});
