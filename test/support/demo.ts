// Starts the built demo (examples/demo/server.mjs) against the test storage.
import { startDemoServer, type DemoServer } from '../../examples/demo/server.mjs';
import { getTestStorage } from './storage.js';

export async function startDemoAgainstTestStorage(): Promise<DemoServer> {
  const storage = await getTestStorage();
  return startDemoServer({ storage: storage.storageConfig(), port: 0 });
}
