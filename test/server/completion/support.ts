/**
 * What the completion suites share: a recorder of the after-commit hooks per object key, a handler
 * behind a real HTTP server that tells when it is idle and when a client went away, a request whose
 * client leaves as soon as it is sent (or once storage's answer is held), and the client side of a single and a multipart upload.
 */
import assert from 'node:assert/strict';
import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UploadedFileEvent, UploadHandler, UploadHooks } from '../../../server/index.js';
import { toNodeListener } from '../../../server/node.js';
import type { FaultProxy } from '../../support/fault-proxy.mjs';
import { initUpload, sendPart, splitIntoParts } from '../support/multipart-client.js';
import { MOUNT, type Transport, type WireResponse } from '../support/upload-harness.js';

export interface HookRecorder {
  hooks: Pick<UploadHooks, 'onFileUploaded' | 'onUploadComplete'>;
  events: { hook: 'onFileUploaded' | 'onUploadComplete'; file: UploadedFileEvent }[];
  /** How many times `hook` ran for `key`. */
  count(key: string, hook?: 'onFileUploaded' | 'onUploadComplete'): number;
}

export function createHookRecorder(): HookRecorder {
  const events: HookRecorder['events'] = [];
  return {
    events,
    hooks: {
      onFileUploaded: (file) => {
        events.push({ hook: 'onFileUploaded', file });
      },
      onUploadComplete: (file) => {
        events.push({ hook: 'onUploadComplete', file });
      },
    },
    count: (key, hook = 'onFileUploaded') => events.filter((event) => event.hook === hook && event.file.key === key).length,
  };
}

export interface TrackedServer extends Transport {
  origin: string;
  /** Resolves once no request is being handled (the handler has returned for every one). */
  idle(): Promise<void>;
  /** Resolves when the next client connection of a request closes before its answer was sent. */
  nextClientGone(): Promise<void>;
}

/** The handler behind `toNodeListener` on a loopback port, as a host serves it. */
export async function serveTracked(handler: UploadHandler): Promise<TrackedServer> {
  let active = 0;
  let idleWaiters: (() => void)[] = [];
  let goneWaiters: (() => void)[] = [];
  const tracked: UploadHandler = async (req) => {
    active += 1;
    try {
      return await handler(req);
    } finally {
      active -= 1;
      if (active === 0) for (const resolve of idleWaiters.splice(0)) resolve();
    }
  };
  const server: Server = createServer(toNodeListener(tracked));
  server.on('request', (_req, res) => {
    res.once('close', () => {
      if (!res.writableFinished) for (const resolve of goneWaiters.splice(0)) resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const send = async (path: string, init?: RequestInit): Promise<WireResponse> => {
    const response = await fetch(origin + path, init);
    const text = await response.text();
    const body = (response.headers.get('content-type') ?? '').includes('json') && text !== '' ? JSON.parse(text) : text;
    return { status: response.status, headers: response.headers, body, text };
  };
  return {
    name: 'http',
    origin,
    send,
    post: (path, body, headers) => send(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } }),
    idle: () =>
      active === 0
        ? Promise.resolve()
        : new Promise((resolve) => {
            idleWaiters.push(resolve);
          }),
    nextClientGone: () =>
      new Promise((resolve) => {
        goneWaiters.push(resolve);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        idleWaiters = [];
        goneWaiters = [];
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * POSTs `body` and cuts the connection: at once after the request is sent (`when: 'sent'`, the
 * answer is lost), or once `cut` resolves (the client leaves mid-request). Resolves when it is cut.
 */
export function postAndLeave(server: TrackedServer, path: string, body: unknown, cut?: Promise<unknown>): Promise<void> {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(JSON.stringify(body));
    const request = httpRequest(server.origin + MOUNT + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': payload.length },
    });
    request.on('error', () => undefined);
    request.on('response', () => reject(new Error('the answer arrived before the client left')));
    request.end(payload, () => {
      void (cut ?? Promise.resolve()).then(() => {
        request.destroy();
        resolve();
      });
    });
  });
}

/**
 * The client leaves once storage has answered (and so acted on) the request `proxy` holds: POSTs
 * `body`, cuts the connection when the held answer is there, then lets the answer through and
 * waits until the handler has finished what the request started.
 */
export async function leaveWhileHeld(server: TrackedServer, proxy: Pick<FaultProxy, 'held' | 'releaseHeld'>, path: string, body: unknown): Promise<void> {
  const gone = server.nextClientGone();
  await postAndLeave(server, path, body, proxy.held());
  await gone;
  proxy.releaseHeld();
  await server.idle();
}

export interface SingleUpload {
  key: string;
  completionToken: string;
  content: Buffer;
}

/** /presign and the PUT, as the browser does them; the completion is left to the test. */
export async function putSingle(
  transport: Transport,
  content: Buffer,
  file: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<SingleUpload> {
  const presigned = await transport.post(`${MOUNT}/presign`, { name: 'small.txt', type: 'text/plain', size: content.length, ...file }, headers);
  assert.equal(presigned.status, 200, presigned.text);
  assert.ok(presigned.body.completionToken, 'the answer carries a completion token');
  const put = await fetch(presigned.body.uploadUrl, { method: 'PUT', body: Uint8Array.from(content), headers: presigned.body.uploadHeaders });
  assert.equal(put.status, 200, `PUT: ${await put.text()}`);
  return { key: presigned.body.key, completionToken: presigned.body.completionToken, content };
}

export interface MultipartUpload {
  key: string;
  uploadId: string;
  token: string;
  parts: { partNumber: number; eTag: string }[];
  content: Buffer;
}

/** /multipart/init, sign-part and the part PUTs; the completion is left to the test. */
export async function putMultipart(transport: Transport, content: Buffer, name = 'large.bin', headers: Record<string, string> = {}): Promise<MultipartUpload> {
  const init = await initUpload(transport, { name, type: 'application/octet-stream', size: content.length }, headers);
  const parts = [];
  for (const [index, chunk] of splitIntoParts(content, init.partSize).entries()) parts.push(await sendPart(transport, init.token, index + 1, chunk, headers));
  return { key: init.key, uploadId: init.uploadId, token: init.token, parts, content };
}
