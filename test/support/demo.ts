// Starts the built demo (examples/demo/server.mjs) against the test storage.
import { getTestStorage } from './storage.js';

interface DemoServer {
  url: URL;
  close(): Promise<void>;
}

export async function startDemoAgainstTestStorage(): Promise<DemoServer> {
  const storage = await getTestStorage();
  // @ts-expect-error the demo server is plain JS run by `npm start`
  const { startDemoServer } = await import('../../examples/demo/server.mjs');
  return startDemoServer({ storage: storage.storageConfig(), port: 0 }) as Promise<DemoServer>;
}
