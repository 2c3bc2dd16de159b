// A page set out in a temporary folder (the built bundle copied next to it), served with the real
// upload handler, and a Chromium to open it: what the browser tests on the built package share.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { Browser } from 'playwright';
import { startAppServer, type AppServer } from './app-server.js';
import { launchBrowser } from './browser.js';

export interface BuiltApp {
  browser: Browser;
  server: AppServer;
}

/**
 * Hooks for the enclosing `describe`: before its tests, `layOut` fills a fresh folder, which is
 * then served; after them, everything is closed and the folder removed. The fields are set once
 * the before hook has run.
 */
export function useBuiltApp(folderPrefix: string, layOut: (folder: string) => void): BuiltApp {
  const app = {} as BuiltApp;
  let folder: string | undefined;
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), folderPrefix));
    layOut(folder);
    app.browser = await launchBrowser();
    app.server = await startAppServer(folder);
  });
  after(async () => {
    await app.browser?.close();
    await app.server?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  return app;
}
