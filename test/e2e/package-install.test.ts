// The packed tarball, installed into empty folders with only the commands README.md documents, the
// way a new user would: a browser-only Vite app (built, then driven in Chromium against the real
// upload handler) and a server-only Node app (serving the handler from the installed package, bytes
// checked in the bucket). The package checks (publint, are-the-types-wrong) run on the same tarball.
// Each install's size is printed; the browser-only one must carry neither the AWS SDK nor h3.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { Browser } from 'playwright';
import { startAppServer } from '../support/app-server.js';
import { collectPageProblems, launchBrowser } from '../support/browser.js';
import { run } from '../support/run-command.js';
import { runNodeTool } from '../support/node-tool.js';
import { getTestStorage } from '../support/storage.js';

const repository = resolve('.');
const lockfile = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { version: string }> };

/** The server's peers at the versions this repository tests, as README's one extra command names them. */
const SERVER_PEERS = ['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner', 'h3'].map(
  (name) => `${name}@${lockfile.packages[`node_modules/${name}`]!.version}`,
);

/** `npm install` as a user runs it, reusing the local cache so repeated runs stay fast. */
function npmInstall(cwd: string, specs: string[]): Promise<string> {
  return run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...specs], cwd);
}

/** An empty project folder, as `npm init -y` leaves it. */
function emptyProject(folder: string, name: string): string {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true, type: 'module' }, null, 2));
  return folder;
}

/** Bytes on disk under `folder` (`du`, so the figure matches what a user sees). */
async function diskUsage(folder: string): Promise<number> {
  const output = await run('du', ['-sk', folder], folder);
  return Number(output.split('\t')[0]) * 1024;
}

const mebibytes = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

/** Top-level package names installed in a project (scoped ones as `@scope/name`). */
function installedPackages(project: string): string[] {
  const modules = join(project, 'node_modules');
  return readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name]));
}

describe('the packed tarball installed into empty projects', () => {
  let work: string;
  let tarball: string;

  before(async () => {
    // npm test builds dist/ before the end-to-end suite; the tarball is packed from that build.
    assert.ok(existsSync('dist/browser/svc-uploader.js'), 'dist/ is built (node scripts/build.mjs)');
    work = mkdtempSync(join(tmpdir(), 'svc-package-install-'));
    const packed = JSON.parse(await run('npm', ['pack', '--json', '--pack-destination', work], repository)) as Array<{
      filename: string;
      size: number;
      unpackedSize: number;
      files: Array<{ path: string }>;
    }>;
    tarball = join(work, packed[0]!.filename);
    console.log(`tarball: ${mebibytes(packed[0]!.size)} packed, ${mebibytes(packed[0]!.unpackedSize)} unpacked, ${packed[0]!.files.length} files`);
  });
  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('ships the licence texts and no source maps', async () => {
    const listing = (await run('tar', ['-tzf', tarball], work)).split('\n');
    for (const file of ['package/LICENSE', 'package/THIRD_PARTY_NOTICES', 'package/CHANGELOG.md', 'package/README.md']) {
      assert.ok(listing.includes(file), `the tarball has ${file}`);
    }
    assert.deepEqual(
      listing.filter((file) => file.endsWith('.map')),
      [],
    );
  });

  it('passes publint', async () => {
    const output = await run(process.execPath, [join(repository, 'node_modules/publint/src/cli.js'), 'run', tarball, '--strict'], work);
    assert.match(output, /All good!/);
  });

  it('passes are-the-types-wrong for ESM consumers (Node and bundlers)', async () => {
    // The package is ESM-only, so CommonJS `require` resolutions are out of scope; the locale
    // wildcard is checked through one concrete locale.
    await run(
      process.execPath,
      [
        join(repository, 'node_modules/@arethetypeswrong/cli/dist/index.js'),
        tarball,
        '--profile',
        'esm-only',
        '--include-entrypoints',
        './locales/en',
        '--format',
        'ascii',
      ],
      work,
    );
  });

  describe('a browser-only Vite app', () => {
    let project: string;
    let browser: Browser;

    before(async () => {
      // README: `npm install svc-uploader` is all a browser app needs.
      project = emptyProject(join(work, 'browser-app'), 'browser-app');
      await npmInstall(project, [tarball]);
      console.log(`browser-only install: node_modules ${mebibytes(await diskUsage(join(project, 'node_modules')))}`);
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
    });

    it("carries neither the AWS SDK, h3, heic-to nor mocha's typings", () => {
      const installed = installedPackages(project);
      assert.ok(installed.includes('svc-uploader') && installed.includes('lit'));
      assert.deepEqual(
        installed.filter((name) => /^(@aws-sdk\/|@smithy\/|h3$|heic-to$|@types\/mocha$)/.test(name)),
        [],
      );
      // Lit is a range dependency: the app and the element share one copy.
      assert.equal(existsSync(join(project, 'node_modules/svc-uploader/node_modules/lit')), false);
    });

    /** Builds the app with `main` as its script, serves it with the real handler, picks `file`, uploads it. */
    async function buildAndUpload(main: string, attributes: string, file: { name: string; mimeType: string; buffer: Buffer }) {
      writeFileSync(
        join(project, 'index.html'),
        `<!doctype html>
<title>browser-only app</title>
<svc-uploader server-url="/api/upload" ${attributes}></svc-uploader>
<ul id="stored"></ul>
<script type="module" src="/main.js"></script>
`,
      );
      writeFileSync(
        join(project, 'main.js'),
        `${main}
document.querySelector('svc-uploader').addEventListener('svc-file-upload-complete', (event) => {
  const item = document.createElement('li');
  item.dataset.key = event.detail.key;
  item.textContent = event.detail.file.name;
  document.querySelector('#stored').append(item);
});
`,
      );
      // The repository's Vite builds the app: the app itself resolves svc-uploader and Lit from its
      // own node_modules, which is what this test is about.
      const outDir = join(project, 'dist');
      await runNodeTool(join(repository, 'node_modules/vite/bin/vite.js'), ['build', project, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error']);

      const server = await startAppServer(outDir);
      const page = await browser.newPage();
      try {
        const problems = collectPageProblems(page);
        await page.goto(server.url);
        await page.locator('svc-uploader input[type=file]').first().setInputFiles(file);
        await page
          .locator('svc-uploader')
          .getByRole('button', { name: /^upload/i })
          .click();
        const stored = page.locator('#stored li').first();
        await stored.waitFor({ timeout: 60_000 });
        const key = await stored.getAttribute('data-key');
        assert.ok(key, 'svc-file-upload-complete carried the stored key');
        assert.deepEqual(problems, []);
        const storage = await getTestStorage();
        const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
        return { name: await stored.textContent(), bytes: Buffer.from(await object.Body!.transformToByteArray()) };
      } finally {
        await page.close();
        await server.close();
      }
    }

    it('builds with Vite, registers the element and stores a picked file in the bucket', async () => {
      const bytes = randomBytes(150_000);
      const stored = await buildAndUpload(`import 'svc-uploader';`, '', { name: 'from-browser-app.bin', mimeType: 'application/octet-stream', buffer: bytes });
      assert.equal(stored.name, 'from-browser-app.bin');
      assert.deepEqual(stored.bytes, bytes);
    });

    it('converts HEIC photos once the app installs heic-to and imports svc-uploader/heic', async () => {
      // README: `npm install heic-to`, then `import 'svc-uploader/heic'` once.
      await npmInstall(project, [`heic-to@${lockfile.packages['node_modules/heic-to']!.version}`]);
      const photo = readFileSync('test/fixtures/heic/red-blue.heic');
      const stored = await buildAndUpload(`import 'svc-uploader';\nimport 'svc-uploader/heic';`, 'heic-conversion', {
        name: 'photo.heic',
        mimeType: 'image/heic',
        buffer: photo,
      });
      assert.equal(stored.name, 'photo.jpg');
      assert.deepEqual([...stored.bytes.subarray(0, 3)], [0xff, 0xd8, 0xff], 'the bucket holds a JPEG');
    });
  });

  describe('a server-only Node app', () => {
    let project: string;
    let app: ChildProcess | undefined;

    before(async () => {
      // README: the server adds its peers in the same command.
      project = emptyProject(join(work, 'server-app'), 'server-app');
      await npmInstall(project, [tarball, ...SERVER_PEERS]);
      console.log(`server install: node_modules ${mebibytes(await diskUsage(join(project, 'node_modules')))}`);
    });

    it("installs the handler's libraries and not the optional HEIC decoder", () => {
      const installed = installedPackages(project);
      for (const name of ['svc-uploader', '@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner', 'h3']) assert.ok(installed.includes(name), name);
      assert.equal(installed.includes('heic-to'), false);
    });
    after(() => {
      app?.kill();
    });

    it('serves the handler from the installed package and the bytes land in the bucket', async () => {
      const storage = await getTestStorage();
      writeFileSync(
        join(project, 'server.js'),
        `import { createServer } from 'node:http';
import { createUploadHandler } from 'svc-uploader/server';
import { toNodeListener } from 'svc-uploader/server/node';

const handler = createUploadHandler({
  storage: {
    type: 's3', bucket: process.env.S3_TEST_BUCKET, region: process.env.S3_TEST_REGION ?? 'us-east-1',
    endpoint: process.env.S3_TEST_ENDPOINT, forcePathStyle: true,
    credentials: { accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID, secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY },
  },
  uploadTokenSecret: 'server-only-app-upload-token-secret',
  allowAnonymousUploads: true,
});
const server = createServer(toNodeListener(handler)).listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));
`,
      );
      app = spawn(process.execPath, ['server.js'], {
        cwd: project,
        env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let errors = '';
      app.stderr!.on('data', (chunk) => {
        errors += chunk;
      });
      const port = await new Promise<number>((resolvePort, reject) => {
        app!.stdout!.on('data', (chunk: Buffer) => {
          const match = /listening (\d+)/.exec(String(chunk));
          if (match) resolvePort(Number(match[1]));
        });
        app!.once('exit', (code) => reject(new Error(`server.js exited with ${code}:\n${errors}`)));
      });

      const bytes = randomBytes(64_000);
      const presign = await fetch(`http://127.0.0.1:${port}/api/upload/presign`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'from-server-app.bin', type: 'application/octet-stream', size: bytes.length }),
      });
      assert.equal(presign.status, 200, await presign.clone().text());
      const { uploadUrl, key, uploadHeaders } = (await presign.json()) as { uploadUrl: string; key: string; uploadHeaders?: Record<string, string> };
      const put = await fetch(uploadUrl, { method: 'PUT', headers: uploadHeaders, body: bytes });
      assert.equal(put.status, 200, await put.text());

      const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
      assert.deepEqual(Buffer.from(await object.Body!.transformToByteArray()), bytes);
      assert.equal(errors, '');
    });
  });
});
