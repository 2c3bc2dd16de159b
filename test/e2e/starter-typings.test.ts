// The packed tarball in apps made like each framework's official starter (test/starters/), checked
// with the checker the framework documents. Each app imports the package the ordinary way and has
// no line for its framework's typings: `import 'svc-uploader'` in the entry module, or
// `import('svc-uploader')` where the page also renders on the server (Nuxt, SvelteKit). The checker
// must then know <svc-uploader>: it reports exactly the app's two deliberate mistakes, text bound to
// `maxFiles` and a detail field `svc-file-upload-complete` does not have, and accepts the rest,
// `event.detail.key` included. The package's declarations import every framework's typings, so an
// app without any of these frameworks, checked with skipLibCheck off, must find no error in them
// (with the frameworks installed, test/e2e/framework-typings.test.ts checks them the same way).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureRuntimes } from '../../scripts/runtimes/install.mjs';
import { packLibrary } from '../support/example-install.js';
import {
  createStarterApps,
  installPackedLibrary,
  lineOf,
  runChecker,
  svelteCheckErrors,
  tscErrors,
  type Diagnostic,
  type StarterApps,
} from '../support/starter-apps.js';

const node24 = ensureRuntimes(['node24']).node24;

/** The two mistakes every framework app makes on purpose, where `file` makes them. */
function deliberateMistakes(app: string, file: string, wrongValue: string): Diagnostic[] {
  return [
    `${file}:${lineOf(join(app, file), wrongValue)} Type 'string' is not assignable to type 'number'.`,
    `${file}:${lineOf(join(app, file), 'event.detail.url')} Property 'url' does not exist on type 'FileUploadCompleteDetail'.`,
  ];
}

const sorted = (diagnostics: Diagnostic[]) => [...diagnostics].sort();

describe("svc-uploader from the packed tarball in apps made like each framework's starter", () => {
  let work: string;
  let library: string;

  before(async () => {
    assert.ok(existsSync('dist/frameworks/vue.d.ts'), 'dist/ is built (node scripts/build.mjs)');
    work = mkdtempSync(join(tmpdir(), 'svc-starter-typings-'));
    library = await installPackedLibrary(await packLibrary(work), join(work, 'library'));
  });
  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  describe('Vue: a create-vite vue-ts app and a nuxt/starter v4 app', () => {
    let kit: StarterApps | undefined;
    before(async () => {
      kit = await createStarterApps('vue', library);
    });
    after(() => kit?.remove());

    it("vue-tsc -b (the starter's type check) reports the two mistakes in App.vue and nothing else", async () => {
      const app = kit!.app('vite-app');
      const { output } = await runChecker(process.execPath, kit!.tool('vue-tsc/bin/vue-tsc.js'), ['-b', '--pretty', 'false'], app);
      assert.deepEqual(sorted(tscErrors(output, app)), sorted(deliberateMistakes(app, 'src/App.vue', `'five'`)), output);
    });

    it('nuxt typecheck (Node 24) reports the two mistakes in app.vue and nothing else', { skip: 'skip' in node24 ? node24.skip : false }, async () => {
      const app = kit!.app('nuxt-app');
      const { output } = await runChecker((node24 as { binary: string }).binary, kit!.tool('nuxt/bin/nuxt.mjs'), ['typecheck'], app, {
        NUXT_TELEMETRY_DISABLED: '1',
        CI: '1',
      });
      assert.deepEqual(sorted(tscErrors(output, app)), sorted(deliberateMistakes(app, 'app/app.vue', `'five'`)), output);
    });
  });

  describe('Svelte: a create-vite svelte-ts app and an sv create (SvelteKit, minimal, TypeScript) app', () => {
    let kit: StarterApps | undefined;
    before(async () => {
      kit = await createStarterApps('svelte', library);
    });
    after(() => kit?.remove());

    it("svelte-check (the starter's check) reports the two mistakes in App.svelte and nothing else", async () => {
      const app = kit!.app('vite-app');
      const { output } = await runChecker(
        process.execPath,
        kit!.tool('svelte-check/bin/svelte-check'),
        ['--tsconfig', './tsconfig.app.json', '--output', 'machine'],
        app,
      );
      assert.deepEqual(sorted(svelteCheckErrors(output)), sorted(deliberateMistakes(app, 'src/App.svelte', '"five"')), output);
    });

    it("svelte-kit sync and svelte-check (the starter's check) report the two mistakes in +page.svelte and nothing else", async () => {
      const app = kit!.app('sveltekit-app');
      const sync = await runChecker(process.execPath, kit!.tool('@sveltejs/kit/svelte-kit.js'), ['sync'], app);
      assert.equal(sync.exitCode, 0, sync.output);
      const { output } = await runChecker(
        process.execPath,
        kit!.tool('svelte-check/bin/svelte-check'),
        ['--tsconfig', './tsconfig.json', '--output', 'machine'],
        app,
      );
      assert.deepEqual(sorted(svelteCheckErrors(output)), sorted(deliberateMistakes(app, 'src/routes/+page.svelte', '"five"')), output);
    });
  });

  describe('React: a create-vite react-ts app', () => {
    let kit: StarterApps | undefined;
    before(async () => {
      kit = await createStarterApps('react', library);
    });
    after(() => kit?.remove());

    it("tsc -b (the starter's type check) reports the two mistakes in App.tsx and nothing else", async () => {
      const app = kit!.app('vite-app');
      const { output } = await runChecker(process.execPath, kit!.tool('typescript/bin/tsc'), ['-b', '--pretty', 'false'], app);
      assert.deepEqual(sorted(tscErrors(output, app)), sorted(deliberateMistakes(app, 'src/App.tsx', '"five"')), output);
    });
  });

  describe('TypeScript without a framework', () => {
    let kit: StarterApps | undefined;
    before(async () => {
      kit = await createStarterApps('plain', library);
    });
    after(() => kit?.remove());

    it("with skipLibCheck off, tsc finds nothing in the package's declarations and reports the app's one mistake", async () => {
      const app = kit!.app('ts-app');
      const { output } = await runChecker(process.execPath, kit!.tool('typescript/bin/tsc'), ['-p', '.', '--pretty', 'false'], app);
      assert.deepEqual(
        tscErrors(output, app),
        [`src/main.ts:${lineOf(join(app, 'src/main.ts'), 'event.detail.url')} Property 'url' does not exist on type 'FileUploadCompleteDetail'.`],
        output,
      );
    });
  });
});
