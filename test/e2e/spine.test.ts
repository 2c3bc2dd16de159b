import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { PresignedUrlResponse } from '../../protocol/wire.js';
import { useDemoInBrowser } from '../support/demo.js';
import { recordHandlerAnswers } from '../support/handler-answers.js';
import { getTestStorage } from '../support/storage.js';

describe('demo page (built bundle, real handler, real storage)', () => {
  const demo = useDemoInBrowser();

  /** The demo page with its uploader defined, recording page errors and the workers it starts. */
  async function openDemoWatchingWorkers() {
    const page = await demo.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(demo.demoUrl());
    await page.locator('svc-uploader').waitFor();
    return { page, pageErrors, workers };
  }

  it('uploads a file chosen through the element; the bucket holds exactly its bytes under the key the server chose', async () => {
    const storage = await getTestStorage();
    const page = await demo.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const presigns = await recordHandlerAnswers<PresignedUrlResponse>(page, '/api/upload/presign');
    await page.goto(demo.demoUrl());

    const bytes = randomBytes(300_000);
    await page.locator('svc-uploader input[type=file]').first().setInputFiles({ name: 'spine check.bin', mimeType: 'application/octet-stream', buffer: bytes });
    await page
      .locator('svc-uploader')
      .getByRole('button', { name: /^upload/i })
      .click();

    const presign = await presigns.nth(0);
    assert.match(presign.key, /^anon\/[0-9a-f-]{36}\/spine/, 'the server chose the key');
    const listed = page.locator(`#uploads li[data-key="${presign.key}"]`);
    await listed.waitFor({ timeout: 60_000 });

    const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: presign.key }));
    assert.deepEqual(Buffer.from(await object.Body!.transformToByteArray()), bytes);
    assert.deepEqual(pageErrors, []);
    await page.close();
  });
  it('compresses a photo in the image worker of the built bundle before it reaches the bucket', async () => {
    const storage = await getTestStorage();
    const { page, pageErrors, workers } = await openDemoWatchingWorkers();

    const uploaded = await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(3000, 2000);
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, 3000, 2000);
      gradient.addColorStop(0, '#0ea5e9');
      gradient.addColorStop(1, '#f97316');
      context.fillStyle = gradient;
      context.fillRect(0, 0, 3000, 2000);
      const photo = new File([await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 })], 'wide photo.jpg', { type: 'image/jpeg' });
      const uploader = document.querySelector('svc-uploader')!;
      uploader.imageCompression = true;
      await uploader.addFiles([photo]);
      const { files } = await uploader.upload();
      return { key: files[0]!.result!.key, size: files[0]!.size, original: photo.size };
    });

    const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: uploaded.key }));
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    assert.equal(stored.length, uploaded.size);
    assert.ok(stored.length < uploaded.original, `${stored.length} bytes stored, ${uploaded.original} chosen`);
    assert.deepEqual(jpegSize(stored), { width: 1920, height: 1280 });
    assert.ok(
      workers.some((url) => /\/assets\/image-worker-[\w-]+\.js$/.test(url)),
      `the image worker ran: ${workers.join(', ')}`,
    );
    assert.deepEqual(pageErrors, []);
    await page.close();
  });
  it('computes checksumVerification digests in the digest worker of the built bundle; storage holds the bytes and their SHA-256', async () => {
    const storage = await getTestStorage();
    const { page, pageErrors, workers } = await openDemoWatchingWorkers();

    const bytes = randomBytes(300_000);
    const uploaded = await page.evaluate(
      async (content) => {
        const uploader = document.querySelector('svc-uploader')!;
        uploader.checksumVerification = true;
        await uploader.addFiles([new File([new Uint8Array(content)], 'verified.bin', { type: 'application/octet-stream' })]);
        const { files } = await uploader.upload();
        return { key: files[0]!.result!.key, checksum: files[0]!.checksum };
      },
      [...bytes],
    );

    const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: uploaded.key }));
    assert.deepEqual(Buffer.from(await object.Body!.transformToByteArray()), bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    assert.equal(uploaded.checksum, sha256);
    assert.equal(object.Metadata?.['checksum-sha256'], sha256);
    assert.ok(
      workers.some((url) => /\/assets\/digest-worker-[\w-]+\.js$/.test(url)),
      `the digest worker ran: ${workers.join(', ')}`,
    );
    assert.deepEqual(pageErrors, []);
    await page.close();
  });
  it('hashes a file of many read slices in the built bundle, its slices read by a second digest worker; the SHA-256 is right', async () => {
    const { page, pageErrors, workers } = await openDemoWatchingWorkers();

    const { checksum, expected, state } = await page.evaluate(async () => {
      // Above the 64 MiB a single WebCrypto digest takes: hashed slice by slice in the worker.
      const bytes = new Uint8Array(72 * 1024 * 1024 + 5);
      for (let offset = 0; offset < bytes.length; offset += 65536) crypto.getRandomValues(bytes.subarray(offset, Math.min(bytes.length, offset + 65536)));
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
      const uploader = document.querySelector('svc-uploader')!;
      uploader.checksumVerification = true;
      await uploader.addFiles([new File([bytes], 'many-slices.bin', { type: 'application/octet-stream' })]);
      const { files } = await uploader.upload();
      return { checksum: files[0]!.checksum, state: files[0]!.state, expected: Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('') };
    });
    assert.equal(state, 'successful');
    assert.equal(checksum, expected);
    const digestWorkers = workers.filter((url) => /\/assets\/digest-worker-[\w-]+\.js$/.test(url));
    assert.equal(digestWorkers.length, 2, `the digest worker and its reader: ${workers.join(', ')}`);
    assert.deepEqual(pageErrors, []);
    await page.close();
  });
});

/** Width and height from a JPEG's start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  for (let offset = 2; offset + 9 < bytes.length;) {
    const marker = bytes[offset + 1]!;
    if (marker >= 0xc0 && marker <= 0xc3) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  throw new Error('no start-of-frame segment');
}
