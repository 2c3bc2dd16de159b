/**
 * The failure log: one structured line per failed request through a real pino logger, with the
 * route, status, code, request id, duration and the cause's class, and nothing a log must not
 * hold (the cause's text, keys, tokens, signed URLs).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createFailureLog, createUploadHandler } from '../../../server/index.js';
import { getTestStorage } from '../../support/storage.js';
import { closeAll, createTestHandler, MOUNT, overHttp, TEST_SECRET, type Transport } from '../support/upload-harness.js';

function createLineSink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ base: null, timestamp: false }, stream) };
}

describe('failure log', () => {
  const sink = createLineSink();
  const transports: Transport[] = [];
  let open: Transport;
  let broken: Transport;

  before(async () => {
    const storage = await getTestStorage();
    open = await overHttp(await createTestHandler({ maxFileSize: 10, observers: [createFailureLog(sink.logger)] }));
    broken = await overHttp(
      createUploadHandler({
        storage: { ...storage.storageConfig(), bucket: 'svc-no-such-bucket-anywhere' },
        uploadTokenSecret: TEST_SECRET,
        allowAnonymousUploads: true,
        hooks: { onError: () => undefined },
        observers: [createFailureLog(sink.logger)],
      }),
    );
    transports.push(open, broken);
  });
  after(() => closeAll(transports));

  it('one warn line for a refused request, one error line for a storage failure; none for a success', async () => {
    sink.lines.length = 0;
    assert.equal((await open.post(`${MOUNT}/presign`, { name: 'ok.txt', type: 'text/plain', size: 3 })).status, 200);
    assert.equal(sink.lines.length, 0);

    const refused = await open.post(`${MOUNT}/presign`, { name: 'big.txt', type: 'text/plain', size: 11 });
    assert.equal(refused.status, 413);
    const failed = await broken.post(`${MOUNT}/multipart/init`, { name: 'x.bin', type: 'application/octet-stream', size: 6 * 1024 * 1024 });
    assert.equal(failed.status, 500);

    assert.equal(sink.lines.length, 2);
    const [warn, error] = sink.lines;
    assert.deepEqual(
      { ...warn, durationMs: typeof warn!.durationMs },
      {
        level: 40,
        route: '/presign',
        method: 'POST',
        status: 413,
        requestId: refused.headers.get('x-svc-request-id'),
        durationMs: 'number',
        causeClass: 'Error',
        msg: 'upload request refused',
      },
    );
    assert.deepEqual(
      { ...error, durationMs: typeof error!.durationMs },
      {
        level: 50,
        route: '/multipart/init',
        method: 'POST',
        status: 500,
        code: failed.body.code,
        requestId: failed.headers.get('x-svc-request-id'),
        durationMs: 'number',
        causeClass: 'NoSuchBucket',
        msg: 'upload request failed',
      },
    );
  });

  it('never writes a token, a signed URL or the cause text', async () => {
    sink.lines.length = 0;
    const token = 'eyJzZWNyZXQiOiJ0b2tlbi1zZWNyZXQifQ.c2lnbmF0dXJl';
    assert.equal((await open.post(`${MOUNT}/multipart/sign-part`, { token, partNumber: 1 })).status, 403);
    assert.equal(sink.lines.length, 1);
    const text = JSON.stringify(sink.lines);
    assert.doesNotMatch(text, /eyJzZWNyZXQ|c2lnbmF0dXJl|X-Amz-Signature|svc-no-such-bucket/i);
  });
});
