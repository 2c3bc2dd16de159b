import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright';
import { launchBrowser } from '../support/browser.js';

/** Imports a specifier the way a consumer of the package would, from a fresh Node process. */
function importInNode(specifier: string): string[] {
  const script = `import(${JSON.stringify(specifier)}).then((module) => console.log(JSON.stringify(Object.keys(module).sort())))`;
  const output = execFileSync(process.execPath, ['-e', script], {
    encoding: 'utf8',
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  return JSON.parse(output.trim().split('\n').pop()!);
}

describe('the built package', () => {
  it('resolves svc-uploader/server through its own exports', () => {
    const names = importInNode('svc-uploader/server');
    for (const name of ['createUploadHandler', 's3GeneratePresignedUrl', 'getDownloadUrl', 'UpupError', 'UpupErrorCode']) {
      assert.ok(names.includes(name), `svc-uploader/server exports ${name}`);
    }
  });

  it('resolves a locale bundle through svc-uploader/locales/*', () => {
    assert.ok(importInNode('svc-uploader/locales/en').length > 0);
  });

  it('ships type declarations for every entry point', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, { types?: string }> };
    for (const [entry, target] of Object.entries(manifest.exports)) {
      if (typeof target !== 'object' || !target.types) continue;
      const declaration = target.types.replace('*', 'en');
      assert.doesNotThrow(() => readFileSync(declaration), `${entry} declares ${declaration}`);
    }
  });

  describe('browser bundle', () => {
    let browser: Browser;
    let server: Server;
    before(async () => {
      // Serves the bundle and its lazy chunks exactly as a static host would.
      server = createServer((request, response) => {
        const chunk = request.url?.match(/^\/([\w.-]+\.js)$/)?.[1];
        if (chunk && existsSync(join('dist/browser', chunk))) {
          response.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(join('dist/browser', chunk)));
        } else {
          response
            .writeHead(200, { 'content-type': 'text/html' })
            .end('<!doctype html><script type="module" src="/svc-uploader.js"></script><svc-uploader></svc-uploader>');
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
      server?.close();
    });

    it('loads in a real browser with no errors and registers <svc-uploader>', async () => {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await page.waitForFunction(() => customElements.get('svc-uploader') !== undefined);
      const rendered = await page.evaluate(() => {
        const element = document.querySelector('svc-uploader')!;
        return (element.shadowRoot ?? element).childElementCount;
      });
      assert.ok(rendered > 0, 'the element rendered its interface');
      assert.deepEqual(problems, []);
      await page.close();
    });
  });
});
