/**
 * Hostile FileMetadata and request lines: long runs that used to make the handler's regexes
 * backtrack, MIME types that smuggle a second type or a header line, and sizes S3 cannot store.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HeadObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import type { UploadHandler } from '../../server/index.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { measureCpuTime } from './support/cpu-time.js';
import { bothTransports, closeAll, createTestHandler, inProcess, MOUNT, uniqueName, type Transport } from './support/upload-harness.js';

const TIB = 1024 ** 4;
const GIB = 1024 ** 3;
const INVALID = { error: 'Invalid file metadata', code: 'BAD_REQUEST' };

async function openUploadsNamed(storage: TestStorage, name: string): Promise<string[]> {
  const listing = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket }));
  return (listing.Uploads ?? []).map((upload) => upload.Key!).filter((key) => key.endsWith(name));
}

describe('request intake', () => {
  let storage: TestStorage;
  let corsHandler: UploadHandler;
  const transports: Record<string, Transport[]> = {};

  before(async () => {
    storage = await getTestStorage();
    transports.open = await bothTransports(await createTestHandler());
    transports.png = await bothTransports(await createTestHandler({ allowedTypes: ['image/png'] }));
    transports.images = await bothTransports(await createTestHandler({ allowedTypes: ['image/*', 'text/*'] }));
    transports.svg = await bothTransports(await createTestHandler({ allowedTypes: ['image/*', 'image/svg+xml'] }));
    corsHandler = await createTestHandler({ cors: { allowedOrigins: ['https://app.example.com'] } });
  });
  after(() => closeAll(Object.values(transports).flat()));

  describe('linear-time parsing', () => {
    for (const path of ['/presign', '/multipart/init']) {
      it(`${path}: a name with a 64,000-underscore run is refused as invalid metadata, at once`, async () => {
        const name = `a${'_'.repeat(64_000)}b.png`;
        const { result, milliseconds } = await measureCpuTime(() => inProcess(corsHandler).post(`${MOUNT}${path}`, { name, type: 'image/png', size: 5 }));
        assert.equal(result.status, 400);
        assert.deepEqual(result.body, INVALID);
        assert.ok(milliseconds < 1000, `answered in ${Math.round(milliseconds)} ms of CPU time`);
      });
    }

    it('keeps a name of exactly 1,024 characters and trims its trailing underscores', async () => {
      const response = await inProcess(corsHandler).post(`${MOUNT}/presign`, { name: `a${'_'.repeat(1023)}`, type: 'image/png', size: 5 });
      assert.equal(response.status, 200, response.text);
      assert.match(response.body.key, /\/a$/);
      const over = await inProcess(corsHandler).post(`${MOUNT}/presign`, { name: 'a'.repeat(1025), type: 'image/png', size: 5 });
      assert.deepEqual([over.status, over.body], [400, INVALID]);
    });

    it('routes a path holding a long run of slashes at once', async () => {
      const path = `${MOUNT}/x${'/'.repeat(16_000)}y`;
      const { result, milliseconds } = await measureCpuTime(() => inProcess(corsHandler).post(path, { name: 'a.png', type: 'image/png', size: 5 }));
      assert.deepEqual([result.status, result.body], [404, { error: 'Not found' }]);
      assert.ok(milliseconds < 1000, `answered in ${Math.round(milliseconds)} ms of CPU time`);
      const trailing = await inProcess(corsHandler).post(`${MOUNT}/presign${'/'.repeat(16_000)}`, { name: 'a.png', type: 'image/png', size: 5 });
      assert.equal(trailing.status, 200, 'trailing slashes are still stripped');
    });

    it('answers 414 to a URL above 16 KiB before routing it, with the request id and CORS headers', async () => {
      const path = `${MOUNT}/auth/${'%5C'.repeat(70_000)}`;
      const { result, milliseconds } = await measureCpuTime(() =>
        inProcess(corsHandler).send(path, { method: 'PUT', headers: { origin: 'https://app.example.com' } }),
      );
      assert.deepEqual([result.status, result.body], [414, { error: 'Request URL too long', code: 'BAD_REQUEST' }]);
      assert.ok(result.headers.get('x-svc-request-id'));
      assert.equal(result.headers.get('access-control-allow-origin'), 'https://app.example.com');
      assert.ok(milliseconds < 1000, `answered in ${Math.round(milliseconds)} ms of CPU time`);
      const longQuery = await inProcess(corsHandler).send(`${MOUNT}/health?pad=${'a'.repeat(15_000)}`);
      assert.equal(longQuery.status, 200, 'a long URL within the limit is served');
    });

    it('checks an Origin holding a long run of slashes at once, and it matches nothing', async () => {
      const origin = `https://a${'/'.repeat(64_000)}b`;
      const { result, milliseconds } = await measureCpuTime(() => corsHandler(new Request(`http://uploads.test${MOUNT}/health`, { headers: { origin } })));
      assert.equal(result.status, 200);
      assert.equal(result.headers.get('access-control-allow-origin'), null);
      assert.ok(milliseconds < 1000, `answered in ${Math.round(milliseconds)} ms of CPU time`);
    });
  });

  for (const index of [0, 1]) {
    describe(index === 0 ? 'in-process' : 'http', () => {
      const use = (name: string) => transports[name]![index]!;

      describe('content types', () => {
        it('refuses a type list that smuggles text/html past allowedTypes, on both routes', async () => {
          for (const path of ['/presign', '/multipart/init']) {
            const response = await use('png').post(`${MOUNT}${path}`, { name: 'a.png', type: 'image/png;a=b, text/html', size: 5 });
            assert.deepEqual([response.status, response.body], [400, INVALID], path);
          }
        });

        it('refuses a type with a line break: 400 on /presign and on /multipart/init (not 500), nothing opened', async () => {
          const name = uniqueName('crlf', 'txt');
          for (const path of ['/presign', '/multipart/init']) {
            for (const type of ['text/plain\r\nx-amz-acl: public-read-write', 'text/plain\n', 'text/\u0000plain']) {
              const response = await use('open').post(`${MOUNT}${path}`, { name, type, size: 5 });
              assert.deepEqual([response.status, response.body], [400, INVALID], `${path} ${JSON.stringify(type)}`);
            }
          }
          assert.deepEqual(await openUploadsNamed(storage, name), []);
        });

        it('refuses what is not one MIME type', async () => {
          for (const type of [
            'image',
            'image/',
            '/png',
            'image/png/x',
            'image/png;',
            'image/png; a',
            'image/png; a=',
            'image/png; a="x',
            'image/pngé',
            'image/png; a=1; A=2',
            `image/${'x'.repeat(300)}`,
          ]) {
            const response = await use('open').post(`${MOUNT}/presign`, { name: 'a.png', type, size: 5 });
            if (type === 'image/png;') assert.equal(response.status, 200, 'an empty parameter is allowed by RFC 9110');
            else assert.deepEqual([response.status, response.body], [400, INVALID], JSON.stringify(type));
          }
        });

        it('signs and stores the normalised type: lower-case essence, parameters kept', async () => {
          const response = await use('open').post(`${MOUNT}/presign`, { name: 'note.txt', type: ' Text/Plain ;Charset=UTF-8 ', size: 5 });
          assert.equal(response.status, 200, response.text);
          assert.deepEqual(response.body.uploadHeaders, {
            'Content-Type': 'text/plain; charset=UTF-8',
            'Content-Disposition': 'inline',
            'Cache-Control': 'private',
          });
          const put = await fetch(response.body.uploadUrl, { method: 'PUT', body: 'hello', headers: response.body.uploadHeaders });
          assert.equal(put.status, 200);
          const head = await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: response.body.key }));
          assert.equal(head.ContentType, 'text/plain; charset=UTF-8');
        });

        it('keeps an empty type allowed without allowedTypes, refused with a list', async () => {
          assert.equal((await use('open').post(`${MOUNT}/presign`, { name: 'a.bin', type: '', size: 5 })).status, 200);
          assert.equal((await use('png').post(`${MOUNT}/presign`, { name: 'a.bin', type: '', size: 5 })).status, 415);
        });

        it('does not let a family pattern admit scriptable types; listing one exactly does', async () => {
          for (const type of ['image/svg+xml', 'text/html', 'text/javascript', 'Image/SVG+XML; charset=utf-8']) {
            const response = await use('images').post(`${MOUNT}/presign`, { name: 'a.svg', type, size: 5 });
            assert.deepEqual([response.status, response.body], [415, { error: 'File type not allowed' }], type);
          }
          assert.equal((await use('images').post(`${MOUNT}/presign`, { name: 'a.png', type: 'image/png', size: 5 })).status, 200);
          assert.equal((await use('images').post(`${MOUNT}/presign`, { name: 'a.csv', type: 'text/csv', size: 5 })).status, 200);
          assert.equal((await use('svg').post(`${MOUNT}/presign`, { name: 'a.svg', type: 'image/svg+xml', size: 5 })).status, 200);
        });
      });

      describe('sizes S3 cannot store', () => {
        it('413 above 5 TiB on /presign and /multipart/init without maxFileSize; nothing opened', async () => {
          const name = uniqueName('huge');
          for (const path of ['/presign', '/multipart/init']) {
            const response = await use('open').post(`${MOUNT}${path}`, { name, type: 'application/octet-stream', size: 5 * TIB + 1 });
            assert.equal(response.status, 413, path);
            assert.equal(response.body.error, 'File too large', path);
          }
          assert.deepEqual(await openUploadsNamed(storage, name), []);
        });

        it('accepts exactly 5 TiB on /multipart/init', async () => {
          const response = await use('open').post(`${MOUNT}/multipart/init`, { name: 'big.bin', type: '', size: 5 * TIB });
          assert.equal(response.status, 200, response.text);
          assert.equal((await use('open').post(`${MOUNT}/multipart/abort`, { token: response.body.token })).status, 200);
        });

        it('413 MULTIPART_REQUIRED on /presign above 5 GiB, which /multipart/init accepts', async () => {
          assert.equal((await use('open').post(`${MOUNT}/presign`, { name: 'a.bin', type: '', size: 5 * GIB })).status, 200);
          const presign = await use('open').post(`${MOUNT}/presign`, { name: 'a.bin', type: '', size: 5 * GIB + 1 });
          assert.deepEqual([presign.status, presign.body], [413, { error: 'File too large', code: 'MULTIPART_REQUIRED' }]);
          const init = await use('open').post(`${MOUNT}/multipart/init`, { name: 'a.bin', type: '', size: 5 * GIB + 1 });
          assert.equal(init.status, 200, init.text);
          await use('open').post(`${MOUNT}/multipart/abort`, { token: init.body.token });
        });
      });
    });
  }
});
