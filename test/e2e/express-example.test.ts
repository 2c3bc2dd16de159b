import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { Browser } from 'playwright';
import { collectPageProblems, launchBrowser } from '../support/browser.js';
import { exampleStorageEnv, getTestStorage } from '../support/storage.js';

// examples/express/server.mjs runs as its README says (`node server.mjs` with S3_* variables), against
// the test storage and the built package; Chromium opens the page it serves and uploads through it.

interface RunningExample {
  url: string;
  stop(): Promise<void>;
}

/**
 * A copy of the example as `npm install` leaves it: its `file:../..` dependency is a link to the
 * package (built into dist/), and express comes from the repository's own pinned devDependency.
 */
function installExample(work: string): string {
  const repo = resolve('.');
  mkdirSync(join(work, 'node_modules'));
  copyFileSync('examples/express/server.mjs', join(work, 'server.mjs'));
  copyFileSync('examples/express/package.json', join(work, 'package.json'));
  symlinkSync(repo, join(work, 'node_modules', 'svc-uploader'), 'dir');
  symlinkSync(join(repo, 'node_modules', 'express'), join(work, 'node_modules', 'express'), 'dir');
  return join(work, 'server.mjs');
}

async function startExpressExample(work: string): Promise<RunningExample> {
  const storage = await getTestStorage();
  const child: ChildProcess = spawn(process.execPath, [installExample(work)], {
    env: {
      ...process.env,
      PORT: '0',
      ...exampleStorageEnv(storage),
      UPLOAD_TOKEN_SECRET: 'express-example-upload-token-secret',
      ALLOW_ANONYMOUS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes(text)) resolve();
      };
      check();
      child.stdout!.on('data', check);
      child.once('exit', (code) => reject(new Error(`the Express example exited with ${code}:\n${output}`)));
    });
  await printed('listening on ');
  const port = /listening on http:\/\/localhost:(\d{1,5})/.exec(output)?.[1];
  assert.ok(port, output);
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill();
      await once(child, 'exit');
    },
  };
}

describe('Express example (node examples/express/server.mjs, real storage)', { timeout: 120_000 }, () => {
  let browser: Browser;
  let example: RunningExample;
  let work: string;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'svc-express-example-'));
    browser = await launchBrowser();
    example = await startExpressExample(work);
  });
  after(async () => {
    await browser?.close();
    await example?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('serves a page whose element registers (chunks and worker included), uploads a chosen file and stores its bytes', { timeout: 60_000 }, async () => {
    const page = await browser.newPage();
    try {
      const problems = collectPageProblems(page);
      await page.goto(example.url);
      await page.locator('svc-uploader [part~="drop-zone"]').waitFor();
      assert.equal(await page.evaluate(() => customElements.get('svc-uploader') !== undefined), true);

      const bytes = randomBytes(150_000);
      const fileName = 'express-example.bin';
      await page.locator('svc-uploader input[type=file]').first().setInputFiles({ name: fileName, mimeType: 'application/octet-stream', buffer: bytes });
      const completed = page.evaluate(
        () =>
          new Promise<string>((resolve, reject) => {
            const uploader = document.querySelector('svc-uploader')!;
            uploader.addEventListener('svc-file-upload-complete', (event) => resolve((event as CustomEvent<{ key: string }>).detail.key), { once: true });
            uploader.addEventListener('svc-error', (event) => reject(new Error(JSON.stringify((event as CustomEvent).detail))), { once: true });
          }),
      );
      await page
        .locator('svc-uploader')
        .getByRole('button', { name: /^upload/i })
        .click();
      const key = await completed;
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
