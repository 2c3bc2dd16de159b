// A real Chromium for end-to-end tests, found or provisioned like the web-test-runner one.
import { chromium, type Browser, type Page } from 'playwright';
import { BROWSER_ARGS, findBrowser } from '../../scripts/lib/find-browser.mjs';

/** `extraArgs` go after the usual flags, e.g. `--host-resolver-rules` for made-up host names. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: findBrowser(), headless: true, args: [...BROWSER_ARGS, ...extraArgs] });
}

/**
 * Collects what a user's console would show as broken on `page`: uncaught errors and console
 * errors. The browser asks for /favicon.ico by itself, and the pages under test have none.
 */
export function collectPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) problems.push(message.text());
  });
  return problems;
}
