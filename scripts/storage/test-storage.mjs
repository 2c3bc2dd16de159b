// Chooses the storage the tests run against, in this order: S3_TEST_ENDPOINT (a real S3/MinIO the
// user points at), a local Ceph RGW (installed automatically as root on Debian/Ubuntu), else the
// s3rver development store, with signature-dependent tests visibly skipped.
// @ts-check
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { ensureRgwInstalled, startRgw } from './rgw.mjs';
import { startDevStore } from './dev-store.mjs';

/**
 * Where a store answers and the credentials it takes.
 * @typedef {object} StorageAddress
 * @property {string} endpoint
 * @property {string} region
 * @property {string} accessKeyId
 * @property {string} secretAccessKey
 */
/**
 * A running store with a bucket for the tests.
 * @typedef {StorageAddress & {
 *   kind: 'rgw' | 's3rver' | 'external';
 *   bucket: string;
 *   enforcesSignatures: boolean;
 *   stop(): Promise<void>;
 * }} StartedStorage
 */

/** @type {import('@aws-sdk/client-s3').CORSRule[]} */
export const TEST_CORS_RULES = [
  {
    AllowedOrigins: ['*'],
    AllowedMethods: ['GET', 'PUT', 'POST', 'HEAD', 'DELETE'],
    AllowedHeaders: ['*'],
    ExposeHeaders: ['ETag', 'Retry-After'],
    MaxAgeSeconds: 3000,
  },
];

/** @param {StorageAddress} storage */
export function createS3Client({ endpoint, region, accessKeyId, secretAccessKey }) {
  return new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Creates a bucket whose CORS lets any test page PUT to it and read the ETag.
 * @param {StorageAddress} storage
 * @returns {Promise<string>}
 */
export async function createTestBucket(storage, prefix = 'svc-test') {
  const bucket = `${prefix}-${randomBytes(4).toString('hex')}`;
  const client = createS3Client(storage);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  await client.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: TEST_CORS_RULES } }));
  client.destroy();
  return bucket;
}

/**
 * @param {{lane?: 'auto'|'rgw'|'s3rver'}} [options] CI forces 'rgw' so a missing Ceph fails loudly.
 * @returns {Promise<StartedStorage>}
 */
export async function startTestStorage({ lane = 'auto' } = {}) {
  if (process.env.S3_TEST_ENDPOINT && lane === 'auto') {
    /** @type {Omit<StartedStorage, 'bucket'>} */
    const storage = {
      kind: 'external',
      endpoint: process.env.S3_TEST_ENDPOINT,
      region: process.env.S3_TEST_REGION || 'us-east-1',
      accessKeyId: /** @type {string} */ (process.env.S3_TEST_ACCESS_KEY_ID || process.env.AWS_ACCESS_KEY_ID),
      secretAccessKey: /** @type {string} */ (process.env.S3_TEST_SECRET_ACCESS_KEY || process.env.AWS_SECRET_ACCESS_KEY),
      enforcesSignatures: true,
      stop: async () => {},
    };
    return { ...storage, bucket: process.env.S3_TEST_BUCKET || (await createTestBucket(storage)) };
  }
  if (lane === 'rgw' || (lane === 'auto' && ensureRgwInstalled())) {
    if (lane === 'rgw' && !ensureRgwInstalled()) throw new Error('Ceph RGW is required (apt-get install ceph-mon ceph-osd radosgw) but could not be installed');
    const rgw = await startRgw();
    /** @type {Omit<StartedStorage, 'bucket'>} */
    const storage = { kind: 'rgw', enforcesSignatures: true, ...rgw };
    return { ...storage, bucket: await createTestBucket(storage) };
  }
  console.error('[svc-uploader] Ceph RGW is not available: using the s3rver development store; tests that need signature enforcement will be skipped');
  const directory = mkdtempSync(join(tmpdir(), 'svc-s3rver-'));
  const bucket = `svc-test-${randomBytes(4).toString('hex')}`;
  const store = await startDevStore({ directory, buckets: [bucket] });
  return {
    kind: /** @type {const} */ ('s3rver'),
    enforcesSignatures: false,
    bucket,
    ...store,
    async stop() {
      await store.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The environment variables test processes read (see test/support/storage.ts).
 * @param {StartedStorage} storage
 * @returns {Record<string, string>}
 */
export function toTestEnv(storage) {
  return {
    S3_TEST_ENDPOINT: storage.endpoint,
    S3_TEST_REGION: storage.region,
    S3_TEST_ACCESS_KEY_ID: storage.accessKeyId,
    S3_TEST_SECRET_ACCESS_KEY: storage.secretAccessKey,
    S3_TEST_BUCKET: storage.bucket,
    S3_TEST_KIND: storage.kind,
    S3_TEST_ENFORCES_SIGNATURES: storage.enforcesSignatures ? '1' : '0',
  };
}
