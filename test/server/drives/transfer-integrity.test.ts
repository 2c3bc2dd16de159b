/**
 * Drive transfers send every PUT and part they write with its Content-MD5. A proxy between the
 * handler and storage (a real RGW) records the headers and changes one bit of the single PUT and
 * of part 2: storage refuses each (this RGW checks the SDK's signed body SHA-256 first and
 * answers XAmzContentSHA256Mismatch; AWS answers BadDigest for the MD5), the handler sends the
 * bytes again, and the bucket holds exactly the drive file.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { GetObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { startFakeDrives, type FakeDrives } from '../../support/fake-drives/index.js';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy.mjs';
import { getTestStorage, type TestStorage } from '../../support/storage.js';
import { MIB } from '../support/upload-harness.js';
import { connectDrive, createDriveHandler, uniqueUser, type DriveHandler } from './support/drive-harness.js';

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const md5Base64 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');

/** The Content-MD5 of every handler write the proxy saw of the given kind ('put', 'part'), in order. */
function sentDigests(proxy: FaultProxy, kind: string): Array<string | undefined> {
  return proxy.log.flatMap((line, index) => (line.startsWith(`handler ${kind}`) ? [proxy.headers[index]!['content-md5'] as string | undefined] : []));
}

describe('drive transfer integrity', () => {
  let fakes: FakeDrives;
  let storage: TestStorage;
  let proxy: FaultProxy;
  let drive: DriveHandler;

  before(async () => {
    fakes = await startFakeDrives();
    storage = await getTestStorage();
    proxy = await startFaultProxy(storage.storageConfig().endpoint!, [
      { match: 'put', side: 'handler', fault: 'flip-byte' },
      { match: 'part', side: 'handler', partNumber: 2, fault: 'flip-byte' },
    ]);
    drive = await createDriveHandler(fakes, { storage: { ...storage.storageConfig(), endpoint: proxy.endpoint } });
  });
  after(async () => {
    await proxy.close();
    await fakes.close();
  });

  async function transfer(name: string, size: number): Promise<{ bytes: Uint8Array; key: string }> {
    const fake = fakes.all.find((candidate) => candidate.slug === 'dropbox')!;
    const user = uniqueUser();
    await connectDrive(drive, fake, user);
    const bytes = new Uint8Array(randomBytes(size));
    const item = fake.tree.addFile(name, { bytes }, { mimeType: 'application/octet-stream' });
    const response = await drive.post('/files/dropbox/transfer', { fileId: item.id, size }, user);
    assert.equal(response.status, 200, `${response.text} ${String((drive.errors.at(-1) as any)?.error)} ${proxy.log.join(', ')}`);
    return { bytes, key: response.body.key };
  }

  async function storedSha256(key: string): Promise<string> {
    const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
    return sha256Hex(await object.Body!.transformToByteArray());
  }

  it('a single PUT whose bytes changed on the way is refused by storage and sent again', async () => {
    const { bytes, key } = await transfer('small.bin', 300 * 1024);
    assert.ok(proxy.log.includes('handler put flip-byte 400'), `storage refused the changed PUT (proxy saw: ${proxy.log.join(', ')})`);
    assert.deepEqual(sentDigests(proxy, 'put'), [md5Base64(bytes), md5Base64(bytes)], 'both attempts carried the MD5 of the file');
    assert.equal(await storedSha256(key), sha256Hex(bytes));
  });

  it('a part whose bytes changed on the way is refused by storage and sent again; the object is exact', async () => {
    const { bytes, key } = await transfer('large.bin', 12 * MIB);
    assert.ok(proxy.log.includes('handler part 2 flip-byte 400'), `storage refused the changed part (proxy saw: ${proxy.log.join(', ')})`);
    const partDigests = [0, 1, 1, 2].map((index) => md5Base64(bytes.subarray(index * 5 * MIB, (index + 1) * 5 * MIB)));
    assert.deepEqual(sentDigests(proxy, 'part'), partDigests, 'every part attempt carried the MD5 of its bytes');
    assert.equal(await storedSha256(key), sha256Hex(bytes));
    const open = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: key }));
    assert.deepEqual(open.Uploads ?? [], []);
    assert.deepEqual(proxy.unfired(), []);
  });
});
