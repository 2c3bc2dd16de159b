import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { collectPageProblems, launchBrowser } from '../support/browser.js';

// A real back/forward navigation on the built bundle: the form's state (the stored keys the
// element saved with setFormValue) comes back through formStateRestoreCallback. Playwright's
// Chromium runs without the back/forward cache, so going back loads the page anew and the browser
// restores the form, as it does for any page the cache does not keep.
const FORM_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Post</title>
<script type="module" src="./svc-uploader/svc-uploader.js"></script></head>
<body>
  <form id="post" action="/never" method="post">
    <input name="title" value="Holiday">
    <svc-uploader name="attachments" required server-url="/api/upload" auto-upload></svc-uploader>
  </form>
  <a id="away" href="other.html">Elsewhere</a>
</body></html>`;
const OTHER_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Other</title></head><body><p id="other">Elsewhere</p></body></html>';

describe('form state on back/forward navigation (built bundle)', { timeout: 120_000 }, () => {
  let browser: Browser;
  let server: AppServer;
  let work: string;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'svc-form-restore-'));
    cpSync('dist/browser', join(work, 'svc-uploader'), { recursive: true });
    writeFileSync(join(work, 'index.html'), FORM_PAGE);
    writeFileSync(join(work, 'other.html'), OTHER_PAGE);
    browser = await launchBrowser();
    server = await startAppServer(work);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('submits the stored key again after the user went away and came back', { timeout: 60_000 }, async () => {
    const page = await browser.newPage();
    try {
      const problems = collectPageProblems(page);
      await page.goto(server.url);
      const uploader = page.locator('svc-uploader');
      await uploader.locator('input[part="file-input"]').setInputFiles({ name: 'report.txt', mimeType: 'text/plain', buffer: Buffer.from('quarterly figures') });
      const key = await page.waitForFunction(() => {
        const [file] = document.querySelector('svc-uploader')!.files;
        return file?.state === 'successful' ? file.result!.key : undefined;
      }, undefined, { timeout: 20_000 }).then((handle) => handle.jsonValue());
      const submitted = () => page.evaluate(() => new FormData(document.querySelector<HTMLFormElement>('#post')!).getAll('attachments'));
      assert.deepEqual(await submitted(), [key]);

      await page.click('#away');
      await page.locator('#other').waitFor();
      await page.goBack();
      await page.waitForFunction(() => customElements.get('svc-uploader') !== undefined);
      await uploader.locator('[part~="restored-uploads"]').waitFor({ timeout: 10_000 });
      assert.equal((await uploader.locator('[part~="restored-uploads"]').textContent())?.trim(), '1 file uploaded');
      assert.deepEqual(await submitted(), [key]);
      assert.equal(await page.evaluate(() => document.querySelector<HTMLFormElement>('#post')!.checkValidity()), true);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
});
