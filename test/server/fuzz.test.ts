/**
 * Bad input on every POST route: whatever arrives, the answer is a contract status below 500 with
 * `{error, code?}`, no stack and no provider text, and the real cause reaches onError.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { initUpload } from './support/multipart-client.js';
import {
  bothTransports,
  closeAll,
  createErrorLog,
  createTestHandler,
  decodeTokenPayload,
  MIB,
  MOUNT,
  signTokenPayload,
  type Transport,
} from './support/upload-harness.js';

const LEAKS = /\bat \S+:\d+|\.ts\b|node_modules|SyntaxError|Unexpected token|JSON at position|NoSuch|<\?xml|RequestId|stack|Error:/i;

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** Raw bodies that are not JSON, or JSON of the wrong kind. */
const RAW_BODIES: string[] = [
  '',
  ' ',
  '{',
  '{"name": "a"',
  'null',
  'true',
  '0',
  '-1',
  '"text"',
  '[]',
  '[1, 2, 3]',
  'NaN',
  'Infinity',
  '{"size": NaN}',
  "{'name': 'single quotes'}",
  '{"name": "a",}',
  '\u0000\u0001\u0002',
  '\uFEFF{}',
  deepArray(50_000),
  deepObject(20_000),
  'x'.repeat(2 * MIB),
];

function fileBodies(): unknown[] {
  const valid = { name: 'a.png', type: 'image/png', size: 10 };
  return [
    {},
    { ...valid, name: 123 },
    { ...valid, name: '' },
    { ...valid, name: null },
    { ...valid, name: { toString: 'x' } },
    { ...valid, type: null },
    { ...valid, type: ['image/png'] },
    { ...valid, size: '10' },
    { ...valid, size: -1 },
    { ...valid, size: -0.5 },
    { ...valid, size: 1.5 },
    { ...valid, size: 1e308 },
    { ...valid, size: Number.MAX_SAFE_INTEGER + 2 },
    { ...valid, size: null },
    { ...valid, size: true },
    { ...valid, size: [10] },
    { ...valid, size: 10_000 },
    { ...valid, type: 'text/html' },
    { ...valid, type: '' },
    { ...valid, chunkSizeBytes: -5 },
    { ...valid, chunkSizeBytes: 1e308 },
    { ...valid, chunkSizeBytes: 'big' },
    { ...valid, metadata: 'not an object' },
    { ...valid, metadata: JSON.parse(deepObject(500)) },
    { ...valid, unknown: 'field', key: 'client/chosen/key', uploadId: 'x' },
    { ...valid, name: '../../../../etc/passwd' },
    { ...valid, name: 'x'.repeat(100_000) },
    { ...valid, name: '\u0000\u202e\uFFFF' },
  ];
}

function tokenVariants(token: string, secret: string): unknown[] {
  const [payload, signature] = token.split('.') as [string, string];
  const claims = decodeTokenPayload(token);
  return [
    undefined,
    null,
    42,
    true,
    {},
    [token],
    '',
    '.',
    'a.',
    '.b',
    'a.b.c',
    token.slice(0, -1),
    token.slice(0, 10),
    `${payload}.`,
    `${payload}.${signature}x`,
    ` ${token}`,
    `${payload}!.${signature}`,
    `${payload.slice(0, -4)}AAAA.${signature}`,
    signTokenPayload({ ...claims, uid: 'mallory' }, 'not-the-server-secret-at-all'),
    signTokenPayload({ ...claims, smax: 1e15 }, 'not-the-server-secret-at-all'),
    signTokenPayload({ nothing: 'useful' }, secret),
    signTokenPayload({ ...claims, smin: 10, smax: 1 }, secret),
    signTokenPayload({ ...claims, exp: 'tomorrow' }, secret),
    signTokenPayload({ ...claims, k: 7 }, secret),
    `${Buffer.from('not json').toString('base64url')}.${signature}`,
    'x'.repeat(200_000),
    '\u00e9\u00e9.\u00e9\u00e9',
  ];
}

describe('bad input on every POST route', () => {
  const errors = createErrorLog();
  let transports: Transport[] = [];

  before(async () => {
    const tokenStore = { get: async () => null, set: async () => undefined, delete: async () => undefined };
    transports = await bothTransports(
      await createTestHandler({ maxFileSize: 1000, allowedTypes: ['image/*'], tokenStore, allowAnonymous: true, hooks: { onError: errors.onError } }),
    );
  });
  after(() => closeAll(transports));

  async function expectContractRefusal(transport: Transport, path: string, body: unknown, allowed: number[]) {
    const response = await transport.post(`${MOUNT}${path}`, typeof body === 'string' ? body : JSON.stringify(body));
    const label = `${path} ${typeof body === 'string' ? JSON.stringify(body.slice(0, 60)) : JSON.stringify(body)?.slice(0, 80)}`;
    assert.ok(response.status === 200 || allowed.includes(response.status), `${label}: status ${response.status} ${response.text.slice(0, 200)}`);
    assert.doesNotMatch(response.text, LEAKS, label);
    if (response.status === 200) return response;
    const requestId = response.headers.get('x-svc-request-id');
    if (response.body.reauth === true) {
      assert.deepEqual(Object.keys(response.body).sort(), ['provider', 'reauth'], label);
      return response;
    }
    assert.equal(typeof response.body.error, 'string', label);
    assert.ok(
      Object.keys(response.body).every((field) => field === 'error' || field === 'code'),
      `${label}: ${response.text}`,
    );
    const record = errors.records.find((entry) => entry.requestId === requestId);
    assert.ok(record, `${label}: onError got the failure`);
    assert.ok(record.error !== undefined && record.error !== null, `${label}: with its cause`);
    return response;
  }

  for (const index of [0, 1]) {
    describe(index === 0 ? 'in-process' : 'http', () => {
      const use = () => transports[index]!;

      for (const path of ['/presign', '/multipart/init']) {
        it(`POST ${path}: raw bodies and wrong-typed metadata`, async () => {
          for (const body of RAW_BODIES) await expectContractRefusal(use(), path, body, [400]);
          for (const body of fileBodies()) {
            const response = await expectContractRefusal(use(), path, body, [400, 413, 415]);
            if (response.status === 200 && path === '/multipart/init') await use().post(`${MOUNT}/multipart/abort`, { token: response.body.token });
          }
          assert.equal(({} as Record<string, unknown>).polluted, undefined);
          await expectContractRefusal(use(), path, '{"__proto__": {"polluted": true}, "name": "a.png", "type": "image/png", "size": 1}', [400]);
          assert.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype pollution');
        });
      }

      it('POST /multipart/sign-part, /complete, /abort, /resume and /complete: raw bodies and forged, truncated or re-signed tokens', async () => {
        const init = await initUpload(use(), { name: 'f.png', type: 'image/png', size: 900 });
        const variants = tokenVariants(init.token, 'server-tests-upload-token-secret');
        for (const path of ['/multipart/sign-part', '/multipart/complete', '/multipart/abort', '/multipart/resume', '/complete']) {
          for (const body of RAW_BODIES) await expectContractRefusal(use(), path, body, [400, 403]);
          for (const token of variants) {
            const response = await expectContractRefusal(use(), path, { token, partNumber: 1, parts: [{ partNumber: 1, eTag: '"x"' }] }, [400, 403]);
            assert.notEqual(response.status, 200, `${path} accepted a bad token: ${String(token).slice(0, 40)}`);
          }
        }
        await use().post(`${MOUNT}/multipart/abort`, { token: init.token });
      });

      it('POST /multipart/sign-part and /complete: wrong part numbers and parts lists with a genuine token', async () => {
        const init = await initUpload(use(), { name: 'f.png', type: 'image/png', size: 900 });
        for (const partNumber of [0, -1, 1.5, 1e308, 10_001, '1', null, [], {}, true]) {
          const response = await expectContractRefusal(use(), '/multipart/sign-part', { token: init.token, partNumber }, [400]);
          assert.equal(response.status, 400);
        }
        await expectContractRefusal(use(), '/multipart/sign-part', `{"token": "${init.token}", "partNumber": 1e999}`, [400]);
        const partLists: unknown[] = [
          'x',
          null,
          {},
          [],
          [null],
          [[1, '"a"']],
          [{ partNumber: 1e308, eTag: '"a"' }],
          [{ partNumber: 1, eTag: 5 }],
          [{ partNumber: 1, eTag: '' }],
          [{ partNumber: 1, eTag: 'x'.repeat(5000) }],
          Array.from({ length: 10_001 }, (_, part) => ({ partNumber: part + 1, eTag: '"a"' })),
          [{ partNumber: 1, eTag: '"never-uploaded"' }],
          [JSON.parse(deepObject(300))],
        ];
        for (const parts of partLists) {
          const response = await expectContractRefusal(use(), '/multipart/complete', { token: init.token, parts }, [400]);
          assert.equal(response.status, 400, JSON.stringify(parts)?.slice(0, 80));
        }
        assert.equal((await use().post(`${MOUNT}/multipart/resume`, { token: init.token })).status, 200, 'bad requests left the upload intact');
        await use().post(`${MOUNT}/multipart/abort`, { token: init.token });
      });

      it('POST /files/:provider/transfer: raw bodies and wrong types', async () => {
        for (const body of RAW_BODIES) await expectContractRefusal(use(), '/files/google-drive/transfer', body, [400]);
        const bodies: unknown[] = [
          {},
          { fileId: 5 },
          { fileId: '' },
          { fileId: 'f', size: 1e308 },
          { fileId: 'f', size: -1 },
          { fileId: 'f', mimeType: 7 },
          { fileId: 'f', mimeType: 'text/html' },
          { fileId: 'f', mimeType: 'image/png', extra: [1] },
        ];
        for (const body of bodies) await expectContractRefusal(use(), '/files/google-drive/transfer', body, [400, 401, 413, 415]);
        await expectContractRefusal(use(), '/files/not-a-provider/transfer', { fileId: 'f' }, [400]);
      });

      it('refuses a form-encoded or multipart body as invalid JSON and accepts JSON sent as text/plain', async () => {
        const form = new FormData();
        form.set('name', 'a.png');
        const multipart = await use().send(`${MOUNT}/presign`, { method: 'POST', body: form });
        assert.deepEqual([multipart.status, multipart.body.error], [400, 'Invalid JSON body']);
        const plain = await use().send(`${MOUNT}/presign`, {
          method: 'POST',
          body: JSON.stringify({ name: 'a.png', type: 'image/png', size: 5 }),
          headers: { 'content-type': 'text/plain' },
        });
        assert.equal(plain.status, 200);
      });
    });
  }
});
