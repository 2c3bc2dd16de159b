/**
 * The three things a browser does that the observability tests count: a single upload completed
 * through /complete, a multipart upload completed, a refused file; plus an aborted multipart
 * upload. Each step is a real request to the handler and a real PUT to storage.
 */
import assert from 'node:assert/strict';
import { initUpload, sendPart, splitIntoParts } from '../support/multipart-client.js';
import { MIB, MOUNT, randomContent, uniqueName, type Transport } from '../support/upload-harness.js';

export async function uploadSingle(transport: Transport, bytes: Buffer, headers: Record<string, string> = {}): Promise<string> {
  const presigned = await transport.post(`${MOUNT}/presign`, { name: uniqueName('single', 'txt'), type: 'text/plain', size: bytes.length }, headers);
  assert.equal(presigned.status, 200, presigned.text);
  const put = await fetch(presigned.body.uploadUrl, { method: 'PUT', body: Uint8Array.from(bytes), headers: presigned.body.uploadHeaders });
  assert.equal(put.status, 200, await put.text());
  const completed = await transport.post(`${MOUNT}/complete`, { token: presigned.body.completionToken }, headers);
  assert.equal(completed.status, 200, completed.text);
  return presigned.body.key as string;
}

/** 6 MiB in a 5 MiB part and a 1 MiB tail. */
export const MULTIPART_SIZE = 6 * MIB;

export async function uploadMultipart(transport: Transport, headers: Record<string, string> = {}): Promise<void> {
  const content = randomContent(MULTIPART_SIZE);
  const upload = await initUpload(transport, { name: uniqueName('multi'), type: 'application/octet-stream', size: content.length }, headers);
  const parts = [];
  for (const [index, bytes] of splitIntoParts(content, upload.partSize).entries())
    parts.push(await sendPart(transport, upload.token, index + 1, bytes, headers));
  const completed = await transport.post(`${MOUNT}/multipart/complete`, { token: upload.token, parts }, headers);
  assert.equal(completed.status, 200, completed.text);
}

export async function abortMultipart(transport: Transport): Promise<void> {
  const upload = await initUpload(transport, { name: uniqueName('aborted'), type: 'application/octet-stream', size: MULTIPART_SIZE });
  const aborted = await transport.post(`${MOUNT}/multipart/abort`, { token: upload.token });
  assert.equal(aborted.status, 200, aborted.text);
}

/** A file above the handler's `maxFileSize`: 413. */
export async function refuseTooLarge(transport: Transport, size: number, headers: Record<string, string> = {}): Promise<void> {
  const refused = await transport.post(`${MOUNT}/presign`, { name: uniqueName('big', 'txt'), type: 'text/plain', size }, headers);
  assert.equal(refused.status, 413, refused.text);
}
