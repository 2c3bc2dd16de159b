import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListPartsCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { startDevStore, type DevStore } from '../../scripts/storage/dev-store.mjs';

const MiB = 1024 * 1024;

describe('development store (s3rver with the multipart layer)', () => {
  let directory: string;
  let store: DevStore;
  let client: S3Client;
  const Bucket = 'dev-uploads';

  before(async () => {
    directory = mkdtempSync(join(tmpdir(), 'svc-dev-store-'));
    store = await startDevStore({ directory, buckets: [Bucket] });
    client = new S3Client({
      endpoint: store.endpoint,
      region: store.region,
      forcePathStyle: true,
      credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  });
  after(async () => {
    client.destroy();
    await store.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  async function startUpload(Key: string, partBodies: Buffer[]) {
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    const parts = [];
    for (const [index, Body] of partBodies.entries()) {
      const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: index + 1, Body }));
      parts.push({ PartNumber: index + 1, ETag });
    }
    return { UploadId: UploadId!, parts };
  }

  it('lists the parts it holds with their sizes and ETags, then completes them into one object', async () => {
    const bodies = [Buffer.alloc(5 * MiB, 1), Buffer.alloc(1234, 2)];
    const { UploadId, parts } = await startUpload('multi/file.bin', bodies);
    const listed = await client.send(new ListPartsCommand({ Bucket, Key: 'multi/file.bin', UploadId }));
    assert.deepEqual(
      listed.Parts?.map((part) => [part.PartNumber, part.Size, part.ETag]),
      parts.map((part, index) => [part.PartNumber, bodies[index].length, part.ETag]),
    );
    await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: 'multi/file.bin', UploadId, MultipartUpload: { Parts: parts } }));
    const object = await client.send(new GetObjectCommand({ Bucket, Key: 'multi/file.bin' }));
    assert.deepEqual(Buffer.from(await object.Body!.transformToByteArray()), Buffer.concat(bodies));
  });

  it('aborts an upload, after which it answers NoSuchUpload', async () => {
    const { UploadId } = await startUpload('multi/aborted.bin', [Buffer.alloc(100, 3)]);
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key: 'multi/aborted.bin', UploadId }));
    await assert.rejects(client.send(new ListPartsCommand({ Bucket, Key: 'multi/aborted.bin', UploadId })), { name: 'NoSuchUpload' });
    await assert.rejects(client.send(new UploadPartCommand({ Bucket, Key: 'multi/aborted.bin', UploadId, PartNumber: 2, Body: 'x' })), {
      name: 'NoSuchUpload',
    });
  });
});
