// Finds a Chromium for the browser tests, in this order: CHROME_PATH, Playwright's own download
// (the usual case on a laptop), a system Chromium or Chrome; as root on Debian/Ubuntu with none
// found, installs Debian's `chromium`. Playwright cannot download its browser on every machine.
// @ts-check
import { existsSync } from 'node:fs';
import { chromium } from 'playwright';
import { canInstallDebianPackages, installDebianPackages } from './debian.mjs';

const SYSTEM_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

function playwrightBrowser() {
  try {
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function findInstalledBrowser() {
  if (process.env.CHROME_PATH) {
    if (!existsSync(process.env.CHROME_PATH)) throw new Error(`CHROME_PATH points at ${process.env.CHROME_PATH}, which does not exist`);
    return process.env.CHROME_PATH;
  }
  return playwrightBrowser() ?? SYSTEM_BROWSERS.find((path) => existsSync(path));
}

/** @returns {string} the path of a Chromium executable */
export function findBrowser() {
  const found = findInstalledBrowser();
  if (found) return found;
  if (canInstallDebianPackages()) {
    installDebianPackages(['chromium']);
    const installed = findInstalledBrowser();
    if (installed) return installed;
  }
  throw new Error('No Chromium found. Run `npx playwright install chromium`, install Chromium or Chrome, or set CHROME_PATH to its executable.');
}

/** Flags for headless runs: root needs --no-sandbox; the rest keep Chromium off the network and quiet. */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--use-fake-ui-for-media-stream',
  // Two fake cameras, so front/back switching has something to switch to.
  '--use-fake-device-for-media-stream=device-count=2',
  '--auto-select-desktop-capture-source=Entire screen',
];
