// What a page with an empty <svc-uploader> fetches before its drop zone shows, from dist/browser
// served as the package ships it: every file Chromium asked for (scripts, styles, message files),
// each gzipped as a server sends it (zlib's default level). scripts/bundle-size.mjs budgets the
// initial chunks from the build's graph; this counts what the browser really fetched, so a
// stylesheet, a message file or a chunk the graph does not name would show here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { collectPageProblems } from '../support/browser.js';
import { useBuiltApp } from '../support/built-app.js';

const FIRST_PAINT_BUDGET = 32 * 1024;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>First paint</title>
    <script type="module" src="./svc-uploader/svc-uploader.js"></script>
  </head>
  <body>
    <svc-uploader server-url="/api/upload"></svc-uploader>
  </body>
</html>`;

/**
 * The element loads its engine when the page is idle, which may come before the test looks: idle
 * callbacks are held, so "before the drop zone shows" is a state, not a race.
 */
const HOLD_IDLE_CALLBACKS = () => {
  window.requestIdleCallback = () => 0;
};

describe('first paint of the built bundle', { timeout: 120_000 }, () => {
  let folder = '';
  const app = useBuiltApp('svc-first-paint-', (work) => {
    folder = work;
    cpSync('dist/browser', join(work, 'svc-uploader'), { recursive: true });
    writeFileSync(join(work, 'index.html'), PAGE);
  });

  it('fetches at most 32 KiB gzipped in all before the drop zone shows, and lists a file chosen right then', { timeout: 60_000 }, async () => {
    const page = await app.browser.newPage();
    try {
      const problems = collectPageProblems(page);
      await page.addInitScript(HOLD_IDLE_CALLBACKS);
      const fetched = new Set<string>();
      page.on('request', (request) => fetched.add(new URL(request.url()).pathname));
      await page.goto(app.server.url);
      const uploader = page.locator('svc-uploader');
      await uploader.locator('[part~="drop-zone"] [part~="limit"]').getByText('Up to 10 files').waitFor();

      // The package's files: the page itself and anything the browser asks of its own accord (a
      // favicon) are not the uploader's, and have no file here to measure.
      const files = [...fetched].filter((path) => path.startsWith('/svc-uploader/'));
      const sizes = files.map((path) => ({ path, gzipBytes: gzipSync(readFileSync(join(folder, path))).length }));
      const total = sizes.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
      const report = `${total} bytes: ${sizes.map(({ path, gzipBytes }) => `${path} ${gzipBytes}`).join(', ')}`;
      assert.ok(files.includes('/svc-uploader/svc-uploader.js'), report);
      assert.ok(total <= FIRST_PAINT_BUDGET, report);
      console.log(`  fetched before the drop zone showed: ${report}`);

      // Interactive at once: a file handed to the picker before anything else lands in its row.
      await uploader
        .locator('input[type=file]')
        .first()
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('first paint') });
      await uploader.locator('[part~="file-name"]').getByText('notes.txt').waitFor({ timeout: 20_000 });
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
});
