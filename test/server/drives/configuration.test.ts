import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryTokenStore, createUploadHandler, type UploadHandlerConfig } from '../../../server/index.js';

const storage = { type: 's3', bucket: 'uploads', region: 'us-east-1' };
const getUserId = () => 'alice';

function construct(config: Partial<UploadHandlerConfig>) {
  return () => createUploadHandler({ storage, getUserId, tokenStore: createMemoryTokenStore(), ...config });
}

describe('drive configuration', () => {
  it('names the provider option that is unusable', () => {
    assert.throws(construct({ providers: { googleDrive: { clientId: 'id' } as never } }), /providers\.googleDrive\.clientSecret must be a non-empty string/);
    assert.throws(
      construct({ providers: { box: { clientId: 'id', clientSecret: 's', apiBaseUrl: 'api.box.test' } } }),
      /providers\.box\.apiBaseUrl must be an absolute http\(s\) URL/,
    );
    assert.throws(construct({ providers: { oneDrive: { clientId: 'id', clientSecret: 's', tenantId: '' } } }), /providers\.oneDrive\.tenantId/);
  });

  it('refuses a token store without get, set and delete', () => {
    assert.throws(
      construct({ providers: {}, tokenStore: { get: async () => null } as never }),
      /tokenStore must have async get\(key\), set\(key, value, ttlSeconds\) and delete\(key\)/,
    );
  });

  it('checks the drives limits: whole numbers from 1, defaults when absent', () => {
    assert.throws(construct({ drives: { timeoutMs: 0 } }), /drives\.timeoutMs must be a whole number >= 1; got 0/);
    assert.throws(construct({ drives: { maxConcurrentTransfers: 2.5 } }), /drives\.maxConcurrentTransfers must be a whole number >= 1/);
    assert.throws(construct({ drives: 'fast' as never }), /drives must be an object/);
    assert.doesNotThrow(construct({ drives: { timeoutMs: 60_000, maxConcurrentTransfers: 8 } }));
    assert.doesNotThrow(construct({}));
  });

  it('checks drives.requireSignedInCallback: a boolean, and not with allowAnonymous', () => {
    assert.throws(construct({ drives: { requireSignedInCallback: 'yes' as never } }), /drives\.requireSignedInCallback must be true or false; got yes/);
    assert.throws(
      construct({ drives: { requireSignedInCallback: true }, allowAnonymous: true }),
      /drives\.requireSignedInCallback needs every drive user to be signed in; it cannot be combined with allowAnonymous: true/,
    );
    assert.doesNotThrow(construct({ drives: { requireSignedInCallback: true } }));
    assert.doesNotThrow(construct({ drives: { requireSignedInCallback: false }, allowAnonymous: true }));
  });

  it('accepts every provider with base URLs for a proxy or a local fake', () => {
    const credentials = { clientId: 'id', clientSecret: 'secret', authBaseUrl: 'http://127.0.0.1:9000', apiBaseUrl: 'http://127.0.0.1:9000/' };
    assert.doesNotThrow(
      construct({ providers: { googleDrive: credentials, oneDrive: { ...credentials, tenantId: 'organizations' }, dropbox: credentials, box: credentials } }),
    );
  });
});
