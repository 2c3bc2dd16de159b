/**
 * The hostile-request suites' shared checks: every refusal is exactly the contract's status and
 * `{error, code?}` body, as JSON, with the CORS headers of the calling origin, a request id and no
 * internals; and after the refused requests the bucket holds nothing under the suite's own user.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { UploadHandler, UploadHandlerConfig } from '../../../server/index.js';
import { getTestStorage } from '../../support/storage.js';
import { createTestHandler, MOUNT, type WireResponse } from './upload-harness.js';

export const HANDLER_ORIGIN = 'http://uploads.test';
export const APP = 'https://app.example.com';
export { MOUNT };

/** Text that would betray internals: stack frames, file paths, parser, SDK and storage wording. */
export const LEAKS = /\bat \S+:\d+|\.ts\b|\/work\/|node_modules|SyntaxError|Unexpected token|JSON at position|NoSuch|<\?xml|RequestId|stack|aws|s3\.|rgw/i;
/** An error's own text (`TypeError: ...`); case-sensitive, since `OAuth error: <code>` is contract text. */
const ERROR_TEXT = /\b[A-Z]\w*Error\b|Error: /;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A user no other suite uses: every key it may create starts with this segment. */
export function hostileUser(): string {
  return `hostile-${randomBytes(5).toString('hex')}`;
}

/**
 * A handler as a cautious host configures it: identity from `x-user`, a size cap, a type list,
 * CORS for one app origin.
 */
export async function createHostileHandler(overrides: Partial<UploadHandlerConfig> = {}): Promise<UploadHandler> {
  return createTestHandler({
    allowAnonymousUploads: undefined,
    getUserId: (req) => req.headers.get('x-user') || null,
    maxFileSize: 10 * 1024 ** 3,
    allowedTypes: ['image/*', 'text/plain'],
    cors: { allowedOrigins: [APP] },
    ...overrides,
  });
}

export interface HostileRequest {
  method?: string;
  body?: BodyInit | null;
  headers?: Record<string, string>;
  /** Defaults to the app origin; `null` sends none. */
  origin?: string | null;
}

/** One request in process, from the app origin unless told otherwise. */
export async function call(handler: UploadHandler, path: string, request: HostileRequest = {}): Promise<WireResponse> {
  const headers = new Headers(request.headers);
  const origin = request.origin === undefined ? APP : request.origin;
  if (origin !== null) headers.set('origin', origin);
  const method = request.method ?? (request.body === undefined ? 'GET' : 'POST');
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (request.body !== undefined && method !== 'GET' && method !== 'HEAD') {
    init.body = request.body;
    if (request.body instanceof ReadableStream) init.duplex = 'half';
  }
  const response = await handler(new Request(HANDLER_ORIGIN + path, init));
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') body = JSON.parse(text);
  return { status: response.status, headers: response.headers, body, text };
}

export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * Exactly `status` and `body`, as JSON that browsers never sniff, readable by the app origin
 * (reflected, with credentials), with a request id and nothing internal.
 */
export function assertRefusal(response: WireResponse, status: number, body: Record<string, unknown>, label: string, origin: string | null = APP): void {
  assert.equal(response.status, status, `${label}: status (${response.text.slice(0, 200)})`);
  assert.deepEqual(response.body, body, `${label}: body`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/, `${label}: JSON`);
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff', `${label}: nosniff`);
  assert.match(response.headers.get('x-svc-request-id') ?? '', UUID, `${label}: request id`);
  if (origin === APP) {
    assert.equal(response.headers.get('access-control-allow-origin'), APP, `${label}: CORS origin`);
    assert.equal(response.headers.get('access-control-allow-credentials'), 'true', `${label}: CORS credentials`);
  } else {
    assert.equal(response.headers.get('access-control-allow-origin'), null, `${label}: no CORS for ${origin}`);
  }
  assert.doesNotMatch(response.text, LEAKS, `${label}: no internals`);
  assert.doesNotMatch(response.text, ERROR_TEXT, `${label}: no error text`);
}

/** Nothing stored and no multipart upload open under `user`'s key segment. */
export async function assertNothingLeft(user: string): Promise<void> {
  const storage = await getTestStorage();
  const objects = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: `${user}/` }));
  assert.deepEqual(
    (objects.Contents ?? []).map((object) => object.Key),
    [],
    'no object left',
  );
  const uploads = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: `${user}/` }));
  assert.deepEqual(
    (uploads.Uploads ?? []).map((upload) => upload.Key),
    [],
    'no multipart upload left',
  );
}
