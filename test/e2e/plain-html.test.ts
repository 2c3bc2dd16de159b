import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { collectPageProblems } from '../support/browser.js';
import { useBuiltApp } from '../support/built-app.js';
import { getTestStorage } from '../support/storage.js';

// The no-build path as examples/plain-html/README.md describes it: the package's dist/browser/ and
// dist/locales/*.js copied into a static folder next to the page, served as they are (no bundler,
// no import map) with the real upload handler on the same origin.
function layOutStaticFolder(work: string): void {
  cpSync('dist/browser', join(work, 'svc-uploader'), { recursive: true });
  mkdirSync(join(work, 'locales'));
  for (const file of readdirSync('dist/locales').filter((name) => name.endsWith('.js'))) {
    copyFileSync(join('dist/locales', file), join(work, 'locales', file));
  }
  copyFileSync('examples/plain-html/index.html', join(work, 'index.html'));
}

describe('plain HTML page without a bundler (dist/browser + a locale by URL)', { timeout: 120_000 }, () => {
  const app = useBuiltApp('svc-plain-html-', layOutStaticFolder);

  it('shows the element in German and stores a chosen file in the bucket', { timeout: 60_000 }, async () => {
    const page = await app.browser.newPage();
    try {
      const problems = collectPageProblems(page);
      await page.goto(app.server.url);
      const uploader = page.locator('svc-uploader');
      await uploader.locator('[part~="drop-zone"]').getByText('Dateien hierher ziehen und ablegen').waitFor();

      const bytes = randomBytes(150_000);
      const fileName = 'plain-html.bin';
      await uploader.locator('input[type=file]').first().setInputFiles({ name: fileName, mimeType: 'application/octet-stream', buffer: bytes });
      await uploader.getByRole('button', { name: '1 Datei hochladen' }).click();

      const storedItem = page.locator('ul.stored-files li').filter({ hasText: fileName });
      await storedItem.waitFor({ timeout: 20_000 });
      const key = await storedItem.getAttribute('data-key');
      assert.ok(key, 'the page rendered the key from svc-file-upload-complete');
      assert.match(key, /^anon\//, 'the server chose the key');

      const storage = await getTestStorage();
      const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
      assert.deepEqual(Buffer.from(await object.Body!.transformToByteArray()), bytes);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
});
