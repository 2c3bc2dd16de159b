import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DeleteBucketCommand } from '@aws-sdk/client-s3';
import { createUploadHandler, type UploadHandlerConfig } from '../../server/index.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { bothTransports, closeAll, createErrorLog, inProcess, MOUNT, TEST_SECRET, type Transport } from './support/upload-harness.js';

describe('GET /health', () => {
  let storage: TestStorage;
  const opened: Transport[] = [];
  const errors = createErrorLog();

  async function healthOf(config: Partial<UploadHandlerConfig>, transport: 'in-process' | 'http' = 'in-process') {
    const handler = createUploadHandler({
      storage: storage.storageConfig(),
      uploadTokenSecret: TEST_SECRET,
      hooks: { onError: errors.onError },
      ...config,
    } as UploadHandlerConfig);
    const transports = await bothTransports(handler);
    opened.push(...transports);
    const chosen = transports.find((candidate) => candidate.name === transport)!;
    return { transport: chosen, response: await chosen.send(`${MOUNT}/health`) };
  }

  before(async () => {
    storage = await getTestStorage();
  });
  after(() => closeAll(opened));

  for (const transport of ['in-process', 'http'] as const) {
    it(`reports ok with the summary and no secret (${transport})`, async () => {
      const { response } = await healthOf({ allowAnonymousUploads: true }, transport);
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, {
        status: 'ok',
        checks: { config: 'ok', storage: 'ok' },
        summary: { storageType: 's3', anonymousUploads: true, anonymousDrives: false, driveProviders: 0, uploadTokenTtlSeconds: 3600 },
      });
      assert.doesNotMatch(response.text, new RegExp(`${TEST_SECRET}|${storage.secretAccessKey}|${storage.accessKeyId}`));
    });
  }

  it('adds the secret fingerprint only when exposeSecretFingerprint is set', async () => {
    const { response } = await healthOf({ health: { exposeSecretFingerprint: true } });
    assert.equal(response.body.uploadTokenFingerprint, createHash('sha256').update(TEST_SECRET).digest('hex').slice(0, 8));
    assert.equal((await healthOf({ health: { exposeSecretFingerprint: false } })).response.body.uploadTokenFingerprint, undefined);
  });

  it('reports config incomplete (degraded, still 200) without a secret of at least 16 characters', async () => {
    for (const uploadTokenSecret of [undefined, 'fifteen-chars!!']) {
      const { response } = await healthOf({ uploadTokenSecret });
      assert.equal(response.status, 200);
      assert.equal(response.body.status, 'degraded');
      assert.equal(response.body.checks.config, 'incomplete');
      assert.equal(response.body.checks.storage, 'ok');
    }
  });

  it('reports config incomplete and storage error without a bucket or region', async () => {
    for (const missing of [{ bucket: '' }, { region: '' }]) {
      const { response } = await healthOf({ storage: { ...storage.storageConfig(), ...missing } });
      assert.deepEqual(
        [response.status, response.body.status, response.body.checks.config, response.body.checks.storage],
        [200, 'degraded', 'incomplete', 'error'],
      );
    }
  });

  it('reports storage error for a bucket that does not exist, with the cause in onError only', async () => {
    errors.records.length = 0;
    const { response } = await healthOf({ storage: { ...storage.storageConfig(), bucket: 'svc-health-no-such-bucket' } });
    assert.deepEqual([response.status, response.body.status, response.body.checks.config, response.body.checks.storage], [200, 'degraded', 'ok', 'error']);
    assert.equal(errors.records.length, 1);
    assert.equal(errors.records[0]!.requestId, response.headers.get('x-svc-request-id'));
    assert.equal(errors.records[0]!.swallowedFrom, 'health storage probe');
  });

  it('caches the bucket probe for 30 s: a bucket deleted after a probe still reads ok until then', async () => {
    const bucket = await storage.createBucket('health');
    const { transport, response } = await healthOf({ storage: storage.storageConfig(bucket) });
    assert.equal(response.body.checks.storage, 'ok');
    await storage.client.send(new DeleteBucketCommand({ Bucket: bucket }));
    assert.equal((await transport.send(`${MOUNT}/health`)).body.checks.storage, 'ok', 'served from the cache');
    assert.equal((await healthOf({ storage: storage.storageConfig(bucket) })).response.body.checks.storage, 'error', 'a fresh handler probes again');
  });

  it('skips the probe for a resolver and reports storageType dynamic', async () => {
    const { response } = await healthOf({ storage: () => storage.storageConfig() });
    assert.deepEqual(response.body.checks, { config: 'ok', storage: 'skipped' });
    assert.equal(response.body.status, 'ok');
    assert.equal(response.body.summary.storageType, 'dynamic');
  });

  it('reports anonymousDrives and the number of configured drive providers', async () => {
    const tokenStore = { get: async () => null, set: async () => undefined, delete: async () => undefined };
    const { response } = await healthOf({
      allowAnonymous: true,
      tokenStore,
      providers: { googleDrive: { clientId: 'a', clientSecret: 'b' }, dropbox: { clientId: 'c', clientSecret: 'd' } },
    });
    assert.equal(response.body.summary.anonymousDrives, true);
    assert.equal(response.body.summary.driveProviders, 2);
    assert.equal(response.body.summary.anonymousUploads, false);
  });

  it('answers before the auth gate', async () => {
    const handler = createUploadHandler({ storage: storage.storageConfig(), uploadTokenSecret: TEST_SECRET, auth: () => false });
    const response = await inProcess(handler).send('/health');
    assert.equal(response.status, 200);
    assert.equal(response.body.status, 'ok');
  });
});
