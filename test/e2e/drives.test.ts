import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { Browser } from 'playwright';
import { launchBrowser } from '../support/browser.js';
import { startDriveApp, SESSION_COOKIE, type DriveApp } from '../support/drive-app.js';
import { generatedBytes } from '../support/fake-drives/index.js';
import { getTestStorage } from '../support/storage.js';

/** Above the 5 MiB single-PUT threshold, so the server streams it as multipart parts. */
const DIAGRAM_SIZE = 7 * 1024 * 1024 + 123;
const DIAGRAM_SEED = 42;

declare global {
  interface Window {
    stored: Array<{ name: string; key: string; size: number }>;
  }
}

describe('cloud-drive import in Chromium (built bundle, real handler, fake Google Drive, real storage)', () => {
  let app: DriveApp;
  let browser: Browser;

  before(async () => {
    app = await startDriveApp();
    const { tree } = app.drives.byId.googleDrive;
    const projects = tree.addFolder('Projects');
    tree.addFile('diagram.bin', { size: DIAGRAM_SIZE, seed: DIAGRAM_SEED }, { parentId: projects.id, mimeType: 'application/octet-stream' });
    tree.addFile('notes.txt', { bytes: new TextEncoder().encode('notes\n') }, { mimeType: 'text/plain' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  it("signs in through the popup, browses, selects and imports; the bucket holds the bytes under the user's key", async () => {
    const storage = await getTestStorage();
    const user = `e2e-${randomBytes(4).toString('hex')}`;
    const context = await browser.newContext();
    await context.addCookies([{ name: SESSION_COOKIE, value: user, url: app.url }]);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    await page.goto(app.url);
    const uploader = page.locator('svc-uploader');
    await uploader.getByRole('button', { name: 'Add files from Google Drive' }).waitFor();
    assert.equal(
      scripts.some((path) => path.includes('drive-panel')),
      false,
      'the drive panel is not loaded before it is needed',
    );
    await uploader.getByRole('button', { name: 'Add files from Google Drive' }).click();
    const signIn = uploader.getByRole('button', { name: 'Sign in to Google Drive' });
    await signIn.waitFor();
    assert.equal(
      scripts.some((path) => path.includes('drive-panel')),
      true,
      'the drive panel arrives as its own chunk',
    );

    const popupOpened = context.waitForEvent('page');
    await signIn.click();
    const popup = await popupOpened;
    await popup.waitForEvent('close', { timeout: 20_000 });

    await uploader.getByRole('button', { name: 'Open folder Projects' }).click();
    await uploader.getByRole('checkbox', { name: /diagram\.bin/ }).check();
    await uploader.getByRole('button', { name: 'Add 1 file' }).click();
    await page.waitForFunction(() => window.stored.length === 1, undefined, { timeout: 60_000 });
    const [stored] = await page.evaluate(() => window.stored);

    assert.equal(stored!.name, 'diagram.bin');
    assert.equal(stored!.size, DIAGRAM_SIZE);
    assert.match(stored!.key, new RegExp(`^${user}/[0-9a-f-]{36}/diagram\\.bin$`), "the key follows the handler's key strategy for this user");
    const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: stored!.key }));
    const bytes = await object.Body!.transformToByteArray();
    assert.equal(bytes.length, DIAGRAM_SIZE);
    assert.ok(Buffer.from(bytes).equals(Buffer.from(generatedBytes(DIAGRAM_SIZE, DIAGRAM_SEED))), 'the bucket holds the drive file byte for byte');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
