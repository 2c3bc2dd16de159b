/**
 * What a browser does during a multipart upload, written against the wire: sign each part, PUT
 * its bytes to storage, keep the ETag.
 */
import assert from 'node:assert/strict';
import { createUploadHandler } from '../../../server/index.js';
import { MIB, MOUNT, TEST_SECRET, type Transport } from './upload-harness.js';

export interface SentPart {
  partNumber: number;
  eTag: string;
}

export async function initUpload(transport: Transport, file: { name: string; type: string; size: number }, headers: Record<string, string> = {}) {
  const response = await transport.post(`${MOUNT}/multipart/init`, file, headers);
  assert.equal(response.status, 200, `init: ${response.text}`);
  return response.body as { key: string; uploadId: string; partSize: number; expiresIn: number; token: string };
}

export async function sendPart(
  transport: Transport,
  token: string,
  partNumber: number,
  bytes: Buffer,
  headers: Record<string, string> = {},
): Promise<SentPart> {
  const signed = await transport.post(`${MOUNT}/multipart/sign-part`, { token, partNumber }, headers);
  assert.equal(signed.status, 200, `sign-part ${partNumber}: ${signed.text}`);
  const put = await fetch(signed.body.uploadUrl, { method: 'PUT', body: Uint8Array.from(bytes), headers: signed.body.uploadHeaders });
  assert.equal(put.status, 200, `PUT part ${partNumber}: ${await put.text()}`);
  const eTag = put.headers.get('etag');
  assert.ok(eTag, 'storage exposes the part ETag');
  return { partNumber, eTag };
}

/** Splits `content` into parts of `partSize` bytes (the last one shorter). */
export function splitIntoParts(content: Buffer, partSize: number): Buffer[] {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < content.length; offset += partSize) parts.push(content.subarray(offset, offset + partSize));
  return parts;
}

/** 11 MiB: two full 5 MiB parts and a 1 MiB tail. */
export const THREE_PART_SIZE = 11 * MIB;

/** A handler whose storage is a bucket that does not exist: every storage call fails with NoSuchBucket. */
export function createMissingBucketHandler(storageConfig: Record<string, unknown>, onError: (record: unknown) => void) {
  return createUploadHandler({
    storage: { ...(storageConfig as { type: string; bucket: string; region: string }), bucket: 'svc-no-such-bucket-anywhere' },
    uploadTokenSecret: TEST_SECRET,
    allowAnonymousUploads: true,
    hooks: { onError },
  });
}
