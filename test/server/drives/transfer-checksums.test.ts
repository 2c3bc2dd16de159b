/**
 * With the bucket's `storage.checksumAlgorithm`, drive transfers write as browser uploads do: each
 * PUT and part also carries `x-amz-checksum-<algorithm>` of its bytes, the multipart upload is
 * opened with that algorithm (COMPOSITE), and complete names every part's digest that storage
 * answered with. The local Ceph RGW ignores these headers, so a proxy between the handler and
 * storage records them and computes the digests of the bodies that passed, and answers each part
 * with its digest as AWS S3 does.
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

/** Index in the proxy's log of every handler request of `kind` ('put', 'part', 'create', 'complete') since `from`. */
function requestsOf(proxy: FaultProxy, kind: string, from: number): number[] {
  return proxy.log.flatMap((line, index) => (index >= from && line.startsWith(`handler ${kind}`) ? [index] : []));
}

describe('drive transfers with storage.checksumAlgorithm', () => {
  let fakes: FakeDrives;
  let storage: TestStorage;
  let proxy: FaultProxy;
  let withChecksum: DriveHandler;
  let withoutChecksum: DriveHandler;

  before(async () => {
    fakes = await startFakeDrives();
    storage = await getTestStorage();
    proxy = await startFaultProxy(
      storage.storageConfig().endpoint!,
      [{ match: 'part', side: 'handler', fault: 'echo-checksum', algorithm: 'CRC32C', times: 3 }],
      { digestBodies: true },
    );
    const viaProxy = { ...storage.storageConfig(), endpoint: proxy.endpoint };
    withChecksum = await createDriveHandler(fakes, { storage: { ...viaProxy, checksumAlgorithm: 'CRC32C' } });
    withoutChecksum = await createDriveHandler(fakes, { storage: viaProxy });
  });
  after(async () => {
    await proxy.close();
    await fakes.close();
  });

  async function transfer(drive: DriveHandler, name: string, size: number): Promise<{ bytes: Uint8Array; key: string }> {
    const fake = fakes.all.find((candidate) => candidate.slug === 'box')!;
    const user = uniqueUser();
    await connectDrive(drive, fake, user);
    const bytes = new Uint8Array(randomBytes(size));
    const item = fake.tree.addFile(name, { bytes }, { mimeType: 'application/octet-stream' });
    const response = await drive.post('/files/box/transfer', { fileId: item.id, size }, user);
    assert.equal(response.status, 200, `${response.text} ${proxy.log.join(', ')}`);
    return { bytes, key: response.body.key };
  }

  async function storedSha256(key: string): Promise<string> {
    const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
    return sha256Hex(await object.Body!.transformToByteArray());
  }

  it('a single PUT carries the CRC32C of its bytes next to its Content-MD5', async () => {
    const from = proxy.log.length;
    const { bytes, key } = await transfer(withChecksum, 'small.bin', 300 * 1024);
    const [put] = requestsOf(proxy, 'put', from);
    assert.ok(put !== undefined, `the handler wrote one PUT (proxy saw: ${proxy.log.slice(from).join(', ')})`);
    assert.equal(proxy.headers[put]!['x-amz-checksum-crc32c'], proxy.digests[put]!.CRC32C);
    assert.equal(proxy.headers[put]!['content-md5'], createHash('md5').update(bytes).digest('base64'));
    assert.equal(await storedSha256(key), sha256Hex(bytes));
  });

  it('a multipart transfer opens the upload with CRC32C, sends each part with its digest and names them all at complete', async () => {
    const from = proxy.log.length;
    const { bytes, key } = await transfer(withChecksum, 'large.bin', 12 * MIB);
    const [create] = requestsOf(proxy, 'create', from);
    assert.equal(proxy.headers[create!]!['x-amz-checksum-algorithm'], 'CRC32C');
    assert.equal(proxy.headers[create!]!['x-amz-checksum-type'], 'COMPOSITE');
    const parts = requestsOf(proxy, 'part', from);
    assert.equal(parts.length, 3, `three 5 MiB parts (proxy saw: ${proxy.log.slice(from).join(', ')})`);
    const partDigests = parts.map((index) => proxy.digests[index]!.CRC32C);
    assert.deepEqual(
      parts.map((index) => proxy.headers[index]!['x-amz-checksum-crc32c']),
      partDigests,
      'each part carried the CRC32C of the bytes it sent',
    );
    const [complete] = requestsOf(proxy, 'complete', from);
    const named = [...proxy.bodies[complete!]!.matchAll(/<ChecksumCRC32C>([^<]*)<\/ChecksumCRC32C>/g)].map((match) => match[1]);
    assert.deepEqual(named, partDigests, 'complete named every part digest storage answered with, in part order');
    assert.equal(await storedSha256(key), sha256Hex(bytes));
    const open = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: key }));
    assert.deepEqual(open.Uploads ?? [], []);
    assert.deepEqual(proxy.unfired(), []);
  });

  it('without the option, transfers send no x-amz-checksum header at all', async () => {
    const from = proxy.log.length;
    await transfer(withoutChecksum, 'plain.bin', 7 * MIB);
    const writes = [...requestsOf(proxy, 'create', from), ...requestsOf(proxy, 'part', from)];
    assert.ok(writes.length >= 3, `a multipart transfer (proxy saw: ${proxy.log.slice(from).join(', ')})`);
    for (const index of writes) {
      const named = Object.keys(proxy.headers[index]!).filter((name) => name.startsWith('x-amz-checksum') || name === 'x-amz-sdk-checksum-algorithm');
      assert.deepEqual(named, [], `${proxy.log[index]} sent no checksum header`);
    }
  });
});
