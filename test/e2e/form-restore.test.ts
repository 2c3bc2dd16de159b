import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectPageProblems } from '../support/browser.js';
import { useBuiltApp } from '../support/built-app.js';

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
  const app = useBuiltApp('svc-form-restore-', (folder) => {
    cpSync('dist/browser', join(folder, 'svc-uploader'), { recursive: true });
    writeFileSync(join(folder, 'index.html'), FORM_PAGE);
    writeFileSync(join(folder, 'other.html'), OTHER_PAGE);
  });

  it('submits the stored key again after the user went away and came back', { timeout: 60_000 }, async () => {
    const page = await app.browser.newPage();
    try {
      const problems = collectPageProblems(page);
      await page.goto(app.server.url);
      const uploader = page.locator('svc-uploader');
      await uploader
        .locator('input[part="file-input"]')
        .setInputFiles({ name: 'report.txt', mimeType: 'text/plain', buffer: Buffer.from('quarterly figures') });
      const key = await page
        .waitForFunction(
          () => {
            const [file] = document.querySelector('svc-uploader')!.files;
            return file?.state === 'successful' ? file.result!.key : undefined;
          },
          undefined,
          { timeout: 20_000 },
        )
        .then((handle) => handle.jsonValue());
      const submitted = () => page.evaluate(() => new FormData(document.querySelector<HTMLFormElement>('#post')!).getAll('attachments'));
      assert.deepEqual(await submitted(), [key]);

      await page.click('#away');
      await page.locator('#other').waitFor();
      await page.goBack();
      await page.waitForFunction(() => customElements.get('svc-uploader') !== undefined);
      await uploader.locator('[part~="restored-uploads"]').waitFor({ timeout: 10_000 });
      assert.equal((await uploader.locator('[part~="restored-uploads"] > span').textContent())?.trim(), '1 file uploaded');
      assert.deepEqual(await submitted(), [key]);
      assert.equal(await page.evaluate(() => document.querySelector<HTMLFormElement>('#post')!.checkValidity()), true);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
});
