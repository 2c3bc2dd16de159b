export interface DemoServer {
  url: URL;
  close(): Promise<void>;
}
export function storageFromEnvironment(env?: Record<string, string | undefined>): object | undefined;
export function startDemoServer(options: { storage: object; port?: number; hostname?: string; uploadTokenSecret?: string }): Promise<DemoServer>;
