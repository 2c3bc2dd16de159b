// What the host hears of each stored object, through the built element, the real handler and
// Ceph RGW: every stored object is confirmed exactly once (a small file, confirmed in the
// background by a handler without a verdict; a multipart file), a verdict that takes a while
// shows the file as being checked (single and multipart), a refused file leaves nothing in the
// bucket and reads as blocked with the reason, and a reload while a file is being checked
// confirms the stored object instead of storing the file again.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Browser, Page } from 'playwright';
import { createUploadHandler, UpupError, type UploadHandler, type VerifyUploadContext } from '../../server/index.js';
import { startStaticServer, type AppServer } from '../support/app-server.js';
import { collectPageProblems, launchBrowser } from '../support/browser.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';

const EICAR = String.raw`X5O!P%@AP[4\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*`;
const MULTIPART = JSON.stringify({ protocol: 'multipart', thresholdBytes: 5 * 1024 * 1024, chunkSizeBytes: 5 * 1024 * 1024 });
const MARKERS = '.svc-uploader/';
/** Seconds of slack for a loaded 2-core machine: a watchdog, never a measure. */
const WAIT = { timeout: 60_000 };

function page(serverUrl: string, attributes = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>confirmed uploads</title>
<script type="module" src="./svc-uploader/svc-uploader.js"></script></head>
<body><svc-uploader server-url="${serverUrl}" auto-upload resumable='${MULTIPART}' ${attributes}></svc-uploader></body></html>`;
}

/** A gate a slow verdict waits at until the test opens it. */
function createGate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('confirmed uploads through the built element (Ceph RGW)', { timeout: 600_000 }, () => {
  let storage: TestStorage;
  let bucket: string;
  let server: AppServer;
  let browser: Browser;
  let folder: string;
  /** onFileUploaded calls by stored key. */
  const uploaded = new Map<string, number>();
  const verdicts: string[] = [];
  let slowGate = createGate();
  let hookGate = createGate();
  /** The handler's /complete cannot be reached (an outage in front of it). */
  let completeOutage = false;

  async function firstBytes(upload: VerifyUploadContext): Promise<string> {
    const object = await storage.client.send(new GetObjectCommand({ Bucket: upload.storage.bucket, Key: upload.key, Range: 'bytes=0-127' }));
    return object.Body!.transformToString();
  }

  function handler(verdict: boolean): UploadHandler {
    return createUploadHandler({
      storage: storage.storageConfig(bucket),
      uploadTokenSecret: 'confirmed-uploads-e2e-token-secret',
      allowAnonymousUploads: true,
      // The file name in the key: the slow verdict picks its files by it.
      keyStrategy: ({ safeName }) => `uploads/${randomUUID()}/${safeName}`,
      hooks: {
        ...(verdict
          ? {
              verifyUpload: async (upload: VerifyUploadContext) => {
                verdicts.push(upload.key);
                if ((await firstBytes(upload)).includes('EICAR-STANDARD-ANTIVIRUS-TEST-FILE')) {
                  throw new UpupError('EICAR test signature found', 'MALWARE_FOUND', { status: 403 });
                }
                if (upload.key.includes('slow-')) await slowGate.opened;
                return true;
              },
            }
          : {}),
        onFileUploaded: async ({ key }) => {
          if (key.includes('held-')) await hookGate.opened;
          uploaded.set(key, (uploaded.get(key) ?? 0) + 1);
        },
      },
    });
  }

  /** Every upload key in the bucket (the completion markers left out). */
  async function storedKeys(): Promise<string[]> {
    const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (listed.Contents ?? [])
      .map((object) => object.Key!)
      .filter((key) => !key.startsWith(MARKERS))
      .sort();
  }

  before(async () => {
    storage = await getTestStorage();
    bucket = await storage.createBucket('confirmed');
    folder = mkdtempSync(join(tmpdir(), 'svc-confirmed-uploads-'));
    cpSync('dist/browser', join(folder, 'svc-uploader'), { recursive: true });
    writeFileSync(join(folder, 'plain.html'), page('/api/plain'));
    writeFileSync(join(folder, 'verified.html'), page('/api/verified', 'crash-recovery persistence-key="e2e-user"'));
    writeFileSync(join(folder, 'one-at-a-time.html'), page('/api/verified', 'max-concurrent-uploads="1"'));
    const handlers: Record<string, UploadHandler> = { plain: handler(false), verified: handler(true) };
    server = await startStaticServer(folder, (request) => {
      const { pathname } = new URL(request.url);
      if (completeOutage && pathname.endsWith('/complete')) return Response.json({ error: 'Service unavailable' }, { status: 503 });
      const [, api, name] = pathname.split('/');
      const target = api === 'api' ? handlers[name!] : undefined;
      return target ? target(request) : new Response('Not found', { status: 404 });
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // Each test starts from an empty bucket and counts its own hooks.
    for (const key of await storedKeys()) await storage.client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    uploaded.clear();
    verdicts.length = 0;
    slowGate = createGate();
    hookGate = createGate();
    completeOutage = false;
  });

  async function open(path: string): Promise<{ page: Page; problems: string[] }> {
    const opened = await browser.newPage();
    const problems = collectPageProblems(opened);
    await opened.goto(`${server.url}${path}`);
    await opened.waitForFunction(() => customElements.get('svc-uploader') !== undefined);
    return { page: opened, problems };
  }

  const pick = (target: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) =>
    target.locator('svc-uploader input[part="file-input"]').setInputFiles(files, WAIT);

  /** The element's files by name: state, stored key and the failure's server text. */
  const filesOf = (target: Page) =>
    target.evaluate(() =>
      document
        .querySelector('svc-uploader')!
        .files.map((file) => ({ name: file.name, state: file.state, key: file.result?.key, error: file.error?.serverMessage })),
    );

  async function waitForStates(target: Page, states: Record<string, string>): Promise<void> {
    await target.waitForFunction(
      (wanted) => {
        const files = document.querySelector('svc-uploader')?.files ?? [];
        return Object.entries(wanted).every(([name, state]) => files.some((file) => file.name === name && file.state === state));
      },
      states,
      WAIT,
    );
  }

  const row = (target: Page, name: string) => target.locator('svc-uploader [part~="file"]').filter({ hasText: name });

  it('confirms a small file and a multipart file exactly once each; the bucket holds exactly those objects', async () => {
    const { page: plain, problems } = await open('/plain.html');
    try {
      await pick(plain, [
        { name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('a small note') },
        { name: 'film.bin', mimeType: 'application/octet-stream', buffer: randomBytes(6 * 1024 * 1024) },
      ]);
      await waitForStates(plain, { 'note.txt': 'successful', 'film.bin': 'successful' });
      const keys = (await filesOf(plain)).map((file) => file.key!).sort();
      // The small file counted at its PUT; its confirmation reaches the handler behind it.
      await waitUntil(() => keys.every((key) => uploaded.has(key)));
      assert.deepEqual(await storedKeys(), keys);
      assert.deepEqual(
        keys.map((key) => uploaded.get(key)),
        [1, 1],
      );
      assert.equal(await row(plain, 'note.txt').locator('[part~="file-status"]').count(), 1);
      assert.deepEqual(problems, []);
    } finally {
      await plain.close();
    }
  });

  it('without a verdict, shows a small file uploaded at its PUT while the hooks still run; they run once after', async () => {
    const { page: plain, problems } = await open('/plain.html');
    try {
      await pick(plain, [{ name: 'held-note.txt', mimeType: 'text/plain', buffer: Buffer.from('confirmed behind the user') }]);
      await waitForStates(plain, { 'held-note.txt': 'successful' });
      assert.equal(uploaded.size, 0, 'the hook is still held');
      const [file] = await filesOf(plain);
      assert.deepEqual(await storedKeys(), [file!.key]);
      hookGate.open();
      await waitUntil(() => uploaded.has(file!.key!));
      // What the page kept until the handler answered is gone once it did.
      await plain.waitForFunction(() => !Object.keys(localStorage).some((key) => key.startsWith('svc-uploader:confirm:')), undefined, WAIT);
      assert.deepEqual([...uploaded], [[file!.key, 1]]);
      assert.deepEqual(problems, []);
    } finally {
      await plain.close();
    }
  });

  it('a confirmation the page could not deliver is sent by the next page of the same uploader', async () => {
    const context = await browser.newContext();
    try {
      const first = await context.newPage();
      completeOutage = true;
      await first.goto(`${server.url}/plain.html`);
      await pick(first, [{ name: 'orphan-note.txt', mimeType: 'text/plain', buffer: Buffer.from('confirmed by the next page') }]);
      await waitForStates(first, { 'orphan-note.txt': 'successful' });
      const [file] = await filesOf(first);
      await first.close({ runBeforeUnload: true });
      assert.equal(uploaded.size, 0, 'no confirmation got through');

      completeOutage = false;
      const next = await context.newPage();
      await next.goto(`${server.url}/plain.html`);
      await waitUntil(() => uploaded.has(file!.key!));
      await next.waitForFunction(() => !Object.keys(localStorage).some((key) => key.startsWith('svc-uploader:confirm:')), undefined, WAIT);
      assert.deepEqual([...uploaded], [[file!.key, 1]]);
      assert.deepEqual(await storedKeys(), [file!.key]);
    } finally {
      await context.close();
    }
  });

  it('a file being checked gives its upload slot to the next file', async () => {
    const { page: oneAtATime, problems } = await open('/one-at-a-time.html');
    try {
      await pick(oneAtATime, [
        { name: 'slow-first.txt', mimeType: 'text/plain', buffer: Buffer.from('first') },
        { name: 'slow-second.txt', mimeType: 'text/plain', buffer: Buffer.from('second') },
      ]);
      // One upload at a time, yet both are being checked at once: the second was sent meanwhile.
      await waitForStates(oneAtATime, { 'slow-first.txt': 'checking', 'slow-second.txt': 'checking' });
      slowGate.open();
      await waitForStates(oneAtATime, { 'slow-first.txt': 'successful', 'slow-second.txt': 'successful' });
      assert.equal(uploaded.size, 2);
      assert.deepEqual(problems, []);
    } finally {
      await oneAtATime.close();
    }
  });

  it('shows a slow verdict as checking, single and multipart, then stored; a refused file is blocked with the reason and leaves no object', async () => {
    const { page: verified, problems } = await open('/verified.html');
    try {
      await pick(verified, [
        { name: 'slow-note.txt', mimeType: 'text/plain', buffer: Buffer.from('scanned slowly') },
        { name: 'slow-film.bin', mimeType: 'application/octet-stream', buffer: randomBytes(6 * 1024 * 1024) },
        { name: 'eicar.txt', mimeType: 'text/plain', buffer: Buffer.from(EICAR) },
      ]);
      await waitForStates(verified, { 'slow-note.txt': 'checking', 'slow-film.bin': 'checking', 'eicar.txt': 'failed' });
      await row(verified, 'slow-film.bin').and(verified.locator('[part~="file-checking"]')).waitFor(WAIT);
      assert.match((await row(verified, 'slow-film.bin').locator('[part~="file-status"]').textContent()) ?? '', /Checking/);
      const blocked = row(verified, 'eicar.txt');
      // The engine's state leads the rendered row by up to one render (paced): read the row once it shows the failure.
      await blocked.and(verified.locator('[part~="file-failed"]')).waitFor(WAIT);
      assert.match((await blocked.locator('[part~="file-status"]').textContent()) ?? '', /Blocked/);
      assert.match((await blocked.locator('[part~="file-error"]').textContent()) ?? '', /The server blocked this file: EICAR test signature found/);
      assert.equal(uploaded.size, 0, 'no hook ran before the verdict');

      slowGate.open();
      await waitForStates(verified, { 'slow-note.txt': 'successful', 'slow-film.bin': 'successful' });
      const keys = (await filesOf(verified))
        .filter((file) => file.state === 'successful')
        .map((file) => file.key!)
        .sort();
      assert.deepEqual(await storedKeys(), keys, 'the refused object is gone, the accepted ones stay');
      assert.deepEqual(
        keys.map((key) => uploaded.get(key)),
        [1, 1],
      );
      assert.equal(uploaded.size, 2);
      // The refusal is the one failed request the page saw.
      assert.deepEqual(problems, ['Failed to load resource: the server responded with a status of 403 ()']);
    } finally {
      await verified.close();
    }
  });

  it('a reload while a file is being checked confirms the stored object: one object, one onFileUploaded', async () => {
    const { page: verified } = await open('/verified.html');
    try {
      await pick(verified, [{ name: 'slow-reload.txt', mimeType: 'text/plain', buffer: Buffer.from('checked across a reload') }]);
      await waitForStates(verified, { 'slow-reload.txt': 'checking' });
      await waitUntil(() => verdicts.length === 1);
      await verified.evaluate(() => document.querySelector('svc-uploader')!.engine!.whenPersisted());
      await verified.reload();
      await verified.waitForFunction(() => customElements.get('svc-uploader') !== undefined);
      await verified.waitForFunction(() => document.querySelector('svc-uploader')?.files.some((file) => file.name === 'slow-reload.txt'), undefined, WAIT);
      slowGate.open();
      await waitForStates(verified, { 'slow-reload.txt': 'successful' });
      const [file] = await filesOf(verified);
      assert.deepEqual(await storedKeys(), [file!.key]);
      assert.deepEqual([...uploaded], [[file!.key, 1]]);
    } finally {
      await verified.close();
    }
  });
});

/** Polls a condition in this process (the handler's hooks), with a watchdog of seconds. */
async function waitUntil(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
