/**
 * Hostile bodies on the upload-start routes (/presign, /multipart/init) and the body reader every
 * route shares (the continuations and /complete included): non-JSON and wrong content types, wrong types at every field, depth bombs and
 * wide objects, hostile sizes and part counts, hostile names, prototype keys, bodies over the
 * limit (declared, chunked, in process) and bodies that trickle. Each answer is the contract's
 * status and body, and nothing is left in the bucket by what was refused.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { UploadHandler } from '../../server/index.js';
import { APP, assertNothingLeft, assertRefusal, call, createHostileHandler, hostileUser, MOUNT, toJson } from './support/hostile-harness.js';
import { startRawServer, type RawServer } from './support/raw-http.js';

const INVALID_JSON = { error: 'Invalid JSON body', code: 'BAD_REQUEST' };
const INVALID_METADATA = { error: 'Invalid file metadata', code: 'BAD_REQUEST' };
const BODY_TIMEOUT = { error: 'Request body timeout', code: 'BAD_REQUEST' };
const GIB = 1024 ** 3;
const valid = { name: 'photo.png', type: 'image/png', size: 10 };
const START_ROUTES = ['/presign', '/multipart/init'] as const;
const BODY_ROUTES = [
  '/presign',
  '/multipart/init',
  '/multipart/sign-part',
  '/multipart/complete',
  '/multipart/abort',
  '/multipart/resume',
  '/complete',
] as const;

describe('hostile bodies on the upload routes', () => {
  const user = hostileUser();
  let handler: UploadHandler;
  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    call(handler, MOUNT + path, { body, headers: { 'x-user': user, ...headers } });

  before(async () => {
    handler = await createHostileHandler();
  });
  after(() => assertNothingLeft(user));

  it('refuses what is not JSON, whatever the content type claims, with 400 Invalid JSON body', async () => {
    const bodies: [string, string][] = [
      ['', 'application/json'],
      ['{', 'application/json'],
      ["{'name': 'a'}", 'application/json'],
      ['{"name": "a",}', 'application/json'],
      ['NaN', 'application/json'],
      ['{"size": Infinity}', 'application/json'],
      ['name=a.png&type=image%2Fpng&size=10', 'application/x-www-form-urlencoded'],
      ['--x\r\nContent-Disposition: form-data; name="name"\r\n\r\na.png\r\n--x--', 'multipart/form-data; boundary=x'],
      ['<file><name>a.png</name></file>', 'application/xml'],
      ['\u0000\u0001', 'application/octet-stream'],
    ];
    for (const path of BODY_ROUTES) {
      for (const [body, type] of bodies)
        assertRefusal(await post(path, body, { 'content-type': type }), 400, INVALID_JSON, `${path} ${toJson(body.slice(0, 30))} as ${type}`);
      // Bytes that are not UTF-8 are not JSON either.
      assertRefusal(await post(path, new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), 400, INVALID_JSON, `${path} invalid UTF-8`);
    }
  });

  it('reads JSON whatever the content type, since a text/plain POST needs no preflight', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', '']) {
      const response = await post('/presign', toJson(valid), { 'content-type': type });
      assert.equal(response.status, 200, `${type}: ${response.text}`);
    }
  });

  it('refuses JSON of the wrong type at every field with 400 Invalid file metadata', async () => {
    const wrong: Record<string, unknown[]> = {
      name: [undefined, null, 1, true, [], {}, ['a.png'], { toString: 'a.png' }, '', '   ', 'x'.repeat(1025)],
      type: [undefined, null, 1, true, [], {}, ['image/png'], 'image/png, text/html', 'image/png\r\nx-evil: 1', 'image/\u00e9', 'x'.repeat(300)],
      size: [undefined, null, '10', '1e3', true, [], {}, [10], -1, -0.5, 1.5, 1e-7, Number.MAX_SAFE_INTEGER + 2, 1e308],
    };
    for (const path of START_ROUTES) {
      assertRefusal(await post(path, 'null'), 400, INVALID_METADATA, `${path} null`);
      assertRefusal(await post(path, '[]'), 400, INVALID_METADATA, `${path} []`);
      assertRefusal(await post(path, '"a.png"'), 400, INVALID_METADATA, `${path} a string`);
      for (const [field, values] of Object.entries(wrong)) {
        for (const value of values) {
          const body = { ...valid, [field]: value };
          if (value === undefined) delete (body as Record<string, unknown>)[field];
          assertRefusal(await post(path, toJson(body)), 400, INVALID_METADATA, `${path} ${field}=${toJson(value)?.slice(0, 40)}`);
        }
      }
      // 1e999 is valid JSON for Infinity; -0 is 0 bytes.
      assertRefusal(await post(path, '{"name":"a.png","type":"image/png","size":1e999}'), 400, INVALID_METADATA, `${path} size 1e999`);
    }
    for (const signParts of [0, 17, 2.5, '3', null, true, [], -1, 1e308]) {
      assertRefusal(await post('/multipart/init', toJson({ ...valid, signParts })), 400, INVALID_METADATA, `signParts ${toJson(signParts)}`);
    }
  });

  it('answers sizes at and past the limits with the contract statuses', async () => {
    const table: [string, number, number, Record<string, unknown>][] = [
      ['/presign', 6 * GIB, 413, { error: 'File too large', code: 'MULTIPART_REQUIRED' }],
      ['/presign', 10 * GIB + 1, 413, { error: 'File too large' }],
      ['/multipart/init', 10 * GIB + 1, 413, { error: 'File too large' }],
      ['/multipart/init', Number.MAX_SAFE_INTEGER, 413, { error: 'File too large' }],
    ];
    for (const [path, size, status, body] of table) assertRefusal(await post(path, toJson({ ...valid, size })), status, body, `${path} size ${size}`);
    for (const path of START_ROUTES) {
      assertRefusal(await post(path, toJson({ ...valid, type: 'text/html' })), 415, { error: 'File type not allowed' }, `${path} text/html`);
      assertRefusal(await post(path, toJson({ ...valid, type: 'image/svg+xml' })), 415, { error: 'File type not allowed' }, `${path} svg through image/*`);
      assertRefusal(await post(path, toJson({ ...valid, type: '' })), 415, { error: 'File type not allowed' }, `${path} empty type`);
    }
  });

  it('keeps part sizes within S3 limits whatever chunkSizeBytes asks for', async () => {
    for (const chunkSizeBytes of [-1, 0, 0.5, 1e308, Number.MAX_VALUE, '5242880', null, [], {}, 6 * 1024 ** 3]) {
      const response = await post('/multipart/init', toJson({ ...valid, size: 20 * 1024 * 1024, chunkSizeBytes }));
      assert.equal(response.status, 200, `chunkSizeBytes ${toJson(chunkSizeBytes)}: ${response.text}`);
      const { partSize, token } = response.body as { partSize: number; token: string };
      assert.ok(
        Number.isSafeInteger(partSize) && partSize >= 5 * 1024 * 1024 && partSize <= 5 * GIB,
        `chunkSizeBytes ${toJson(chunkSizeBytes)} gave part size ${partSize}`,
      );
      assert.equal((await post('/multipart/abort', toJson({ token }))).status, 200);
    }
  });

  it('stores hostile names only as one sanitised segment under the caller', async () => {
    const names = [
      '../../x',
      '..',
      '.',
      '/etc/passwd',
      '..\\..\\windows\\system32',
      'a/b/c.png',
      'CON',
      'con.txt',
      'NUL',
      'AUX.png',
      'evil\u202Egnp.exe',
      'a\u0000b.png',
      'line\r\nbreak.png',
      '\u0007\u001b[31mred.png',
      'lone\uD800surrogate.png',
      '\uDC00',
      '\u200B\u200E\u2066.png',
      'x'.repeat(1024),
      '\u00e9'.repeat(1024),
      '%2e%2e%2fx',
      'a;b=c.png',
      '<script>.png',
      '"quoted".png',
      '   .png',
    ];
    for (const name of names) {
      const response = await post('/presign', toJson({ ...valid, name }));
      assert.equal(response.status, 200, `${toJson(name).slice(0, 40)}: ${response.text}`);
      const key = (response.body as { key: string }).key;
      const segments = key.split('/');
      assert.equal(segments.length, 3, `one name segment: ${key.slice(0, 80)}`);
      assert.equal(segments[0], user);
      const stored = segments[2]!;
      assert.ok(stored !== '' && !stored.startsWith('.') && Buffer.byteLength(stored) <= 200, `name segment ${toJson(stored).slice(0, 60)}`);
      assert.doesNotMatch(
        stored,
        /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\\<>"%;]|[\uD800-\uDFFF]/u,
        `no control, bidi or markup characters in ${toJson(stored).slice(0, 60)}`,
      );
    }
  });

  it('treats __proto__, constructor and prototype keys as plain data', async () => {
    const bodies = [
      '{"__proto__": {"name": "a.png", "type": "image/png", "size": 1}}',
      '{"constructor": {"prototype": {"name": "a.png"}}, "name": "a.png", "type": "image/png", "size": 1}',
      '{"name": "a.png", "type": "image/png", "size": 1, "metadata": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}}',
      '{"name": "a.png", "type": "image/png", "size": 1, "metadata": {"checksumSha256": {"__proto__": "x"}}, "__proto__": {"isAdmin": true}}',
      '{"name": {"__proto__": "a.png"}, "type": "image/png", "size": 1}',
    ];
    const expected = [400, 200, 200, 200, 400];
    for (const [index, body] of bodies.entries()) {
      for (const path of START_ROUTES) {
        const response = await post(path, body);
        if (expected[index] === 400) assertRefusal(response, 400, INVALID_METADATA, `${path} body ${index}`);
        else assert.equal(response.status, 200, `${path} body ${index}: ${response.text}`);
        if (path === '/multipart/init' && response.status === 200)
          await post('/multipart/abort', toJson({ token: (response.body as { token: string }).token }));
      }
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype untouched');
    assert.equal(({} as Record<string, unknown>).isAdmin, undefined, 'Object.prototype untouched');
  });

  it('answers depth bombs and very wide objects without crashing', async () => {
    const depthBomb = `${'['.repeat(400_000)}${']'.repeat(400_000)}`;
    const objectBomb = `${'{"a":'.repeat(150_000)}1${'}'.repeat(150_000)}`;
    const wide = `{${Array.from({ length: 60_000 }, (_, index) => `"k${index}":${index}`).join(',')}}`;
    for (const path of BODY_ROUTES) {
      const isStart = path === '/presign' || path === '/multipart/init';
      const [status, body] = isStart ? [400, INVALID_METADATA] : [403, { error: 'Invalid upload token', code: 'malformed' }];
      for (const [label, bomb] of [
        ['depth bomb', depthBomb],
        ['object depth bomb', objectBomb],
        ['wide object', wide],
      ]) {
        assertRefusal(await post(path, bomb!), status, body, `${path} ${label}`);
      }
    }
    const wideMetadata = `{${Array.from({ length: 20_000 }, (_, index) => `"k${index}":${index}`).join(',')}}`;
    const deepMetadata = await post(
      '/presign',
      `{"name":"a.png","type":"image/png","size":1,"metadata":{"deep":${'['.repeat(200_000)}${']'.repeat(200_000)},"wide":${wideMetadata}}}`,
    );
    assert.equal(deepMetadata.status, 200, 'opaque metadata is not walked');
  });

  it('refuses a body over the limit in process, from the first byte past it', async () => {
    const big = `{"name":"${'x'.repeat(2 * 1024 * 1024)}"}`;
    for (const path of BODY_ROUTES) assertRefusal(await post(path, big), 400, INVALID_JSON, `${path} 2 MiB`);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    assertRefusal(await post('/presign', endless), 400, INVALID_JSON, 'an endless body');
    assert.ok(pulled <= 1024 * 1024 + 3 * 64 * 1024, `stopped reading near the limit (read ${pulled} bytes)`);
  });
});

describe('hostile bodies over HTTP', () => {
  const user = hostileUser();
  let server: RawServer;

  before(async () => {
    server = await startRawServer(await createHostileHandler({ requestBodyTimeoutMs: 400 }));
  });
  after(async () => {
    await server.close();
    await assertNothingLeft(user);
  });

  const head = (path: string, headers: string[]) =>
    [`POST ${MOUNT}${path} HTTP/1.1`, 'host: uploads.test', `origin: ${APP}`, `x-user: ${user}`, ...headers].join('\r\n') + '\r\n\r\n';

  it('refuses a body declared over the limit before reading it, and closes the connection', async () => {
    const answer = await server.exchange(head('/presign', ['content-type: application/json', `content-length: ${2 * 1024 * 1024}`]), [
      Buffer.alloc(2 * 1024 * 1024, 0x20),
    ]);
    assertRefusal(answer.response, 400, INVALID_JSON, 'declared 2 MiB');
    assert.equal(answer.response.headers.get('connection'), 'close');
  });

  it('refuses a chunked body once it passes the limit', async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const chunks = Array.from({ length: 8 }, () => Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
    const answer = await server.exchange(head('/multipart/init', ['content-type: application/json', 'transfer-encoding: chunked']), chunks);
    assertRefusal(answer.response, 400, INVALID_JSON, 'chunked 2 MiB');
  });

  for (const [label, headers] of [
    ['with a Content-Length', ['content-length: 60']],
    ['chunked', ['transfer-encoding: chunked']],
  ] as const) {
    it(`answers 408 Request body timeout to a body that trickles (${label}), and closes the connection`, { timeout: 30_000 }, async () => {
      for (const path of BODY_ROUTES) {
        const trickle = label === 'chunked' ? (byte: string) => `1\r\n${byte}\r\n` : (byte: string) => byte;
        const answer = await server.exchange(head(path, headers as readonly string[] as string[]), [], {
          trickle: (index) => Buffer.from(trickle('{"name": "a.png", "type": "image/png", "size": 1}   '[index % 50] ?? ' ')),
        });
        assertRefusal(answer.response, 408, BODY_TIMEOUT, `${path} ${label}`);
        assert.equal(answer.response.headers.get('connection'), 'close', `${path}: the connection is not kept for the rest of the body`);
      }
    });
  }
});

describe('a body that never ends, in process', () => {
  it('answers 408 Request body timeout instead of waiting forever', { timeout: 30_000 }, async () => {
    const user = hostileUser();
    const handler = await createHostileHandler({ requestBodyTimeoutMs: 300 });
    for (const path of BODY_ROUTES) {
      const stalled = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"name": "a.png", '));
        },
      });
      const response = await call(handler, MOUNT + path, { body: stalled, headers: { 'x-user': user } });
      assertRefusal(response, 408, BODY_TIMEOUT, path);
    }
    await assertNothingLeft(user);
  });

  it('refuses a requestBodyTimeoutMs that is not a whole number of milliseconds >= 1', async () => {
    for (const requestBodyTimeoutMs of [0, -1, 1.5, Number.NaN, '30000']) {
      await assert.rejects(
        createHostileHandler({ requestBodyTimeoutMs: requestBodyTimeoutMs as number }),
        /requestBodyTimeoutMs must be a whole number of milliseconds >= 1/,
      );
    }
  });
});
