import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUploadHandler, isUpupError, UpupError, UpupErrorCode, type UploadHandlerConfig } from '../../server/index.js';

const storage = { type: 's3', bucket: 'uploads', region: 'us-east-1', endpoint: 'http://127.0.0.1:9', forcePathStyle: true };
const tokenStore = { get: async () => null, set: async () => undefined, delete: async () => undefined };

function constructionError(config: unknown): UpupError {
  try {
    createUploadHandler(config as UploadHandlerConfig);
  } catch (error) {
    assert.ok(isUpupError(error), 'a configuration error is an UpupError');
    assert.equal(error.code, 'CONFIG_ERROR');
    return error;
  }
  assert.fail('construction succeeded');
}

describe('createUploadHandler: configuration checked at construction', () => {
  it('refuses a negative, fractional or non-numeric multipartResumeWindowSeconds', () => {
    for (const value of [-1, 0.5, 86400.25, Number.NaN, '3600', Infinity]) {
      assert.match(constructionError({ storage, multipartResumeWindowSeconds: value }).message, /multipartResumeWindowSeconds/, String(value));
    }
    assert.doesNotThrow(() => createUploadHandler({ storage, multipartResumeWindowSeconds: 0 }));
  });

  it('refuses storage without an S3 API, and storage that is missing or mistyped', () => {
    assert.match(constructionError({ storage: { ...storage, type: 'azure' } }).message, /storage\.type "azure" has no S3-compatible API/);
    assert.match(constructionError({ storage: { ...storage, type: 'Azure-Blob' } }).message, /no S3-compatible API/);
    assert.match(constructionError({}).message, /storage is required/);
    assert.match(constructionError({ storage: { ...storage, type: '' } }).message, /storage\.type/);
    assert.match(constructionError({ storage: { ...storage, bucket: 7 } }).message, /storage\.bucket/);
    assert.match(constructionError({ storage: { ...storage, endpoint: 'not a url' } }).message, /storage\.endpoint/);
    assert.match(constructionError({ storage: { ...storage, credentials: { accessKeyId: 'a' } } }).message, /storage\.credentials/);
    for (const type of ['aws', 'r2', 'minio', 'digitalocean', 'backblaze', 'wasabi', 's3', 'ceph']) {
      assert.doesNotThrow(() => createUploadHandler({ storage: { ...storage, type } }), type);
    }
  });

  it('refuses providers or tokenStore without getUserId unless allowAnonymous is set', () => {
    const providers = { googleDrive: { clientId: 'id', clientSecret: 'secret' } };
    assert.match(constructionError({ storage, providers }).message, /getUserId.*allowAnonymous: true/);
    assert.match(constructionError({ storage, tokenStore }).message, /getUserId/);
    assert.doesNotThrow(() => createUploadHandler({ storage, providers, tokenStore, allowAnonymous: true }));
    assert.doesNotThrow(() => createUploadHandler({ storage, providers, tokenStore, getUserId: () => 'u' }));
  });

  it('names the option for other mistakes', () => {
    assert.match(constructionError({ storage, cors: { allowedOrigins: 'https://a.example' } }).message, /cors\.allowedOrigins/);
    assert.match(constructionError({ storage, hooks: { onError: 'log' } }).message, /hooks\.onError/);
    assert.match(constructionError({ storage, getUserId: 'sub' }).message, /getUserId/);
    assert.match(constructionError({ storage, maxFileSize: -5 }).message, /maxFileSize/);
    assert.match(constructionError({ storage, allowedTypes: 'image/*' }).message, /allowedTypes/);
    assert.match(constructionError({ storage, downloadUrlExpiresIn: 8 * 86400 }).message, /downloadUrlExpiresIn/);
    assert.match(constructionError({ storage, uploadTokenSecret: 12345678901234568 }).message, /uploadTokenSecret/);
    assert.match(constructionError(null).message, /configuration object/);
  });

  it('accepts a missing bucket or a short secret (health reports them as incomplete)', () => {
    assert.doesNotThrow(() => createUploadHandler({ storage: { type: 's3', bucket: '', region: '' }, uploadTokenSecret: 'short' }));
  });
});

describe('UpupError', () => {
  it('carries message, code and status, and is recognised by name across module copies', () => {
    const error = new UpupError('Quota exceeded', 'QUOTA_EXCEEDED', { status: 429 });
    assert.equal(error.name, 'UpupError');
    assert.equal(error.message, 'Quota exceeded');
    assert.equal(error.code, 'QUOTA_EXCEEDED');
    assert.equal(error.status, 429);
    assert.ok(error instanceof Error);
    const fromAnotherCopy = Object.assign(new Error('x'), { name: 'UpupError', code: 'AUTH_DENIED' });
    assert.equal(isUpupError(fromAnotherCopy), true);
    assert.equal(isUpupError(new Error('x')), false);
    assert.equal(isUpupError('UpupError'), false);
  });

  it('lists the codes that appear on the wire', () => {
    for (const code of ['BAD_REQUEST', 'AUTH_REQUIRED', 'AUTH_DENIED', 'PRESIGN_FAILED', 'STORAGE_ERROR', 'NOT_FOUND', 'AUTH_PROVIDER_ERROR']) {
      assert.equal(UpupErrorCode[code as keyof typeof UpupErrorCode], code);
    }
  });
});
