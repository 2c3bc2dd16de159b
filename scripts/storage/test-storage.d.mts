// Types for the plain-JS storage harness shared by the scripts and the TypeScript tests.
export interface StartedStorage {
  kind: 'rgw' | 's3rver' | 'external';
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  enforcesSignatures: boolean;
  stop(): Promise<void>;
}
export interface StorageAddress {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}
export function startTestStorage(options?: { lane?: 'auto' | 'rgw' | 's3rver' }): Promise<StartedStorage>;
export function createTestBucket(storage: StorageAddress, prefix?: string): Promise<string>;
export function toTestEnv(storage: StartedStorage): Record<string, string>;
