import { expect } from '@open-wc/testing';
import { UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { randomFile } from './helpers.js';
import { createNetworkPlan } from './network-plan.js';

// A /multipart/init answer that names a checksum algorithm the engine did not ask for. The handler
// opens an upload with an algorithm only when asked for exactly that one (docs/server.md, Request
// bodies), so such an answer is not this protocol's: the engine refuses it like any malformed
// answer (INVALID_RESPONSE, not retried, nothing sent to storage) and aborts the upload the answer
// opened, so storage keeps nothing. The real handler answers, behind a script that writes the
// field into its answer; the bucket is the real RGW.

const MIB = 1024 * 1024;

interface BucketState {
  objects: Array<{ key: string }>;
  openUploads: Array<{ key: string }>;
}

/** The test bucket's objects and open multipart uploads whose key contains `name`. */
async function bucketState(name: string): Promise<BucketState> {
  const { id } = (await (await fetch('/test-fixtures/fault-proxy', { method: 'POST', body: JSON.stringify({ storage: [] }) })).json()) as { id: string };
  try {
    return (await (await fetch(`/test-fixtures/fault-proxy/${id}?name=${encodeURIComponent(name)}`)).json()) as BucketState;
  } finally {
    await fetch(`/test-fixtures/fault-proxy/${id}`, { method: 'DELETE' });
  }
}

const cases: Array<{ title: string; options: Partial<EngineOptions>; answered: string }> = [
  { title: 'with checksumVerification and no checksumAlgorithm', options: { checksumVerification: true }, answered: 'CRC32C' },
  { title: 'without checksumVerification', options: {}, answered: 'CRC32' },
  { title: 'that asked for CRC32C', options: { checksumVerification: true, checksumAlgorithm: 'CRC32C' }, answered: 'SHA256' },
];

describe('UploadEngine: a /multipart/init answer naming a checksum algorithm not asked for', () => {
  afterEach(() => localStorage.clear());

  for (const { title, options, answered } of cases) {
    it(`an engine ${title} refuses an answer naming ${answered}: INVALID_RESPONSE, no part sent, the opened upload aborted`, async () => {
      const plan = await createNetworkPlan({ handler: { 'multipart/init': [{ rewrite: { checksumAlgorithm: answered } }] } });
      const file = randomFile(`unasked-${answered.toLowerCase()}-${crypto.randomUUID()}.bin`, 6 * MIB);
      const engine = new UploadEngine({
        serverUrl: plan.serverUrl,
        maxRetries: 2,
        resumable: { protocol: 'multipart', thresholdBytes: 0, chunkSizeBytes: 5 * MIB, persist: false },
        ...options,
      });
      await engine.addFiles([file]);
      await engine.start();

      const record = engine.files[0]!;
      expect(record.state).to.equal('failed');
      expect(record.error).to.include({ code: 'INVALID_RESPONSE', retryable: false });
      expect(record.error!.message).to.contain('checksumAlgorithm');
      expect(record.attempts, 'not retried').to.equal(1);
      const log = await plan.log();
      expect(log.storage, 'nothing sent to storage').to.deep.equal([]);
      expect(log.handler).to.deep.equal(['multipart/init scripted', 'multipart/abort']);
      expect(await bucketState(file.name)).to.deep.include({ objects: [], openUploads: [] });
    });
  }
});
