import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { Browser } from 'playwright';
import { startAppServer } from '../support/app-server.js';
import { collectPageProblems, launchBrowser } from '../support/browser.js';
import { runNodeTool } from '../support/node-tool.js';
import { getTestStorage } from '../support/storage.js';

// Each example is built the way its README says (Vite, production mode) and served with the real
// upload handler; the assertions read what the app itself rendered from the element's events.
const examples = [
  { folder: 'vue', framework: 'Vue' },
  { folder: 'react', framework: 'React' },
  { folder: 'svelte', framework: 'Svelte' },
  { folder: 'angular', framework: 'Angular' },
];

describe('framework examples (built with Vite, real handler, real storage)', () => {
  let browser: Browser;
  let work: string;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'svc-examples-'));
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  for (const { folder, framework } of examples) {
    it(`${framework}: the app's bindings reach the element, its own listener renders the stored key, and the bucket holds the bytes`, async () => {
      const outDir = join(work, folder);
      await runNodeTool('node_modules/vite/bin/vite.js', ['build', `examples/${folder}`, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error']);
      const server = await startAppServer(outDir);
      const page = await browser.newPage();
      try {
        const problems = collectPageProblems(page);
        await page.goto(server.url);
        await page.getByRole('heading', { name: `svc-uploader in ${framework}` }).waitFor();
        // The number (maxFiles) and the object (maxFileSize) bound by the framework reached the
        // element: its limits hint says so (plural messages appear once intl-messageformat loads).
        const dropZone = page.locator('svc-uploader [part~="drop-zone"]');
        await dropZone.getByText('Up to 5 files').waitFor();
        await dropZone.getByText('Max. 50 MB per file').waitFor();

        const bytes = randomBytes(200_000);
        const fileName = `${folder}-example.bin`;
        await page.locator('svc-uploader input[type=file]').first().setInputFiles({ name: fileName, mimeType: 'application/octet-stream', buffer: bytes });
        await page
          .locator('svc-uploader')
          .getByRole('button', { name: /^upload/i })
          .click();

        const storedItem = page.locator('ul.stored-files li').filter({ hasText: fileName });
        await storedItem.waitFor({ timeout: 20_000 });
        const key = await storedItem.getAttribute('data-key');
        assert.ok(key, 'the app rendered the key from svc-file-upload-complete');
        assert.match(key, /^anon\//, 'the server chose the key');
        assert.equal(await storedItem.textContent(), `${fileName} → ${key}`);
        // The run's summary comes from the app's svc-files-upload-complete listener.
        await page.locator('p.run-summary', { hasText: '1 stored, 0 failed' }).waitFor();

        const storage = await getTestStorage();
        const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
        assert.deepEqual(Buffer.from(await object.Body!.transformToByteArray()), bytes);
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
        await server.close();
      }
    });
  }
});

describe('framework examples in TypeScript', () => {
  // Each example is checked by the checker its framework documents, against the built declarations
  // (svc-uploader resolves to dist/ through package.json, as in an app that installed the package).
  for (const folder of ['react', 'angular']) {
    it(`${folder}: type-checks with its own tsconfig against the built declarations`, async () => {
      await runNodeTool('node_modules/typescript/bin/tsc', ['-p', `examples/${folder}/tsconfig.json`]);
    });
  }

  it('vue: vue-tsc checks the templates against the shipped GlobalComponents typings', async () => {
    assert.ok(existsSync('dist/frameworks/vue.d.ts'), 'dist/ is built (node scripts/build.mjs)');
    await runNodeTool('node_modules/vue-tsc/bin/vue-tsc.js', ['-p', 'examples/vue/tsconfig.json']);
  });

  it('svelte: svelte-check checks the markup against the shipped SvelteHTMLElements typings', async () => {
    // svelte-check reports the typings of an unresolved `import 'svc-uploader'` as nothing at all,
    // so a missing build would pass silently: check it is there first.
    assert.ok(existsSync('dist/frameworks/svelte.d.ts'), 'dist/ is built (node scripts/build.mjs)');
    await runNodeTool('node_modules/svelte-check/bin/svelte-check', [
      '--workspace',
      'examples/svelte',
      '--tsconfig',
      './tsconfig.json',
      '--fail-on-warnings',
      '--output',
      'human',
    ]);
  });
});
