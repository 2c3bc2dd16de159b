/**
 * Hostile request lines and headers on every route: long URLs and query strings, path tricks
 * under the mount (dot segments, encoded slashes, double and trailing slashes, case, `;`
 * parameters), odd methods, hostile preflights and Origins, duplicated and oversized headers,
 * and provider slugs that are not slugs. Each answer is the contract's status and body with the
 * documented CORS headers, and no refused request leaves anything in the bucket.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { UploadHandler } from '../../server/index.js';
import { APP, assertNothingLeft, assertRefusal, call, createHostileHandler, hostileUser, MOUNT, toJson } from './support/hostile-harness.js';
import { startRawServer, type RawServer } from './support/raw-http.js';

const NOT_FOUND = { error: 'Not found' };
const CROSS_SITE = { error: 'Cross-site request refused', code: 'AUTH_DENIED' };
const file = toJson({ name: 'a.png', type: 'image/png', size: 10 });
const POST_ROUTES = [
  '/presign',
  '/multipart/init',
  '/multipart/sign-part',
  '/multipart/complete',
  '/multipart/abort',
  '/multipart/resume',
  '/complete',
  '/files/google-drive/transfer',
  '/auth/google-drive/sign-out',
];

describe('hostile request lines and headers', () => {
  const user = hostileUser();
  let handler: UploadHandler;
  const send = (path: string, request: Parameters<typeof call>[2] = {}) => call(handler, path, { ...request, headers: { 'x-user': user, ...request.headers } });

  before(async () => {
    handler = await createHostileHandler();
  });
  after(() => assertNothingLeft(user));

  it('answers 414 to a URL above 16 KiB, in the path or the query, before routing', async () => {
    const tooLong = { error: 'Request URL too long', code: 'BAD_REQUEST' };
    assertRefusal(await send(`${MOUNT}/${'a/'.repeat(9000)}presign`, { body: file }), 414, tooLong, 'long path');
    assertRefusal(await send(`${MOUNT}/presign?${'x=1&'.repeat(5000)}`, { body: file }), 414, tooLong, 'long query');
    assertRefusal(await send(`${MOUNT}/health?q=${'%41'.repeat(6000)}`), 414, tooLong, 'long encoded query');
    const manyParameters = await send(`${MOUNT}/presign?${'key=client%2Fchosen&'.repeat(600)}`, { body: file });
    assert.equal(manyParameters.status, 200, 'query parameters below the limit are ignored');
    assert.ok((manyParameters.body as { key: string }).key.startsWith(`${user}/`), 'a key in the query is never used');
  });

  it('routes path tricks to the route they spell after URL normalisation, and everything else to 404', async () => {
    const table: [string, number][] = [
      [`${MOUNT}/presign/`, 200],
      [`${MOUNT}/presign//`, 200],
      [`${MOUNT}//presign`, 200],
      [`${MOUNT}/multipart/../presign`, 200],
      [`${MOUNT}/%2e%2e/presign`, 200],
      [`${MOUNT}/presign/..`, 404],
      [`${MOUNT}/presign/.`, 200],
      [`${MOUNT}/multipart%2Finit`, 404],
      [`${MOUNT}/multipart%2finit`, 404],
      [`${MOUNT}/PRESIGN`, 404],
      [`${MOUNT}/Presign`, 404],
      [`${MOUNT}/presign;jsessionid=1`, 404],
      [`${MOUNT}/presign%3Bx`, 404],
      [`${MOUNT}/presign%00`, 404],
      [`${MOUNT}/presign%20`, 404],
      [`${MOUNT}/presign.json`, 404],
      [`${MOUNT}/presign\\`, 200],
      [`${MOUNT}/%ZZ/presign%`, 404],
      [`${MOUNT}/multipart`, 404],
      [`${MOUNT}/multipart/init/extra`, 404],
      [`${MOUNT}/`, 404],
    ];
    for (const [path, status] of table) {
      const response = await send(path, { body: file });
      if (status === 404) assertRefusal(response, 404, NOT_FOUND, path);
      else assert.equal(response.status, status, `${path}: ${response.text.slice(0, 100)}`);
    }
  });

  it('answers 404 Not found to every other method on the POST routes, HEAD without a body', async () => {
    for (const path of POST_ROUTES) {
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'HEAD']) {
        const response = await send(MOUNT + path, { method, ...(method === 'GET' || method === 'HEAD' ? {} : { body: file }) });
        assert.equal(response.status, 404, `${method} ${path}`);
        if (method === 'HEAD') assert.equal(response.text, '', `HEAD ${path}: no body`);
        else assertRefusal(response, 404, NOT_FOUND, `${method} ${path}`);
      }
      const overridden = await send(MOUNT + path, { method: 'GET', headers: { 'x-http-method-override': 'POST', 'x-method-override': 'POST' } });
      assertRefusal(overridden, 404, NOT_FOUND, `GET ${path} with a method override`);
    }
  });

  it('answers hostile preflights with 204, the configured lists and no CORS for foreign origins', async () => {
    const hostileRequestHeaders = `x-evil, cookie, authorization, ${'x'.repeat(8000)}`;
    for (const origin of ['null', 'https://evil.example', `${APP}.evil.example`, `${APP}:443@evil.example`, '*', APP]) {
      const response = await send(`${MOUNT}/presign`, {
        method: 'OPTIONS',
        origin,
        headers: { 'access-control-request-method': 'DELETE', 'access-control-request-headers': hostileRequestHeaders },
      });
      assert.equal(response.status, 204, origin);
      assert.equal(response.text, '', `${origin}: no body`);
      if (origin === APP) {
        assert.equal(response.headers.get('access-control-allow-origin'), APP);
        assert.equal(response.headers.get('access-control-allow-methods'), 'GET, POST, OPTIONS', 'the configured methods, not the requested one');
        assert.equal(response.headers.get('access-control-allow-headers'), 'Content-Type, Authorization', 'the configured headers, never the requested ones');
      } else {
        for (const name of [
          'access-control-allow-origin',
          'access-control-allow-credentials',
          'access-control-allow-methods',
          'access-control-allow-headers',
        ]) {
          assert.equal(response.headers.get(name), null, `${origin}: no ${name}`);
        }
      }
    }
  });

  it('reflects no overlong Origin, even through *', async () => {
    const wildcard = await createHostileHandler({ cors: { allowedOrigins: ['*'] } });
    const overlong = `https://${'a'.repeat(600)}.example`;
    for (const method of ['OPTIONS', 'GET']) {
      const response = await call(wildcard, `${MOUNT}/health`, { method, origin: overlong });
      assert.equal(response.headers.get('access-control-allow-origin'), null, `${method}: not reflected`);
    }
    const listed = await call(wildcard, `${MOUNT}/health`, { origin: 'https://any.example' });
    assert.equal(listed.headers.get('access-control-allow-origin'), 'https://any.example', 'a real origin still is');
  });

  it('refuses unsafe requests from Origin null, foreign origins and duplicated Origin headers, with no CORS', async () => {
    for (const origin of ['null', 'https://evil.example', `${APP}, ${APP}`, `${APP} `.repeat(200)]) {
      for (const path of POST_ROUTES) {
        assertRefusal(await send(MOUNT + path, { body: file, origin }), 403, CROSS_SITE, `${toJson(origin.slice(0, 40))} ${path}`, origin);
      }
    }
    const headers = new Headers({ 'x-user': user, 'content-type': 'application/json' });
    headers.append('origin', APP);
    headers.append('origin', 'https://evil.example');
    const response = await handler(new Request(`http://uploads.test${MOUNT}/presign`, { method: 'POST', headers, body: file }));
    assert.equal(response.status, 403, 'two Origin headers are one unlisted origin');
  });

  it('echoes an unknown provider slug only in part, in JSON browsers never sniff', async () => {
    const long = 'a'.repeat(5000);
    for (const base of ['/auth/', '/files/']) {
      assertRefusal(await send(`${MOUNT}${base}${long}`), 400, { error: `Unknown provider: ${'a'.repeat(64)}` }, `${base} long slug`);
      assertRefusal(
        await send(`${MOUNT}${base}%0d%0a%3Cscript%3Ealert(1)%3C%2Fscript%3E`),
        400,
        { error: 'Unknown provider: \r\n<script>alert(1)<%2Fscript>' },
        `${base} markup slug`,
      );
      assertRefusal(await send(`${MOUNT}${base}Google-Drive`), 400, { error: 'Unknown provider: Google-Drive' }, `${base} case`);
      assertRefusal(await send(`${MOUNT}${base}google-drive%2Fcb`), 400, { error: 'Unknown provider: google-drive%2Fcb' }, `${base} encoded slash`);
      assertRefusal(await send(`${MOUNT}${base}googleDrive`), 400, { error: 'Unknown provider: googleDrive' }, `${base} client source id`);
      assertRefusal(await send(`${MOUNT}${base}__proto__`), 400, { error: 'Unknown provider: __proto__' }, `${base} __proto__`);
      assertRefusal(await send(`${MOUNT}${base}constructor`), 400, { error: 'Unknown provider: constructor' }, `${base} constructor`);
    }
  });
});

describe('hostile headers over HTTP', () => {
  let server: RawServer;
  before(async () => {
    server = await startRawServer(await createHostileHandler());
  });
  after(() => server.close());

  const head = (lines: string[]) =>
    [`POST ${MOUNT}/presign HTTP/1.1`, 'host: uploads.test', `origin: ${APP}`, 'x-user: someone', ...lines].join('\r\n') + '\r\n\r\n';

  it('ends requests with conflicting lengths or oversized headers with a 4xx, without reaching the handler', async () => {
    const conflicting = await server.exchange(head(['content-length: 10', 'content-length: 20']), [Buffer.from(file)]);
    assert.equal(conflicting.response.status, 400);
    const smuggled = await server.exchange(head(['content-length: 10', 'transfer-encoding: chunked']), [Buffer.from('0\r\n\r\n')]);
    assert.equal(smuggled.response.status, 400);
    const oversized = await server.exchange(head([`cookie: ${'a'.repeat(20_000)}`, `content-length: ${file.length}`]), [Buffer.from(file)]);
    assert.equal(oversized.response.status, 431);
  });

  const request = (target: string, host: string, origin: string) =>
    [
      `POST ${target} HTTP/1.1`,
      `host: ${host}`,
      `origin: ${origin}`,
      'x-user: someone',
      'cookie: session=victim',
      `content-length: ${file.length}`,
      'connection: close',
    ].join('\r\n') +
    '\r\n\r\n' +
    file;

  it('takes a request path that starts with // as a path, so no site can name itself the handler origin', async () => {
    for (const evil of ['http://evil.example', 'http://evil.example:8080']) {
      const target = `//${new URL(evil).host}${MOUNT}/presign`;
      const answer = await server.exchange(request(target, 'uploads.test', evil), []);
      assertRefusal(answer.response, 403, CROSS_SITE, `${target} from ${evil}`, evil);
    }
    const own = await server.exchange(request(`//elsewhere${MOUNT}/presign`, 'uploads.test', 'http://uploads.test'), []);
    assert.equal(own.response.status, 200, `a double slash is still a path under the mount: ${own.response.text}`);
    const absolute = await server.exchange(request(`http://uploads.test${MOUNT}/presign`, 'uploads.test', 'http://uploads.test'), []);
    assert.equal(absolute.response.status, 200, `absolute-form names its own host: ${absolute.response.text}`);
  });

  it('answers 400 with a request id to a Host header or target that makes no URL', async () => {
    const invalid = { error: 'Invalid request target or Host header', code: 'BAD_REQUEST' };
    for (const [target, host] of [
      [`${MOUNT}/presign`, 'a b'],
      [`${MOUNT}/presign`, '[::1'],
      [`${MOUNT}/presign`, 'user@uploads.test'],
      [`${MOUNT}/presign`, 'uploads.test:99999'],
      [`${MOUNT}/presign`, 'uploads.test#x'],
      [`${MOUNT}/presign`, 'uploads.test/../x'],
      ['ftp://uploads.test/api/upload/presign', 'uploads.test'],
      ['http://user:pass@uploads.test/api/upload/presign', 'uploads.test'],
    ] as const) {
      const answer = await server.exchange(request(target, host, APP), []);
      assertRefusal(answer.response, 400, invalid, `${target} on ${host}`, 'none');
    }
  });
});
