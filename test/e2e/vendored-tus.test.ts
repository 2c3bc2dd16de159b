// The package ships tus-js-client bundled by its own build (dist/engine/vendor/tus-js-client.js),
// not as a dependency. An app bundling the built `svc-uploader/engine` with Vite must get a tus
// upload that works: Chromium uploads through it to a real @tus/server, and the server's file holds
// exactly the bytes sent. The bundled module itself imports nothing and carries no CommonJS import.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { Browser } from 'playwright';
import { build } from 'vite';
import { startStaticServer, type AppServer } from '../support/app-server.js';
import { collectPageProblems, launchBrowser } from '../support/browser.js';

const VENDORED = 'dist/engine/vendor/tus-js-client.js';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('tus through the bundled tus-js-client of the built package', () => {
  let folder: string;
  let uploads: string;
  let server: AppServer;
  let browser: Browser;

  before(async () => {
    assert.ok(existsSync(VENDORED), 'dist/ is built (node scripts/build.mjs)');
    folder = mkdtempSync(join(tmpdir(), 'svc-vendored-tus-'));
    uploads = join(folder, 'uploads');
    const app = join(folder, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'index.html'), '<!doctype html><title>tus</title><script type="module" src="./main.js"></script>\n');
    writeFileSync(
      join(app, 'main.js'),
      `import { UploadEngine } from 'svc-uploader/engine';
window.uploadWithTus = async (bytes) => {
  const engine = new UploadEngine({ resumable: { protocol: 'tus', endpoint: '/files', chunkSizeBytes: 64 * 1024 } });
  await engine.addFiles([new File([new Uint8Array(bytes)], 'tus.bin', { type: 'application/octet-stream' })]);
  await engine.start();
  const [record] = engine.files;
  return { state: record.state, strategy: record.result?.strategy, url: record.result?.url, error: record.error?.message };
};
`,
    );
    // svc-uploader/engine resolves through the package's exports to the built dist/.
    await build({
      configFile: false,
      root: app,
      logLevel: 'silent',
      resolve: { alias: { 'svc-uploader/engine': fileURLToPath(import.meta.resolve('svc-uploader/engine')) } },
      build: { outDir: join(folder, 'dist'), emptyOutDir: true },
    });
    const tus = new TusServer({ path: '/files', datastore: new FileStore({ directory: uploads }) });
    server = await startStaticServer(join(folder, 'dist'), (request) => tus.handleWeb(request));
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('is one ES module that imports nothing', () => {
    const code = readFileSync(VENDORED, 'utf8');
    assert.doesNotMatch(code, /^\s*import[\s{*]|\bimport\(|\brequire\(/m);
    assert.match(code, /^export \{/m);
  });

  it('uploads a file through tus, and the server holds its bytes', async () => {
    const page = await browser.newPage();
    try {
      const problems = collectPageProblems(page);
      await page.goto(server.url);
      const bytes = randomBytes(200_000);
      const result = await page.evaluate(
        (data) => (window as unknown as { uploadWithTus(bytes: number[]): Promise<Record<string, string>> }).uploadWithTus(data),
        [...bytes],
      );
      assert.equal(result.state, 'successful', result.error);
      assert.equal(result.strategy, 'tus');
      const id = result.url!.split('/').pop()!;
      assert.ok(readdirSync(uploads).includes(id), 'the tus server stored the upload');
      assert.equal(sha256(readFileSync(join(uploads, id))), sha256(bytes));
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
});
