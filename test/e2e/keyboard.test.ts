import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { FileChooser, Page } from 'playwright';
import type { PresignedUrlResponse } from '../../protocol/wire.js';
import { useDemoInBrowser } from '../support/demo.js';
import { recordHandlerAnswers, type HandlerAnswers } from '../support/handler-answers.js';
import { getTestStorage } from '../support/storage.js';

/** The `part` of the control that has focus inside the uploader (null outside it). */
function focusedPart(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector('svc-uploader')?.shadowRoot?.activeElement?.getAttribute('part') ?? null);
}

function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.querySelector('svc-uploader')?.shadowRoot?.activeElement;
    return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? null;
  });
}

/** Presses Tab (or Shift+Tab) until the focused control matches, as a keyboard user would. */
async function tabTo(page: Page, matches: (part: string, label: string) => boolean, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press(key);
    const part = await focusedPart(page);
    if (part && matches(part, (await focusedLabel(page)) ?? '')) return;
  }
  throw new Error('the control was never reached with the keyboard');
}

/** A `width`×`height` PNG, red on its left half and blue on its right. */
function twoColourPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  // Each row: filter byte 0, then the pixels.
  const row = Buffer.concat([Buffer.from([0]), ...Array.from({ length: width }, (_, x) => Buffer.from(x < width / 2 ? [255, 0, 0] : [0, 0, 255]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Width and height from a PNG's header. */
function pngSize(bytes: Buffer): [number, number] {
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

const listedNames = (page: Page) => page.locator('svc-uploader').locator('[part~="file-name"]').allTextContents();
/** The engine's list leads its rendered rows by up to one (paced) render: wait for the rows themselves. */
const rowsShown = (page: Page, count: number) =>
  page.waitForFunction((n) => document.querySelector('svc-uploader')!.shadowRoot!.querySelectorAll('[part~="file-name"]').length === n, count);

describe('demo page with the keyboard only (built bundle, real handler, real storage)', () => {
  const demo = useDemoInBrowser();

  /** The demo page, with its errors and the handler's /presign answers (the object keys it hands out) recorded. */
  async function openDemo(): Promise<{ page: Page; pageErrors: string[]; presigns: HandlerAnswers<PresignedUrlResponse>; chooser: Promise<FileChooser> }> {
    const page = await demo.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const presigns = await recordHandlerAnswers<PresignedUrlResponse>(page, '/api/upload/presign');
    // Listening before the page loads turns on Playwright's file-chooser interception early: set
    // up only just before the key press, it can lose the race and the native dialog opens instead.
    const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
    await page.goto(demo.demoUrl());
    await page.locator('svc-uploader').waitFor();
    return { page, pageErrors, presigns, chooser };
  }

  it('selects files, removes one, uploads the rest and removes an uploaded one, never touching the mouse', async () => {
    const storage = await getTestStorage();
    const { page, pageErrors, presigns, chooser } = await openDemo();

    const files = ['first.bin', 'second.bin', 'dropped.bin'].map((name) => ({ name, mimeType: 'application/octet-stream', buffer: randomBytes(50_000) }));
    await tabTo(page, (part) => part.includes('browse-button'));
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(files);
    await page.locator('svc-uploader').locator('[part~="file"]').nth(2).waitFor();
    assert.deepEqual(await listedNames(page), ['first.bin', 'second.bin', 'dropped.bin']);

    await tabTo(page, (part, label) => part.includes('file-remove') && label === 'Remove dropped.bin');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('svc-uploader')!.files.length === 2);
    await rowsShown(page, 2);
    assert.deepEqual(await listedNames(page), ['first.bin', 'second.bin']);
    // Focus stayed in the uploader, on the Remove button of the file before.
    assert.equal(await focusedLabel(page), 'Remove second.bin');

    await tabTo(page, (part) => part.includes('upload-button'));
    assert.equal(await focusedLabel(page), 'Upload 2 files');
    await page.keyboard.press('Enter');
    await page.locator('svc-uploader').locator('[part~="summary"]').waitFor({ timeout: 30_000 });
    const keys = presigns.bodies.map((answer) => answer.key);
    assert.equal(keys.length, 2);
    for (const [index, key] of keys.entries()) {
      await page.locator(`#uploads li[data-key="${key}"]`).waitFor({ timeout: 60_000 });
      const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
      const expected = files.find((file) => key.endsWith(file.name))!;
      assert.ok(expected, `key ${index} names one of the files: ${key}`);
      assert.deepEqual(Buffer.from(await object.Body!.transformToByteArray()), expected.buffer);
    }

    await tabTo(page, (part, label) => part.includes('file-remove') && label === 'Remove first.bin', 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('svc-uploader')!.files.length === 1);
    await rowsShown(page, 1);
    assert.deepEqual(await listedNames(page), ['second.bin']);
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it('edits a photo (rotates it) and uploads the edit, never touching the mouse', async () => {
    const storage = await getTestStorage();
    const { page, pageErrors, presigns, chooser } = await openDemo();

    await tabTo(page, (part) => part.includes('browse-button'));
    await page.keyboard.press('Enter');
    await (await chooser).setFiles([{ name: 'photo.png', mimeType: 'image/png', buffer: twoColourPng(40, 20) }]);
    await tabTo(page, (part, label) => part.includes('file-edit') && label === 'Edit photo.png');
    await page.keyboard.press('Enter');
    await page.locator('svc-uploader').locator('[part~="editor-canvas"]').waitFor();
    assert.equal(await focusedPart(page), 'editor-title');
    await tabTo(page, (_part, label) => label === 'Rotate right');
    await page.keyboard.press('Enter');
    await tabTo(page, (part) => part.includes('editor-save'));
    await page.keyboard.press('Enter');
    await page.locator('svc-uploader').locator('[part~="editor"]').waitFor({ state: 'detached' });
    assert.equal(await focusedLabel(page), 'Edit photo.png');

    await tabTo(page, (part) => part.includes('upload-button'));
    await page.keyboard.press('Enter');
    await page.locator('svc-uploader').locator('[part~="summary"]').waitFor({ timeout: 30_000 });
    const keys = presigns.bodies.map((answer) => answer.key);
    assert.equal(keys.length, 1);
    const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: keys[0] }));
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    assert.deepEqual(pngSize(stored), [20, 40]);
    assert.deepEqual(pageErrors, []);
    await page.close();
  });
});
