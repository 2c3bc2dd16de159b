/**
 * Storage that accepts a connection and never answers must not hold a request forever: every
 * storage call of the multipart routes ends with the request. (The time limits themselves, 30 s
 * and 10 min, are not waited for here.) /multipart/complete is the exception: its calls run under
 * the completion claim to the end whether the client waits or not, on their own limits
 * (test/server/completion/claim-with-read.test.ts and exactly-once.test.ts).
 */
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createUploadHandler, type UploadHandler } from '../../server/index.js';
import { MOUNT, signTokenPayload, TEST_SECRET } from './support/upload-harness.js';

const now = () => Math.floor(Date.now() / 1000);

describe('storage calls end with the request', () => {
  let silentStorage: Server;
  const sockets = new Set<Socket>();
  let connected: () => void = () => undefined;
  let handler: UploadHandler;

  before(async () => {
    silentStorage = createServer((socket) => {
      sockets.add(socket);
      connected();
    });
    await new Promise<void>((resolve) => silentStorage.listen(0, '127.0.0.1', resolve));
    const { port } = silentStorage.address() as AddressInfo;
    handler = createUploadHandler({
      storage: {
        type: 's3',
        bucket: 'silent',
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        forcePathStyle: true,
        credentials: { accessKeyId: 'silent-key', secretAccessKey: 'silent-secret' },
      },
      uploadTokenSecret: TEST_SECRET,
      allowAnonymousUploads: true,
      hooks: { onError: () => undefined },
    });
  });
  after(() => {
    for (const socket of sockets) socket.destroy();
    silentStorage.close();
  });

  const token = () =>
    signTokenPayload({ k: 'anon/x/silent.bin', u: 'upload-1', uid: null, smin: 10, smax: 10, exp: now() + 600, iat: now(), ps: 5 * 1024 * 1024, n: 'nonce' });
  const cases: [string, () => unknown, { error: string; code: string }][] = [
    ['/multipart/init', () => ({ name: 'silent.bin', type: 'application/octet-stream', size: 10 }), { error: 'Multipart init failed', code: 'STORAGE_ERROR' }],
    ['/multipart/abort', () => ({ token: token() }), { error: 'Multipart abort failed', code: 'STORAGE_ERROR' }],
    ['/multipart/resume', () => ({ token: token() }), { error: 'Multipart resume failed', code: 'STORAGE_ERROR' }],
  ];

  for (const [route, body, failure] of cases) {
    it(`${route}: the client going away ends the storage call and the route answers its 500`, { timeout: 20_000 }, async () => {
      const controller = new AbortController();
      const reached = new Promise<void>((resolve) => {
        connected = resolve;
      });
      const pending = handler(
        new Request(`http://uploads.test${MOUNT}${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body()),
          signal: controller.signal,
        }),
      );
      await reached;
      controller.abort();
      const response = await pending;
      assert.equal(response.status, 500);
      assert.deepEqual(await response.json(), failure);
    });
  }
});
