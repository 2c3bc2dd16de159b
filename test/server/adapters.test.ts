/**
 * The handler mounted the ways hosts mount it: plain node:http, an Express-style sub-app (prefix
 * stripped from req.url, body already parsed), and inside an h3 app as Nuxt/Nitro does.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { H3 } from 'h3';
import { serve } from 'srvx';
import type { UploadHandler } from '../../server/index.js';
import { toNodeListener } from '../../server/node.js';
import { createTestHandler, inProcess, MOUNT } from './support/upload-harness.js';

const file = { name: 'mounted.txt', type: 'text/plain', size: 4 };

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** What Express does for `app.use('/api/upload', express.json(), listener)`. */
function expressStyleMount(prefix: string, listener: ReturnType<typeof toNodeListener>) {
  return (req: IncomingMessage & { originalUrl?: string; body?: unknown }, res: Parameters<typeof listener>[1]) => {
    const url = req.url ?? '/';
    if (!url.startsWith(prefix)) {
      res.statusCode = 404;
      res.end('host 404');
      return;
    }
    req.originalUrl = url;
    req.url = url.slice(prefix.length) || '/';
    if (req.method === 'POST' && (req.headers['content-type'] ?? '').includes('application/json')) {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        req.body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        listener(req, res, (error) => {
          res.statusCode = 599;
          res.end(String(error));
        });
      });
      return;
    }
    listener(req, res);
  };
}

describe('adapters', () => {
  let handler: UploadHandler;
  const servers: Server[] = [];

  before(async () => {
    handler = await createTestHandler({ cors: { allowedOrigins: ['https://app.example.com'] } });
  });
  after(() => Promise.all(servers.map(close)));

  it('node:http listener: same status, body and headers as the in-process handler', async () => {
    const server = createServer(toNodeListener(handler));
    servers.push(server);
    const base = await listen(server);
    const requests: [string, RequestInit][] = [
      [`${MOUNT}/health`, {}],
      [`${MOUNT}/nowhere`, { headers: { origin: 'https://app.example.com' } }],
      [`${MOUNT}/presign`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com' } }],
      [`${MOUNT}/presign`, { method: 'POST', body: '{bad' }],
      [`${MOUNT}/multipart/sign-part`, { method: 'POST', body: JSON.stringify({ token: 'a.b', partNumber: 1 }) }],
    ];
    for (const [path, init] of requests) {
      const overHttp = await fetch(base + path, init);
      const direct = await inProcess(handler).send(path, init);
      assert.equal(overHttp.status, direct.status, path);
      assert.equal(await overHttp.text(), direct.text, path);
      for (const name of ['content-type', 'access-control-allow-origin', 'access-control-allow-credentials', 'access-control-allow-methods', 'cache-control']) {
        assert.equal(overHttp.headers.get(name), direct.headers.get(name), `${path} ${name}`);
      }
      assert.ok(overHttp.headers.get('x-svc-request-id'));
    }
  });

  it('node:http listener: a JSON answer goes out in one piece with its Content-Length, not chunked', async () => {
    const server = createServer(toNodeListener(handler));
    servers.push(server);
    const base = await listen(server);
    const presign = await fetch(`${base}${MOUNT}/presign`, { method: 'POST', body: JSON.stringify(file) });
    const text = await presign.text();
    assert.equal(presign.status, 200);
    assert.equal(presign.headers.get('content-length'), String(Buffer.byteLength(text)));
    assert.equal(presign.headers.get('transfer-encoding'), null);
    const refused = await fetch(`${base}${MOUNT}/presign`, { method: 'POST', body: '{bad' });
    assert.equal(refused.status, 400);
    assert.equal(refused.headers.get('content-length'), String(Buffer.byteLength(await refused.text())));
  });

  it('Express-style mount: prefix stripped from req.url, body already parsed by a JSON body parser', async () => {
    const server = createServer(expressStyleMount('/api/upload', toNodeListener(handler)));
    servers.push(server);
    const base = await listen(server);
    const presign = await fetch(`${base}/api/upload/presign`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(file) });
    assert.equal(presign.status, 200);
    const body = await presign.json();
    assert.match(body.key, /^anon\/.+\/mounted\.txt$/);
    assert.equal((await fetch(body.uploadUrl, { method: 'PUT', body: 'four', headers: body.uploadHeaders })).status, 200);
    const health = await fetch(`${base}/api/upload/health/`);
    assert.equal((await health.json()).status, 'ok');
  });

  it('Express-style mount with a raw body (listener mounted before the body parser)', async () => {
    const server = createServer(expressStyleMount('/api/upload', toNodeListener(handler)));
    servers.push(server);
    const base = await listen(server);
    const response = await fetch(`${base}/api/upload/presign`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(file) });
    assert.equal(response.status, 200);
  });

  it('inside an h3 app, as a Nuxt/Nitro server route: `(event) => handler(event.req)`', async () => {
    const app = new H3();
    app.get('/', () => 'host page');
    app.all('/api/upload/**', (event) => handler(event.req as Request));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', silent: true });
    await server.ready();
    try {
      const base = server.url!.replace(/\/$/, '');
      const presign = await fetch(`${base}/api/upload/presign`, { method: 'POST', body: JSON.stringify(file) });
      assert.equal(presign.status, 200);
      assert.ok(presign.headers.get('x-svc-request-id'));
      const notFound = await fetch(`${base}/api/upload/presign`);
      assert.deepEqual([notFound.status, await notFound.json()], [404, { error: 'Not found' }]);
      assert.equal(await (await fetch(`${base}/`)).text(), 'host page');
    } finally {
      await server.close(true);
    }
  });
});
