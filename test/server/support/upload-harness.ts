/**
 * Drives the upload handler the two ways a host runs it: called in-process with a Web Request,
 * and behind a real loopback HTTP server through the Node listener adapter.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe } from 'node:test';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createUploadHandler } from '../../../server/index.js';
import { toNodeListener } from '../../../server/node.js';
import type { UploadErrorRecord, UploadHandler, UploadHandlerConfig } from '../../../server/index.js';
import { getTestStorage, type TestStorage } from '../../support/storage.js';

export const TEST_SECRET = 'server-tests-upload-token-secret';
export const MOUNT = '/api/upload';
export const MIB = 1024 * 1024;

export interface WireResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON when the body is JSON, else the text ('' for none). */
  body: any;
  text: string;
}

export interface Transport {
  name: 'in-process' | 'http';
  send(path: string, init?: RequestInit): Promise<WireResponse>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<WireResponse>;
  close(): Promise<void>;
}

async function toWireResponse(response: Response): Promise<WireResponse> {
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') body = JSON.parse(text);
  return { status: response.status, headers: response.headers, body, text };
}

function withJsonBody(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } };
}

export function inProcess(handler: UploadHandler, origin = 'http://uploads.test'): Transport {
  const send = async (path: string, init?: RequestInit) => toWireResponse(await handler(new Request(origin + path, init)));
  return { name: 'in-process', send, post: (path, body, headers) => send(path, withJsonBody(body, headers)), close: async () => undefined };
}

export async function overHttp(handler: UploadHandler): Promise<Transport> {
  const server: Server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const send = async (path: string, init?: RequestInit) => toWireResponse(await fetch(base + path, init));
  return {
    name: 'http',
    send,
    post: (path, body, headers) => send(path, withJsonBody(body, headers)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Both transports over one handler; close them in `after`. */
export async function bothTransports(handler: UploadHandler): Promise<Transport[]> {
  return [inProcess(handler), await overHttp(handler)];
}

export async function closeAll(transports: Transport[]): Promise<void> {
  await Promise.all(transports.map((transport) => transport.close()));
}

/**
 * In the enclosing `describe`: one default test handler on the test storage, and `tests` declared
 * twice, under "in-process" and "http", each time with that transport. Both getters answer once
 * the suite's `before` has run, that is inside tests and hooks.
 */
export function onBothTransports(tests: (use: () => Transport, storage: () => TestStorage) => void): void {
  let storage: TestStorage;
  let transports: Transport[] = [];
  before(async () => {
    storage = await getTestStorage();
    transports = await bothTransports(await createTestHandler());
  });
  after(() => closeAll(transports));
  for (const [index, title] of ['in-process', 'http'].entries()) {
    describe(title, () =>
      tests(
        () => transports[index]!,
        () => storage,
      ),
    );
  }
}

/** Collects `onError` records, so tests can check that the real cause reached the host. */
export function createErrorLog() {
  const records: UploadErrorRecord[] = [];
  return {
    records,
    onError: (record: UploadErrorRecord) => {
      records.push(record);
    },
  };
}

export async function createTestHandler(overrides: Partial<UploadHandlerConfig> = {}, storage?: TestStorage): Promise<UploadHandler> {
  const testStorage = storage ?? (await getTestStorage());
  return createUploadHandler({ storage: testStorage.storageConfig(), uploadTokenSecret: TEST_SECRET, allowAnonymousUploads: true, ...overrides });
}

/** Signs an arbitrary token payload the way the handler does: base64url(JSON) "." base64url(HMAC-SHA-256). */
export function signTokenPayload(payload: Record<string, unknown>, secret = TEST_SECRET): string {
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${createHmac('sha256', secret).update(encoded).digest('base64url')}`;
}

export function decodeTokenPayload(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'));
}

export async function readObject(storage: TestStorage, key: string, bucket = storage.bucket): Promise<Buffer> {
  const object = await storage.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

export async function listKeys(storage: TestStorage, prefix: string, bucket = storage.bucket): Promise<string[]> {
  const listing = await storage.client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (listing.Contents ?? []).map((object) => object.Key!);
}

/** Random bytes: a misplaced or truncated part shows up as different content. */
export function randomContent(length: number): Buffer {
  return randomBytes(length);
}

export function uniqueName(label: string, extension = 'bin'): string {
  return `${label}-${Math.random().toString(36).slice(2, 10)}.${extension}`;
}
