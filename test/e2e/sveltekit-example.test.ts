// examples/sveltekit (the `sv create` minimal TypeScript starter with adapter-node) as a user runs
// it: its own dependencies from its lockfile (cached between runs), svc-uploader from the packed
// tarball, `vite build`, then `node build` against the test storage. The page is rendered on the
// server, where Svelte can only write attributes, so the object props `theme` and `i18n` arrive in
// the HTML as "[object Object]"; Chromium must show no warning about them, and once the page has
// hydrated both must be in effect next to the plain `max-files` attribute. One file is uploaded
// through the handler mounted in the app's /api/upload route, and the bucket must hold its bytes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { Browser } from 'playwright';
import { launchBrowser } from '../support/browser.js';
import { createExampleApp, packLibrary } from '../support/example-install.js';
import { run } from '../support/run-command.js';
import { freePort, startServerProcess, type ServerProcess } from '../support/node-server-process.js';
import { exampleStorageEnv, getTestStorage } from '../support/storage.js';

const I18N_TITLE = 'Drop your files for the archive here';

describe('examples/sveltekit (server-rendered, hydrated, real handler, real storage)', () => {
  let work: string;
  let app: string | undefined;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;

  before(async () => {
    assert.ok(existsSync('dist/browser/svc-uploader.js'), 'dist/ is built (node scripts/build.mjs)');
    work = mkdtempSync(join(tmpdir(), 'svc-sveltekit-example-'));
    app = await createExampleApp('sveltekit', await packLibrary(work));

    const started = Date.now();
    await run(process.execPath, [join(app, '..', 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], app);
    console.log(`sveltekit vite build: ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const port = await freePort();
    server = await startServerProcess(process.execPath, join(app, 'build', 'index.js'), app, {
      // No ORIGIN: adapter-node then takes the request for https, and uploads must work regardless.
      PORT: String(port),
      // What examples/sveltekit/README.md tells a user to set, pointed at the test storage.
      ...exampleStorageEnv(await getTestStorage()),
      UPLOAD_TOKEN_SECRET: 'sveltekit-example-upload-token-secret',
      ALLOW_ANONYMOUS_UPLOADS: '1',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    if (app) rmSync(app, { recursive: true, force: true });
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('renders the object props as "[object Object]" on the server, the place a property is the only way in', async () => {
    const html = await (await fetch(server!.url)).text();
    const tag = /<svc-uploader\b[^>]*>/.exec(html)?.[0] ?? '';
    assert.match(tag, /\btheme="\[object Object\]"/);
    assert.match(tag, /\bi18n="\[object Object\]"/);
    assert.match(tag, /\bmax-files="3"/);
  });

  it("hydrates with no warning, the object props in effect, and stores a file through the app's route", async () => {
    const page = await browser!.newPage();
    try {
      const console_: string[] = [];
      page.on('console', (message) => {
        if (['warning', 'error'].includes(message.type())) console_.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => console_.push(`pageerror: ${error.message}`));
      await page.goto(server!.url);

      const uploader = page.locator('svc-uploader');
      // i18n: the drop zone's title is the override; theme: the dark mode and the accent token.
      await uploader.getByText(I18N_TITLE).waitFor();
      assert.equal(await uploader.getAttribute('data-svc-mode'), 'dark');
      assert.equal(await uploader.evaluate((element) => (element as HTMLElement).style.getPropertyValue('--svc-color-accent')), '#0a7d38');
      // The plain attribute beside them.
      assert.equal(await uploader.locator('[part~="limit"]').first().textContent(), 'Up to 3 files');

      const bytes = randomBytes(180_000);
      await uploader.locator('input[type=file]').first().setInputFiles({ name: 'from-sveltekit.bin', mimeType: 'application/octet-stream', buffer: bytes });
      await uploader.getByRole('button', { name: /^upload/i }).click();
      await page.locator('p.run-summary', { hasText: '1 stored, 0 failed' }).waitFor({ timeout: 60_000 });
      const key = await page.locator('ul.stored-files li').filter({ hasText: 'from-sveltekit.bin' }).getAttribute('data-key');
      assert.ok(key, 'the page rendered the key from svc-file-upload-complete');
      const storage = await getTestStorage();
      const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
      assert.deepEqual(Buffer.from(await object.Body!.transformToByteArray()), bytes);

      assert.deepEqual(console_, [], 'the console shows no warning or error');
    } finally {
      await page.close();
    }
  });
});
