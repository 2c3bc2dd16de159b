/**
 * One file, one size: the demo page (built bundle, real handler, real storage) shows a file's size
 * in the element's row, in the run summary and in its own bucket list, and all three read alike
 * (decimal units with decimal values: 300,000 bytes are `300 kB`, 12 MiB are `13 MB`).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { useDemoInBrowser } from '../support/demo.js';

describe('demo page: the same file reads the same size everywhere', () => {
  const demo = useDemoInBrowser();

  for (const [bytes, expected] of [
    [300_000, '300 kB'],
    [12 * 1024 * 1024, '13 MB'],
  ] as const) {
    it(`a ${bytes}-byte file reads ${expected} in its row, the run summary and the bucket list`, { timeout: 120_000 }, async () => {
      const page = await demo.newPage();
      await page.goto(demo.demoUrl());
      const uploader = page.locator('svc-uploader');
      await uploader.waitFor();
      const name = `size-${crypto.randomUUID()}.bin`;
      await uploader
        .locator('input[type="file"]')
        .first()
        .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: randomBytes(bytes) });
      const row = uploader.locator('[part~="file-size"]');
      await row.waitFor();
      assert.equal(await row.textContent(), expected);

      await uploader.locator('[part~="upload-button"]').click();
      const summary = uploader.locator('[part~="summary-size"]');
      await summary.waitFor({ timeout: 90_000 });
      assert.equal(await summary.textContent(), expected);

      const listed = page.locator(`#uploads li[data-key$="${name}"] .size`);
      await listed.waitFor({ timeout: 60_000 });
      assert.equal(await listed.textContent(), expected);
      await page.close();
    });
  }
});
