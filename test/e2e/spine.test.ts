import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { useDemoInBrowser } from '../support/demo.js';
import { getTestStorage } from '../support/storage.js';

describe('demo page (built bundle, real handler, real storage)', () => {
  const demo = useDemoInBrowser();

  it('uploads a file chosen through the element; the bucket holds exactly its bytes under the key the server chose', async () => {
    const storage = await getTestStorage();
    const page = await demo.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(demo.demoUrl());

    const bytes = randomBytes(300_000);
    const presignResponse = page.waitForResponse((response) => response.url().endsWith('/api/upload/presign'));
    await page.locator('svc-uploader input[type=file]').first().setInputFiles({ name: 'spine check.bin', mimeType: 'application/octet-stream', buffer: bytes });
    await page.locator('svc-uploader').getByRole('button', { name: /^upload/i }).click();

    const presign = await (await presignResponse).json() as { key: string };
    assert.match(presign.key, /^anon\/[0-9a-f-]{36}\/spine/, 'the server chose the key');
    const listed = page.locator(`#uploads li[data-key="${presign.key}"]`);
    await listed.waitFor({ timeout: 20_000 });

    const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: presign.key }));
    assert.deepEqual(Buffer.from(await object.Body!.transformToByteArray()), bytes);
    assert.deepEqual(pageErrors, []);
    await page.close();
  });
});
