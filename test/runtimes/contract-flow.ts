/**
 * The end-to-end contract flow every runtime of the runtime suite must pass, written as a browser
 * page on the suite's origin would drive the handler: JSON POSTs with that Origin and the bearer
 * the auth gate wants, bytes PUT straight to storage through the signed URLs, each part exactly
 * its own length. What it checks is what a user observes: statuses and bodies on the wire, the
 * request-id header, the bytes in the bucket, no multipart upload left behind.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { GetObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import type { TestStorage } from '../support/storage.js';
import { SUITE_BEARER, SUITE_MAX_FILE_SIZE, SUITE_ORIGIN } from './suite-config.js';

const MIB = 1024 * 1024;
const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface WireAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** Talks to one runtime's server; every answer must carry a request id. */
export function createPageClient(baseUrl: string) {
  async function send(path: string, init: RequestInit = {}): Promise<WireAnswer> {
    const response = await fetch(`${baseUrl}/api/upload${path}`, { ...init, signal: AbortSignal.timeout(60_000) });
    const text = await response.text();
    const body = (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
    assert.match(response.headers.get('x-svc-request-id') ?? '', REQUEST_ID, `${init.method ?? 'GET'} ${path}: x-svc-request-id`);
    return { status: response.status, headers: response.headers, body };
  }
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    send(path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', origin: SUITE_ORIGIN, authorization: SUITE_BEARER, ...headers },
    });
  return { send, post };
}

export type PageClient = ReturnType<typeof createPageClient>;

/** A PUT to a signed storage URL, as the browser makes it. */
export async function putToStorage(url: string, bytes: Uint8Array, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(url, {
    method: 'PUT',
    body: bytes as Uint8Array<ArrayBuffer>,
    headers: { origin: SUITE_ORIGIN, ...headers },
    signal: AbortSignal.timeout(60_000),
  });
  await response.arrayBuffer();
  return response;
}

export async function readObject(storage: TestStorage, key: string): Promise<Buffer> {
  const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

export async function openUploads(storage: TestStorage, key: string): Promise<number> {
  const listing = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: key }));
  return (listing.Uploads ?? []).filter((upload) => upload.Key === key).length;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Signs and PUTs parts `from..to` (1-based) of `bytes`, each exactly its own length; returns their ETags. */
export async function putParts(client: PageClient, token: string, bytes: Uint8Array, partSize: number, partNumbers: number[]) {
  const parts: { partNumber: number; eTag: string }[] = [];
  for (const partNumber of partNumbers) {
    const signed = await client.post('/multipart/sign-part', { token, partNumber });
    assert.equal(signed.status, 200, `sign-part ${partNumber}: ${JSON.stringify(signed.body)}`);
    const slice = bytes.subarray((partNumber - 1) * partSize, partNumber * partSize);
    const put = await putToStorage(signed.body.uploadUrl, slice, signed.body.uploadHeaders ?? {});
    assert.equal(put.status, 200, `PUT part ${partNumber}`);
    parts.push({ partNumber, eTag: put.headers.get('etag')! });
  }
  return parts;
}

/** Bytes of a file a little over two parts of the minimum size, so the last part is short. */
export function multipartFile(): Uint8Array {
  return randomBytes(2 * 5 * MIB + 4321);
}

export const oversize = SUITE_MAX_FILE_SIZE + 1;

/** A token whose signature no longer matches its payload. */
export function tamper(token: string): string {
  const [payload, signature] = token.split('.') as [string, string];
  return `${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
}
