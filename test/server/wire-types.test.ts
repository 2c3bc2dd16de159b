/**
 * The bodies between browser and handler are declared once (protocol/wire.ts). At compile time,
 * the names each side uses must be those declarations; at run time, what the real handler sends
 * on each route must carry exactly the declared fields, and the engine's answer checks accept it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type * as Wire from '../../protocol/wire.js';
import type * as Server from '../../server/index.js';
import type { DriveFileEntry as ServerDriveFileEntry } from '../../server/drives/providers/drive-provider.js';
import type { SignPartResponse } from '../../engine/upload/multipart-routes.js';
import { assertCompleteAnswer, assertInitAnswer, assertPresignAnswer, assertResumeAnswer, assertSignPartAnswer } from '../../engine/upload/handler-answers.js';
import type { DriveFileEntry as ElementDriveFileEntry, DriveProviderSlug as ElementDriveSlug } from '../../elements/svc-uploader/drives/drive-types.js';
import type { DriveTransferResponse as ElementTransferResponse } from '../../elements/svc-uploader/drives/drive-api.js';
import { initUpload, sendPart } from './support/multipart-client.js';
import { closeAll, createTestHandler, inProcess, MOUNT, randomContent, type Transport } from './support/upload-harness.js';

/** True only when A and B are the same type (optionality included). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// Compile-time: `npx tsc --noEmit` fails when a side declares its own, different shape again.
const oneDeclarationPerShape: true[] = [
  true satisfies Same<Server.PresignedUrlResponse, Wire.PresignedUrlResponse>,
  true satisfies Same<Server.MultipartInitResponse, Wire.MultipartInitResponse>,
  true satisfies Same<Server.MultipartSignPartResponse, Wire.MultipartSignPartResponse>,
  true satisfies Same<SignPartResponse, Wire.MultipartSignPartResponse>,
  true satisfies Same<Server.MultipartCompleteResponse, Wire.MultipartCompleteResponse>,
  true satisfies Same<Server.MultipartResumeResponse, Wire.MultipartResumeResponse>,
  true satisfies Same<Server.MultipartAbortResponse, Wire.MultipartAbortResponse>,
  true satisfies Same<Server.UploadedPart, Wire.UploadedPart>,
  true satisfies Same<Server.FailureBody, Wire.FailureBody>,
  true satisfies Same<Server.DriveProviderSlug, Wire.DriveProviderSlug>,
  true satisfies Same<ElementDriveSlug, Wire.DriveProviderSlug>,
  true satisfies Same<ServerDriveFileEntry, Wire.DriveFileEntry>,
  true satisfies Same<ElementDriveFileEntry, Wire.DriveFileEntry>,
  true satisfies Same<ElementTransferResponse, Wire.DriveTransferResponse>,
];

/** Every field of T, marked as the declaration marks it; the compiler holds these lists to the types. */
type Fields<T> = { [K in keyof T]-?: object extends Pick<T, K> ? 'optional' : 'required' };

const PRESIGN: Fields<Wire.PresignedUrlResponse> = {
  key: 'required',
  publicUrl: 'optional',
  downloadUrl: 'optional',
  uploadUrl: 'required',
  uploadHeaders: 'optional',
  expiresIn: 'required',
  completionToken: 'optional',
  completionMode: 'optional',
};
const INIT: Fields<Wire.MultipartInitResponse> = {
  key: 'required',
  uploadId: 'required',
  partSize: 'required',
  expiresIn: 'required',
  token: 'required',
  checksumAlgorithm: 'optional',
  parts: 'optional',
};
const SIGN_PART: Fields<Wire.MultipartSignPartResponse> = { uploadUrl: 'required', uploadHeaders: 'optional', expiresIn: 'required' };
const COMPLETE: Fields<Wire.MultipartCompleteResponse> = { key: 'required', publicUrl: 'optional', downloadUrl: 'optional', etag: 'optional' };
const ABORT: Fields<Wire.MultipartAbortResponse> = { ok: 'required' };
const RESUME: Fields<Wire.MultipartResumeResponse> = { key: 'required', token: 'required', parts: 'required', checksumAlgorithm: 'optional' };
const RESUMED_PART: Fields<Wire.UploadedPart> = { partNumber: 'required', eTag: 'required', size: 'required', checksum: 'optional' };
const FAILURE: Fields<Wire.FailureBody> = { error: 'required', code: 'optional' };

/** The body has every required field of its declaration and no field the declaration lacks. */
function assertDeclared(body: Record<string, unknown>, fields: Record<string, 'required' | 'optional'>, route: string): void {
  for (const name of Object.keys(body)) assert.ok(name in fields, `${route} sends an undeclared field: ${name}`);
  for (const [name, mark] of Object.entries(fields)) {
    if (mark === 'required') assert.ok(body[name] !== undefined, `${route} omits the declared field ${name}`);
  }
}

describe('wire shapes: one declaration, and the handler sends exactly it', () => {
  let transport: Transport;
  before(async () => {
    transport = inProcess(await createTestHandler());
  });
  after(() => closeAll([transport]));

  it('declares each shape once for server, engine and element', () => {
    assert.equal(oneDeclarationPerShape.length, 14);
  });

  it('/presign', async () => {
    const file = { name: 'wire.txt', type: 'text/plain', size: 5 } satisfies Wire.FileMetadata;
    const answer = await transport.post(`${MOUNT}/presign`, file);
    assert.equal(answer.status, 200, answer.text);
    assertDeclared(answer.body, PRESIGN, '/presign');
    assertPresignAnswer(answer.body);
  });

  it('a refusal', async () => {
    const answer = await transport.post(`${MOUNT}/presign`, { name: '', type: 'text/plain', size: 5 });
    assert.equal(answer.status, 400, answer.text);
    assertDeclared(answer.body, FAILURE, 'a 400');
  });

  it('/multipart/init, /sign-part, /resume, /complete', async () => {
    const content = randomContent(64 * 1024);
    const init = await initUpload(transport, { name: 'wire.bin', type: 'application/octet-stream', size: content.length } satisfies Wire.MultipartInitRequest);
    assertDeclared(init, INIT, '/multipart/init');
    assertInitAnswer(init, content.length);

    const request: Wire.MultipartSignPartRequest = { token: init.token, partNumber: 1 };
    const signed = await transport.post(`${MOUNT}/multipart/sign-part`, request);
    assert.equal(signed.status, 200, signed.text);
    assertDeclared(signed.body, SIGN_PART, '/multipart/sign-part');
    assertSignPartAnswer(signed.body);

    const part = await sendPart(transport, init.token, 1, content);
    const resumed = await transport.post(`${MOUNT}/multipart/resume`, { token: init.token } satisfies Wire.MultipartTokenRequest);
    assert.equal(resumed.status, 200, resumed.text);
    assertDeclared(resumed.body, RESUME, '/multipart/resume');
    for (const listed of resumed.body.parts) assertDeclared(listed, RESUMED_PART, '/multipart/resume parts[]');
    assertResumeAnswer(resumed.body);

    const completion: Wire.MultipartCompleteRequest = { token: resumed.body.token, parts: [part] };
    const completed = await transport.post(`${MOUNT}/multipart/complete`, completion);
    assert.equal(completed.status, 200, completed.text);
    assertDeclared(completed.body, COMPLETE, '/multipart/complete');
    assertCompleteAnswer(completed.body);
  });

  it('/multipart/abort', async () => {
    const init = await initUpload(transport, { name: 'wire-abort.bin', type: 'application/octet-stream', size: 1024 });
    const aborted = await transport.post(`${MOUNT}/multipart/abort`, { token: init.token } satisfies Wire.MultipartTokenRequest);
    assert.equal(aborted.status, 200, aborted.text);
    assertDeclared(aborted.body, ABORT, '/multipart/abort');
  });
});
