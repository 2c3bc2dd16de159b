/**
 * The public API is the export list of the entry points; a change to it must be deliberate, so
 * the names are pinned here.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

describe('public exports', () => {
  it('svc-uploader/server', async () => {
    const names = Object.keys(await import('../../server/index.js')).sort();
    assert.deepEqual(names, [
      'UpupError',
      'UpupErrorCode',
      'applyIncompleteUploadLifecycleRule',
      'confirmUpload',
      'createIncompleteUploadLifecycleRule',
      'createMemoryTokenStore',
      'createUnstorageTokenStore',
      'createUploadHandler',
      'deleteUnconfirmedUploads',
      'getDownloadUrl',
      'isUpupError',
      's3GeneratePresignedUrl',
    ]);
  });

  it('svc-uploader/server/node', async () => {
    const names = Object.keys(await import('../../server/node.js')).sort();
    assert.deepEqual(names, ['sendWebResponse', 'toNodeListener', 'toWebRequest']);
  });
});
