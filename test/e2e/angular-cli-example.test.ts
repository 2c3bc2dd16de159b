// examples/angular-cli (an `ng new --minimal` app: standalone, zoneless, the application builder)
// as a user runs it: its own dependencies from its lockfile (cached between runs), svc-uploader from
// the packed tarball, `ng build --stats-json`. The build must not warn about CommonJS (tus-js-client
// used to bring url-parse), and the initial chunks (main and what it imports statically) must hold
// neither tus nor the upload engine, which the element loads later; their gzip size is printed.
// Then the built app is served with the real handler and one file goes through it into the bucket.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { Browser } from 'playwright';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { collectPageProblems, launchBrowser } from '../support/browser.js';
import { createExampleApp, packLibrary } from '../support/example-install.js';
import { getTestStorage } from '../support/storage.js';

const execFileAsync = promisify(execFile);

/** esbuild's metafile, which `ng build --stats-json` writes as stats.json. */
interface Metafile {
  outputs: Record<string, { imports: Array<{ path: string; kind: string }>; inputs: Record<string, { bytesInOutput: number }> }>;
}

/** The chunks a page loads before any lazy one: main and everything it imports statically. */
function initialChunks(metafile: Metafile): string[] {
  const main = Object.keys(metafile.outputs).find((output) => /(^|\/)main-[^/]+\.js$/.test(output));
  assert.ok(main, 'the build has a main chunk');
  const found = new Set<string>();
  const pending = [main];
  while (pending.length > 0) {
    const chunk = pending.pop()!;
    if (found.has(chunk)) continue;
    found.add(chunk);
    for (const entry of metafile.outputs[chunk]?.imports ?? []) if (entry.kind === 'import-statement') pending.push(entry.path);
  }
  return [...found];
}

/** Modules the element loads only when needed: tus (with what it bundles) and the engine's core. */
const LAZY_MODULES = /svc-uploader\/dist\/engine\/(vendor\/tus-js-client|engine|upload-queue|multipart-session)\.js$|node_modules\/(tus-js-client|url-parse)\//;

describe('examples/angular-cli (ng build, real handler, real storage)', () => {
  let work: string;
  let app: string | undefined;
  let buildOutput = '';
  let server: AppServer | undefined;
  let browser: Browser | undefined;

  before(async () => {
    assert.ok(existsSync('dist/browser/svc-uploader.js'), 'dist/ is built (node scripts/build.mjs)');
    work = mkdtempSync(join(tmpdir(), 'svc-angular-cli-example-'));
    app = await createExampleApp('angular-cli', await packLibrary(work));

    const started = Date.now();
    // Both streams, as a terminal shows them: a warning on either one counts.
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      [join(app, '..', 'node_modules', '@angular', 'cli', 'bin', 'ng.js'), 'build', '--stats-json'],
      {
        cwd: app,
        env: { ...process.env, NG_CLI_ANALYTICS: 'false', NO_COLOR: '1' },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`ng build failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`, { cause: error });
    });
    buildOutput = `${stdout}\n${stderr}`;
    console.log(`ng build: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    if (app) rmSync(app, { recursive: true, force: true });
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('builds without a CommonJS warning and keeps tus and the engine out of the initial chunks', () => {
    assert.doesNotMatch(buildOutput, /is not ESM|CommonJS or AMD dependencies/);
    assert.doesNotMatch(buildOutput, /WARNING/);

    const output = join(app!, 'dist', 'angular-cli-example');
    const metafile = JSON.parse(readFileSync(join(output, 'stats.json'), 'utf8')) as Metafile;
    const initial = initialChunks(metafile);
    const lazyInInitial = initial.flatMap((chunk) => Object.keys(metafile.outputs[chunk]!.inputs).filter((input) => LAZY_MODULES.test(input)));
    assert.deepEqual(lazyInInitial, [], 'no lazy module in an initial chunk');
    // They are in the build, in chunks of their own: the check above looked for something real.
    const everywhere = Object.values(metafile.outputs).flatMap((chunk) => Object.keys(chunk.inputs));
    assert.ok(
      everywhere.some((input) => input.endsWith('svc-uploader/dist/engine/vendor/tus-js-client.js')),
      'the tus chunk is built',
    );
    assert.ok(
      everywhere.some((input) => input.endsWith('svc-uploader/dist/engine/core/engine.js')),
      'the engine chunk is built',
    );

    const element = initial
      .flatMap((chunk) => Object.entries(metafile.outputs[chunk]!.inputs))
      .filter(([input]) => /node_modules\/(svc-uploader|lit|lit-html|lit-element|@lit)\//.test(input))
      .reduce((sum, [, { bytesInOutput }]) => sum + bytesInOutput, 0);
    const gzip = initial.reduce((sum, chunk) => sum + gzipSync(readFileSync(join(output, 'browser', chunk))).length, 0);
    console.log(
      `initial chunks: ${initial.length}, ${(gzip / 1024).toFixed(1)} KiB gzip in all (Angular included); svc-uploader and Lit in them: ${(element / 1024).toFixed(1)} KiB minified`,
    );
    console.log(`ng build says: ${/Initial total.*$/m.exec(buildOutput)?.[0].replace(/\s*\|\s*/g, ' | ') ?? '(no initial total)'}`);
  });

  it('the built app stores a chosen file in the bucket', async () => {
    server = await startAppServer(join(app!, 'dist', 'angular-cli-example', 'browser'));
    const page = await browser!.newPage();
    try {
      const problems = collectPageProblems(page);
      await page.goto(server.url);
      await page.getByRole('heading', { name: 'svc-uploader in an Angular CLI app' }).waitFor();
      const bytes = randomBytes(120_000);
      await page
        .locator('svc-uploader input[type=file]')
        .first()
        .setInputFiles({ name: 'from-angular-cli.bin', mimeType: 'application/octet-stream', buffer: bytes });
      await page
        .locator('svc-uploader')
        .getByRole('button', { name: /^upload/i })
        .click();
      await page.locator('p.run-summary', { hasText: '1 stored, 0 failed' }).waitFor({ timeout: 60_000 });
      const key = await page.locator('ul.stored-files li').filter({ hasText: 'from-angular-cli.bin' }).getAttribute('data-key');
      assert.ok(key, 'the page rendered the key from svc-file-upload-complete');
      const storage = await getTestStorage();
      const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
      assert.deepEqual(Buffer.from(await object.Body!.transformToByteArray()), bytes);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
});
