// examples/nuxt as a user runs it: its own dependencies from its lockfile (cached between runs),
// svc-uploader from the packed tarball, `nuxt build` (Nuxt 4 needs Node 22 or later; `npm test` and
// scripts/with-storage.mjs run on Node 24 where the machine's Node is older), then
// `node .output/server/index.mjs` against the test storage. Chromium opens the page Nuxt
// serves and uploads one small file (one presigned PUT) and one multipart-sized file through the
// handler mounted in the Nitro route; the bucket must hold exactly their bytes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import type { Browser } from 'playwright';
import { collectPageProblems, launchBrowser } from '../support/browser.js';
import { createExampleApp, packLibrary } from '../support/example-install.js';
import { run } from '../support/run-command.js';
import { startServerProcess, type ServerProcess } from '../support/node-server-process.js';
import { getTestStorage } from '../support/storage.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const MiB = 1024 * 1024;

describe('examples/nuxt (Nuxt 4 built and served by Node, real handler, real storage)', () => {
  let work: string;
  let app: string | undefined;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;

  before(async () => {
    assert.ok(existsSync('dist/browser/svc-uploader.js'), 'dist/ is built (node scripts/build.mjs)');
    const node = process.execPath;
    assert.ok(
      Number(process.versions.node.split('.')[0]) >= 22,
      `Nuxt 4 builds on Node 22 or later, and this runs on ${process.version}: run it through npm test or scripts/with-storage.mjs, which move to Node 24`,
    );
    work = mkdtempSync(join(tmpdir(), 'svc-nuxt-example-'));
    app = await createExampleApp('nuxt', await packLibrary(work));

    const started = Date.now();
    await run(node, [join(app, '..', 'node_modules', 'nuxt', 'bin', 'nuxt.mjs'), 'build'], app, { NUXT_TELEMETRY_DISABLED: '1', CI: '1' });
    console.log(`nuxt build (Node ${process.version}): ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const storage = await getTestStorage();
    server = await startServerProcess(node, join(app, '.output', 'server', 'index.mjs'), app, {
      // What examples/nuxt/README.md tells a user to set, pointed at the test storage.
      NUXT_S3_TYPE: 's3',
      NUXT_S3_BUCKET: storage.bucket,
      NUXT_S3_REGION: storage.region,
      NUXT_S3_ENDPOINT: storage.endpoint,
      AWS_ACCESS_KEY_ID: storage.accessKeyId,
      AWS_SECRET_ACCESS_KEY: storage.secretAccessKey,
      NUXT_UPLOAD_TOKEN_SECRET: 'nuxt-example-upload-token-secret',
      NUXT_ALLOW_ANONYMOUS: '1',
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

  it('the page Nuxt serves uploads a small file in one PUT and a 12 MiB file in parts, and the bucket holds their bytes', async () => {
    const page = await browser!.newPage();
    try {
      const problems = collectPageProblems(page);
      await page.goto(server!.url);
      await page.getByRole('heading', { name: 'svc-uploader in Nuxt' }).waitFor();

      const small = { name: 'nuxt-small.bin', mimeType: 'application/octet-stream', buffer: randomBytes(200_000) };
      const large = { name: 'nuxt-multipart.bin', mimeType: 'application/octet-stream', buffer: randomBytes(12 * MiB) };
      await page.locator('svc-uploader input[type=file]').first().setInputFiles([small, large]);
      await page
        .locator('svc-uploader')
        .getByRole('button', { name: /^upload/i })
        .click();
      await page.locator('p.run-summary', { hasText: '2 stored, 0 failed' }).waitFor({ timeout: 120_000 });

      const storage = await getTestStorage();
      for (const file of [small, large]) {
        const key = await page.locator('ul.stored-files li').filter({ hasText: file.name }).getAttribute('data-key');
        assert.ok(key, `the page rendered the key of ${file.name} from svc-file-upload-complete`);
        const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
        assert.equal(sha256(await object.Body!.transformToByteArray()), sha256(file.buffer), `${file.name}: the bucket holds its bytes`);
      }
      // A multipart object's ETag ends with its part count; a single PUT's has none.
      const largeKey = (await page.locator('ul.stored-files li').filter({ hasText: large.name }).getAttribute('data-key'))!;
      const smallKey = (await page.locator('ul.stored-files li').filter({ hasText: small.name }).getAttribute('data-key'))!;
      assert.match((await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: largeKey }))).ETag ?? '', /-2"$/);
      assert.doesNotMatch((await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: smallKey }))).ETag ?? '', /-\d+"$/);
      const pending = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: largeKey }));
      assert.deepEqual(pending.Uploads ?? [], [], 'no multipart upload is left open');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
});
