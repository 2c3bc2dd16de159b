import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { useBuiltApp } from '../support/built-app.js';

// The browser really offline (Playwright takes the page's network away and `navigator.onLine`
// turns false), on the built bundle. By default the element pauses and waits for the connection;
// with `no-network-aware` the upload fails and the row says why in words the user can act on.
// A web-test-runner page cannot go offline: it would lose its own line to the test runner.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Offline</title>
<script type="module" src="./svc-uploader/svc-uploader.js"></script></head>
<body>
  <svc-uploader id="waits" server-url="/api/upload"></svc-uploader>
  <svc-uploader id="fails" server-url="/api/upload" no-network-aware max-retries="0"></svc-uploader>
</body></html>`;

/** Picks a file, online: the list's code loads with the first file, and a page offline cannot fetch it. */
async function pick(page: Page, id: string, name: string): Promise<void> {
  const uploader = page.locator(`#${id}`);
  await uploader.locator('input[part="file-input"]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(`contents of ${name}`) });
  await uploader.locator('[part~="upload-button"]').waitFor({ timeout: 20_000 });
}

function fileState(page: Page, id: string): Promise<string | undefined> {
  return page.evaluate((selector) => document.querySelector<HTMLElementTagNameMap['svc-uploader']>(selector)!.files[0]?.state, `#${id}`);
}

describe('an upload while the browser is offline (built bundle)', { timeout: 120_000 }, () => {
  const app = useBuiltApp('svc-offline-', (folder) => {
    cpSync('dist/browser', join(folder, 'svc-uploader'), { recursive: true });
    writeFileSync(join(folder, 'index.html'), PAGE);
  });

  it('with no-network-aware, fails and says the user is offline; by default, pauses and finishes once back online', { timeout: 60_000 }, async () => {
    const page = await app.browser.newPage();
    try {
      await page.goto(app.server.url);
      await page.waitForFunction(() => customElements.get('svc-uploader') !== undefined);
      await pick(page, 'fails', 'notes.txt');
      await pick(page, 'waits', 'report.txt');
      await page.context().setOffline(true);
      assert.equal(await page.evaluate(() => navigator.onLine), false);

      await page.locator('#fails [part~="upload-button"]').click();
      const fails = page.locator('#fails');
      await fails.locator('[part~="file-error"]').waitFor({ timeout: 20_000 });
      assert.equal(await fails.locator('[part~="file-error"]').textContent(), 'You are offline. Connect to the internet, then retry.');
      assert.equal(await fileState(page, 'fails'), 'failed');

      await page.locator('#waits [part~="upload-button"]').click();
      const waits = page.locator('#waits');
      await waits.locator('[part~="offline-banner"]').waitFor({ timeout: 20_000 });
      assert.equal(
        (await waits.locator('[part~="offline-banner"]').textContent())?.trim(),
        'You are offline. Uploads will continue when the connection is back.',
      );
      await page.waitForFunction(() => document.querySelector<HTMLElementTagNameMap['svc-uploader']>('#waits')!.files[0]?.state === 'paused', undefined, {
        timeout: 20_000,
      });
      await waits.locator('[part~="file-paused"]').waitFor({ timeout: 20_000 }); // the row follows the state within one render
      assert.equal(await waits.locator('[part~="file-status"]').textContent(), 'Paused: offline');

      await page.context().setOffline(false);
      await page.waitForFunction(() => document.querySelector<HTMLElementTagNameMap['svc-uploader']>('#waits')!.files[0]?.state === 'successful', undefined, {
        timeout: 30_000,
      });
    } finally {
      await page.close();
    }
  });
  it('a file picked offline before the list has loaded is listed once the connection is back, and uploads', { timeout: 60_000 }, async () => {
    const page = await app.browser.newPage();
    try {
      await page.goto(app.server.url);
      // The engine arrives on idle; the list's code waits for the first file.
      await page.waitForFunction(() => document.querySelector<HTMLElementTagNameMap['svc-uploader']>('#waits')!.engine !== undefined, undefined, {
        timeout: 20_000,
      });
      await page.evaluate(() => {
        const errors: unknown[] = [];
        (window as unknown as { viewErrors: unknown[] }).viewErrors = errors;
        document.querySelector('#waits')!.addEventListener('svc-error', (event) => errors.push((event as CustomEvent).detail));
      });
      await page.context().setOffline(true);
      const uploader = page.locator('#waits');
      await uploader
        .locator('input[part="file-input"]')
        .setInputFiles({ name: 'offline-pick.txt', mimeType: 'text/plain', buffer: Buffer.from('picked while offline') });
      await page.waitForFunction(() => document.querySelector<HTMLElementTagNameMap['svc-uploader']>('#waits')!.files.length === 1, undefined, {
        timeout: 20_000,
      });
      assert.equal(await uploader.locator('[part~="upload-button"]').count(), 0, 'no list while its code cannot be fetched');
      await page.waitForFunction(() => (window as unknown as { viewErrors: unknown[] }).viewErrors.length > 0, undefined, { timeout: 20_000 });
      const reported = await page.evaluate(() => (window as unknown as { viewErrors: { scope: string; code: string }[] }).viewErrors);
      assert.deepEqual(
        reported.map(({ scope, code }) => ({ scope, code })),
        [{ scope: 'engine', code: 'VIEWS_LOAD_FAILED' }],
      );

      await page.context().setOffline(false);
      await uploader.locator('[part~="upload-button"]').waitFor({ timeout: 20_000 });
      assert.match((await uploader.locator('[part~="file-name"]').first().textContent()) ?? '', /offline-pick\.txt/);
      await uploader.locator('[part~="upload-button"]').click();
      await page.waitForFunction(() => document.querySelector<HTMLElementTagNameMap['svc-uploader']>('#waits')!.files[0]?.state === 'successful', undefined, {
        timeout: 30_000,
      });
    } finally {
      await page.close();
    }
  });
});
