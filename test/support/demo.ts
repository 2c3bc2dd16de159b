// Starts the built demo (examples/demo/server.mjs) against the test storage.
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright';
import { startDemoServer, type DemoServer } from '../../examples/demo/server.mjs';
import { launchBrowser } from './browser.js';
import { getTestStorage } from './storage.js';

async function startDemoAgainstTestStorage(): Promise<DemoServer> {
  const storage = await getTestStorage();
  return startDemoServer({ storage: storage.storageConfig(), port: 0 });
}

/**
 * For a `describe` block: starts the demo and a Chromium before its tests and stops both after.
 * `newPage()` opens a blank tab (listeners can be attached before `demoUrl()` is visited).
 */
export function useDemoInBrowser(): { newPage(): Promise<Page>; demoUrl(path?: string): string } {
  let browser: Browser | undefined;
  let demo: DemoServer | undefined;
  before(async () => {
    demo = await startDemoAgainstTestStorage();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
  });
  return {
    newPage: () => browser!.newPage(),
    demoUrl: (path = '/') => new URL(path, demo!.url).href,
  };
}
