// A real Chromium for end-to-end tests, found or provisioned like the web-test-runner one.
import { chromium, type Browser } from 'playwright';
import { BROWSER_ARGS, findBrowser } from '../../scripts/lib/find-browser.mjs';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findBrowser(), headless: true, args: BROWSER_ARGS });
}
