/**
 * `deleteUnconfirmedUploads`: an object PUT and never completed (the page closed) is found and
 * deleted once old enough; completed objects, objects the verdict moved, and objects outside the
 * prefix stay.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { CopyObjectCommand, DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createUploadHandler, deleteUnconfirmedUploads } from '../../../server/index.js';
import { getTestStorage, type TestStorage } from '../../support/storage.js';
import { listKeys, MOUNT, randomContent, TEST_SECRET } from '../support/upload-harness.js';
import { putMultipart, putSingle, serveTracked, type TrackedServer } from './support.js';

describe('deleteUnconfirmedUploads', () => {
  let storage: TestStorage;
  let server: TrackedServer;
  const folder = `unconfirmed-${randomUUID().slice(0, 8)}`;

  before(async () => {
    storage = await getTestStorage();
    server = await serveTracked(
      createUploadHandler({
        storage: storage.storageConfig(),
        uploadTokenSecret: TEST_SECRET,
        allowAnonymousUploads: true,
        keyStrategy: ({ safeName }) => `${folder}/${safeName.startsWith('moved') ? 'quarantine' : 'files'}/${randomUUID()}/${safeName}`,
        hooks: {
          verifyUpload: async (upload) => {
            if (!upload.key.includes('/quarantine/')) return true;
            const accepted = upload.key.replace('/quarantine/', '/files/');
            await storage.client.send(new CopyObjectCommand({ Bucket: storage.bucket, Key: accepted, CopySource: `${storage.bucket}/${upload.key}` }));
            await storage.client.send(new DeleteObjectCommand({ Bucket: storage.bucket, Key: upload.key }));
            return { key: accepted };
          },
        },
      }),
    );
  });
  after(() => server.close());

  it('deletes what was PUT and never completed, keeps what was completed, moved or is outside the prefix', async () => {
    const completed = await putSingle(server, randomContent(10), { name: 'completed.txt' });
    assert.equal((await server.post(`${MOUNT}/complete`, { token: completed.completionToken })).status, 200);
    const abandoned = await putSingle(server, randomContent(10), { name: 'abandoned.txt' });
    const moved = await putSingle(server, randomContent(10), { name: 'moved.txt' });
    const movedAnswer = await server.post(`${MOUNT}/complete`, { token: moved.completionToken });
    assert.equal(movedAnswer.status, 200, movedAnswer.text);
    const multipart = await putMultipart(server, randomContent(6 * 1024 * 1024), 'multipart.bin');
    assert.equal((await server.post(`${MOUNT}/multipart/complete`, { token: multipart.token, parts: multipart.parts })).status, 200);
    const outside = `${folder}-own/report.csv`;
    await storage.client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: outside, Body: 'a,b' }));

    const young = await deleteUnconfirmedUploads(storage.storageConfig(), { prefix: `${folder}/` });
    assert.deepEqual(young.unconfirmed, [], 'nothing is old enough with the default two days');

    const dry = await deleteUnconfirmedUploads(storage.storageConfig(), { prefix: `${folder}/`, olderThanSeconds: 0, dryRun: true });
    assert.deepEqual(dry.unconfirmed, [abandoned.key]);
    assert.ok((await listKeys(storage, `${folder}/`)).includes(abandoned.key), 'a dry run deletes nothing');

    const result = await deleteUnconfirmedUploads(storage.storageConfig(), { prefix: `${folder}/`, olderThanSeconds: 0 });
    assert.deepEqual(result.unconfirmed, [abandoned.key]);
    assert.equal(result.examined, 4);
    assert.deepEqual((await listKeys(storage, `${folder}/`)).sort(), [completed.key, movedAnswer.body.key, multipart.key].sort());
    assert.deepEqual(await listKeys(storage, `${folder}-own/`), [outside]);
  });

  it('needs a prefix', async () => {
    await assert.rejects(deleteUnconfirmedUploads(storage.storageConfig(), {} as never), /needs options\.prefix/);
  });
});
