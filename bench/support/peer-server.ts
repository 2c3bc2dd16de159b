/**
 * The peer benchmark's server: one node:http server that serves the page (this project's page
 * module, the two Uppy builds and the built `<svc-uploader>` bundle), mounts the upload handler
 * at /api/upload, and answers Uppy's companion-style S3 routes at /companion/<size>/s3/... .
 *
 * The shim is the like-for-like choice: each companion route calls the same handler's matching
 * /multipart route in process (init, sign-part, complete, abort, resume), so Uppy gets the same
 * signing work, the same storage and one HTTP round trip per call, exactly like the engine. The
 * upload id Uppy carries in its URLs is the handler's upload token. Companion's create request
 * carries no size, which the handler's init needs: the page puts it in the endpoint path.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { build } from 'esbuild';
import { toNodeListener } from '../../server/node.js';
import type { UploadHandler } from '../../server/index.js';

const PART_BYTES = 8 * 1024 * 1024;
const DIST_BROWSER = new URL('../../dist/browser/', import.meta.url).pathname;

async function bundle(entry: string, define: Record<string, string> = {}, alias: Record<string, string> = {}): Promise<string> {
  const result = await build({
    entryPoints: [new URL(entry, import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    logLevel: 'silent',
    define,
    alias,
  });
  return result.outputFiles[0]!.text;
}

/** One core for the page and the plugin: aws-s3 imports `@uppy/core`, which must be its own major. */
function uppyBuild(major: '5' | '6'): Promise<string> {
  const core = `uppy${major}-core`;
  return bundle(
    '../peers-uppy-page.ts',
    { UPPY_MAJOR: JSON.stringify(major) },
    { '@uppy/core': core, 'uppy6-core': core, 'uppy6-aws-s3': `uppy${major}-aws-s3` },
  );
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Uppy's companion-style S3 multipart routes, each mapped onto one handler route. */
async function companionShim(handler: UploadHandler, request: IncomingMessage, url: URL): Promise<{ status: number; body: unknown }> {
  const [, , size, , , uploadId, action] = url.pathname.split('/').map(decodeURIComponent);
  const call = async (route: string, body: unknown): Promise<Record<string, unknown>> => {
    const response = await handler(
      new Request(`${url.origin}/api/upload/multipart/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    if (!response.ok) throw new Error(`handler /multipart/${route} answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  if (request.method === 'POST' && !uploadId) {
    const { filename, type } = await readJson(request);
    const init = await call('init', { name: filename, type, size: Number(size), chunkSizeBytes: PART_BYTES });
    return { status: 200, body: { uploadId: init['token'], key: init['key'] } };
  }
  if (request.method === 'GET' && action) {
    const signed = await call('sign-part', { token: uploadId, partNumber: Number(action) });
    return { status: 200, body: { url: signed['uploadUrl'], headers: signed['uploadHeaders'], expires: signed['expiresIn'] } };
  }
  if (request.method === 'POST' && action === 'complete') {
    const { parts } = (await readJson(request)) as { parts: Array<{ PartNumber: number; ETag: string }> };
    const done = await call('complete', { token: uploadId, parts: parts.map((part) => ({ partNumber: part.PartNumber, eTag: part.ETag })) });
    return { status: 200, body: { location: done['downloadUrl'] ?? done['key'], key: done['key'] } };
  }
  if (request.method === 'DELETE') return { status: 200, body: await call('abort', { token: uploadId }) };
  if (request.method === 'GET') {
    const resumed = (await call('resume', { token: uploadId })) as { parts: Array<{ partNumber: number; eTag: string; size: number }> };
    return { status: 200, body: resumed.parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.eTag, Size: part.size })) };
  }
  return { status: 404, body: { error: 'Not found' } };
}

const PAGE = `<!doctype html><meta charset="utf-8">
<input type="file" id="bench-file">
<script type="module" src="/dist/browser/svc-uploader.js"></script>
<script type="module" src="/ours.js"></script>
<script type="module" src="/uppy5.js"></script>
<script type="module" src="/uppy6.js"></script>`;

export interface PeerServer {
  origin: string;
  close(): void;
}

export async function startPeerServer(handler: UploadHandler): Promise<PeerServer> {
  const scripts: Record<string, string> = {
    '/ours.js': await bundle('../peers-page.ts'),
    '/uppy5.js': await uppyBuild('5'),
    '/uppy6.js': await uppyBuild('6'),
  };
  const nodeHandler = toNodeListener(handler);
  const send = (response: ServerResponse, status: number, type: string, body: string | Buffer): void => {
    response.writeHead(status, { 'content-type': type }).end(body);
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    if (url.pathname.startsWith('/api/upload')) return void nodeHandler(request, response);
    if (url.pathname.startsWith('/companion/')) {
      companionShim(handler, request, url).then(
        ({ status, body }) => send(response, status, 'application/json', JSON.stringify(body)),
        (error: Error) => send(response, 500, 'application/json', JSON.stringify({ error: error.message })),
      );
      return;
    }
    if (scripts[url.pathname]) return send(response, 200, 'application/javascript', scripts[url.pathname]!);
    if (url.pathname.startsWith('/dist/browser/')) {
      const path = normalize(join(DIST_BROWSER, url.pathname.slice('/dist/browser/'.length)));
      if (!path.startsWith(DIST_BROWSER)) return send(response, 404, 'text/plain', 'Not found');
      readFile(path).then(
        (code) => send(response, 200, extname(path) === '.js' ? 'application/javascript' : 'application/octet-stream', code),
        () => send(response, 404, 'text/plain', 'Not found'),
      );
      return;
    }
    send(response, 200, 'text/html', PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
