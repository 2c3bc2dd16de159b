export interface DevStore {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}
export const DEV_STORE_CREDENTIALS: { accessKeyId: string; secretAccessKey: string };
export function startDevStore(options: { directory: string; port?: number; hostname?: string; buckets?: string[] }): Promise<DevStore>;
