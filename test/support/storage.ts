// The storage every server and end-to-end test runs against. `scripts/with-storage.mjs` starts it
// once per run and passes it through S3_TEST_* variables; a single test file run on its own starts
// its own.
import { S3Client } from '@aws-sdk/client-s3';
import { createTestBucket, startTestStorage, toTestEnv } from '../../scripts/storage/test-storage.mjs';

export type StorageKind = 'rgw' | 's3rver' | 'external';

export interface TestStorage {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A bucket that exists, with CORS open to any origin and `ETag` exposed. */
  bucket: string;
  kind: StorageKind;
  /** False on the s3rver development store, which checks no signature. */
  enforcesSignatures: boolean;
  client: S3Client;
  /** Creates another CORS-enabled bucket and returns its name. */
  createBucket(prefix?: string): Promise<string>;
  /** A `storage` block for `createUploadHandler`. */
  storageConfig(bucket?: string): {
    type: 's3';
    bucket: string;
    region: string;
    endpoint: string;
    forcePathStyle: true;
    credentials: { accessKeyId: string; secretAccessKey: string };
  };
}

let pending: Promise<TestStorage> | undefined;

async function startOwnStorage(): Promise<void> {
  const storage = await startTestStorage();
  Object.assign(process.env, toTestEnv(storage));
  process.once('exit', () => {
    void storage.stop();
  });
  // node:test keeps the process alive while the storage child processes run; stop them at the end.
  process.once('beforeExit', () => {
    void storage.stop();
  });
}

async function connect(): Promise<TestStorage> {
  if (!process.env.S3_TEST_ENDPOINT || !process.env.S3_TEST_KIND) await startOwnStorage();
  const env = process.env;
  const base = {
    endpoint: env.S3_TEST_ENDPOINT!,
    region: env.S3_TEST_REGION ?? 'us-east-1',
    accessKeyId: env.S3_TEST_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_TEST_SECRET_ACCESS_KEY!,
  };
  const client = new S3Client({
    endpoint: base.endpoint,
    region: base.region,
    forcePathStyle: true,
    credentials: { accessKeyId: base.accessKeyId, secretAccessKey: base.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = env.S3_TEST_BUCKET!;
  return {
    ...base,
    bucket,
    kind: (env.S3_TEST_KIND as StorageKind) ?? 'external',
    enforcesSignatures: env.S3_TEST_ENFORCES_SIGNATURES !== '0',
    client,
    createBucket: (prefix?: string) => createTestBucket(base, prefix),
    storageConfig: (name = bucket) => ({
      type: 's3',
      bucket: name,
      region: base.region,
      endpoint: base.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: base.accessKeyId, secretAccessKey: base.secretAccessKey },
    }),
  };
}

/** The shared test storage (connected once per process). */
export function getTestStorage(): Promise<TestStorage> {
  pending ??= connect();
  return pending;
}

/** The storage variables the examples' READMEs tell a user to set, pointed at `storage`. */
export function exampleStorageEnv(storage: TestStorage): Record<string, string> {
  return {
    S3_TYPE: 's3',
    S3_BUCKET: storage.bucket,
    S3_REGION: storage.region,
    S3_ENDPOINT: storage.endpoint,
    AWS_ACCESS_KEY_ID: storage.accessKeyId,
    AWS_SECRET_ACCESS_KEY: storage.secretAccessKey,
  };
}
