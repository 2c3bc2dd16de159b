/**
 * A same-origin page uploads through the proxies real deployments put in front of the handler,
 * with the handler at its default configuration (no publicUrl, no trustProxy, no cors) on the
 * Node adapter: a real nginx terminating TLS, once with `proxy_set_header Host $host` and
 * `X-Forwarded-Proto`, once with a bare `proxy_pass`, and the Vite dev server of the framework
 * examples forwarding /api as docs/frameworks.md writes it. Neither proxy tells the handler the
 * page's origin; the browser's `Sec-Fetch-Site: same-origin` does. Pages of other origins in the
 * same Chromium are still refused, and a client that is no browser is still served.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Browser, Page } from 'playwright';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { findFreePort } from '../../scripts/lib/free-port.mjs';
import { eventually } from '../browser/eventually.js';
import { collectPageProblems, launchBrowser } from '../support/browser.js';
import { findNginxBlocker, startNginx, type Nginx } from '../support/nginx.js';
import { NODE_APP_USER, startNodeAdapterApp, type HandlerVisit, type NodeAdapterApp } from '../support/node-adapter-app.js';
import { getTestStorage } from '../support/storage.js';

const MIB = 1024 * 1024;
const nginxBlocker = findNginxBlocker();

interface ChosenFile {
  name: string;
  bytes: Buffer;
}

async function readStored(key: string): Promise<Buffer> {
  const storage = await getTestStorage();
  const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

/**
 * Chooses `files` in the element, presses Upload, and returns the key the page listed for each
 * name. The files are chosen from disk, as a user does: Playwright then hands Chromium their paths
 * instead of sending megabytes over the DevTools protocol.
 */
async function uploadThroughElement(page: Page, files: ChosenFile[]): Promise<Record<string, string>> {
  // Chromium reads a chosen file from disk while it uploads it: the folder stays until then.
  const folder = mkdtempSync(join(tmpdir(), 'svc-chosen-files-'));
  try {
    const paths = files.map(({ name, bytes }) => {
      writeFileSync(join(folder, name), bytes);
      return join(folder, name);
    });
    const uploader = page.locator('svc-uploader');
    await uploader.locator('input[type=file]').first().setInputFiles(paths);
    await uploader.getByRole('button', { name: /^upload/i }).click();
    // The page's svc-files-upload-complete listener writes the run's summary, failures included.
    const summary = page.locator('p.run-summary', { hasText: / stored, / });
    await summary.waitFor({ timeout: 90_000 });
    const failures = await uploader.locator('[part~="file-error"]').allTextContents();
    assert.equal(await summary.textContent(), `${files.length} stored, 0 failed`, failures.join(' | '));
    const keys: Record<string, string> = {};
    for (const { name } of files) {
      const listed = page.locator('ul.stored-files li').filter({ hasText: name });
      keys[name] = (await listed.getAttribute('data-key'))!;
    }
    return keys;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('uploads behind real proxies, handler at its default configuration (Node adapter)', () => {
  let app: NodeAdapterApp;
  let browser: Browser;

  before(async () => {
    app = await startNodeAdapterApp();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  /** The handler's answers to the requests made since `from` (an index into the visit log). */
  const visitsSince = (from: number) => app.visits.slice(from).filter((visit) => visit.method === 'POST');

  describe('nginx terminating TLS (self-signed certificate)', { skip: nginxBlocker ?? false }, () => {
    let nginx: Nginx;
    const ports = { forwarding: 0, bare: 0, otherSite: 0 };

    before(async () => {
      ports.forwarding = await findFreePort();
      ports.bare = await findFreePort();
      ports.otherSite = await findFreePort();
      nginx = await startNginx([
        {
          port: ports.forwarding,
          directives: `location / {
            proxy_pass http://127.0.0.1:${app.port};
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-Proto $scheme;
          }`,
        },
        { port: ports.bare, directives: `location / { proxy_pass http://127.0.0.1:${app.port}; }` },
        // Another site's page: reached as https://localhost:<port> it is cross-site to the app at
        // https://127.0.0.1, as https://127.0.0.1:<port> a sibling origin of the same site.
        {
          port: ports.otherSite,
          directives: `location / { default_type text/html; return 200 '<!doctype html><title>Another site</title><iframe name="sink"></iframe>'; }`,
        },
      ]);
    });
    after(async () => {
      await nginx?.stop();
    });

    const proxies = [
      { name: '`proxy_set_header Host $host` and X-Forwarded-Proto', port: () => ports.forwarding, host: () => '127.0.0.1', forwardedProto: 'https' },
      {
        name: 'a bare proxy_pass (Host is the upstream 127.0.0.1:<port>)',
        port: () => ports.bare,
        host: () => `127.0.0.1:${app.port}`,
        forwardedProto: undefined,
      },
    ];
    for (const proxy of proxies) {
      it(
        `${proxy.name}: the page uploads a small file (one PUT) and a 6 MiB file (multipart); the bucket holds their bytes`,
        { timeout: 180_000 },
        async () => {
          const context = await browser.newContext({ ignoreHTTPSErrors: true });
          try {
            const page = await context.newPage();
            const problems = collectPageProblems(page);
            const pageOrigin = `https://127.0.0.1:${proxy.port()}`;
            await page.goto(`${pageOrigin}/`);
            const from = app.visits.length;
            const files = [
              { name: `small-${proxy.port()}.bin`, bytes: randomBytes(150_000) },
              { name: `large-${proxy.port()}.bin`, bytes: randomBytes(6 * MIB + 777) },
            ];
            const keys = await uploadThroughElement(page, files);
            for (const { name, bytes } of files) {
              assert.match(keys[name]!, new RegExp(`^${NODE_APP_USER}/`), 'the server chose the key');
              assert.ok((await readStored(keys[name]!)).equals(bytes), `${name}: the bucket holds exactly its bytes`);
            }

            // What the handler saw: the browser's origin, a Host and scheme that are not its own.
            const seen = visitsSince(from);
            const routes = seen.map((visit) => visit.path.replace('/api/upload', ''));
            for (const route of ['/presign', '/multipart/init', '/multipart/complete']) assert.ok(routes.includes(route), `${route} in ${routes.join(', ')}`);
            for (const visit of seen) {
              assert.deepEqual(
                [visit.status, visit.origin, visit.fetchSite, visit.host, visit.forwardedProto],
                [200, pageOrigin, 'same-origin', proxy.host(), proxy.forwardedProto],
                JSON.stringify(visit),
              );
            }
            assert.deepEqual(problems, []);
          } finally {
            await context.close();
          }
        },
      );
    }

    it('refuses a text/plain form POST and a no-cors fetch from another site and from a sibling origin; nothing is signed', { timeout: 120_000 }, async () => {
      const target = `https://127.0.0.1:${ports.forwarding}/api/upload/presign`;
      const identityCallsBefore = app.identityCalls();
      const attackers = [
        { origin: `https://localhost:${ports.otherSite}`, fetchSite: 'cross-site' },
        { origin: `https://127.0.0.1:${ports.otherSite}`, fetchSite: 'same-site' },
      ];
      const attacks: { marker: string; origin: string; fetchSite: string }[] = [];
      for (const attacker of attackers) {
        const context = await browser.newContext({ ignoreHTTPSErrors: true });
        try {
          const page = await context.newPage();
          await page.goto(`${attacker.origin}/`);
          const form = `form-${attacks.length}`;
          const noCors = `no-cors-${attacks.length}`;
          attacks.push({ marker: form, ...attacker }, { marker: noCors, ...attacker });

          // The classic JSON-in-a-form forgery: the field name and value join into a JSON body.
          await page.evaluate((action) => {
            const formElement = Object.assign(document.createElement('form'), { method: 'post', enctype: 'text/plain', action, target: 'sink' });
            const field = Object.assign(document.createElement('input'), { name: '{"name":"forged.txt","type":"text/plain","size":3,"pad":"', value: '"}' });
            formElement.append(field);
            document.body.append(formElement);
            formElement.submit();
          }, `${target}?attack=${form}`);
          const sink = page.frame({ name: 'sink' })!;
          await sink.waitForURL(new RegExp(`attack=${form}$`));
          assert.match(
            await sink.locator('body').innerText(),
            /"error":"Cross-site request refused","code":"AUTH_DENIED"/,
            "the form's frame shows the handler's refusal",
          );

          await page.evaluate(async (url) => {
            await fetch(url, {
              method: 'POST',
              mode: 'no-cors',
              headers: { 'content-type': 'text/plain' },
              body: JSON.stringify({ name: 'forged.txt', type: 'text/plain', size: 3 }),
            });
          }, `${target}?attack=${noCors}`);
        } finally {
          await context.close();
        }
      }

      const answered = (marker: string) => app.visits.find((visit) => visit.path.endsWith(`attack=${marker}`) && visit.status !== 0);
      for (const attack of attacks) {
        await eventually(() => answered(attack.marker) !== undefined, `the handler's answer to ${attack.marker}`);
        const visit = answered(attack.marker)!;
        assert.deepEqual([visit.status, visit.origin, visit.fetchSite], [403, attack.origin, attack.fetchSite], JSON.stringify(visit));
      }
      assert.equal(app.identityCalls(), identityCallsBefore, 'refused before getUserId ran: nothing was signed');
      const storage = await getTestStorage();
      const listing = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: `${NODE_APP_USER}/` }));
      assert.deepEqual(
        (listing.Contents ?? []).filter((object) => object.Key!.endsWith('/forged.txt')),
        [],
      );
    });

    it('serves a client that is no browser (no Origin, no Sec-Fetch-*), like curl', async () => {
      const identityCallsBefore = app.identityCalls();
      const from = app.visits.length;
      const body = JSON.stringify({ name: 'from-a-script.txt', type: 'text/plain', size: 5 });
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = httpsRequest(
          `https://127.0.0.1:${ports.forwarding}/api/upload/presign`,
          {
            method: 'POST',
            ca: nginx.certificate,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (response) => {
            let text = '';
            response
              .setEncoding('utf8')
              .on('data', (chunk: string) => {
                text += chunk;
              })
              .on('end', () => resolve({ status: response.statusCode!, text }));
          },
        );
        request.once('error', reject);
        request.end(body);
      });
      assert.equal(answer.status, 200, answer.text);
      assert.match(JSON.parse(answer.text).uploadUrl, /^http/);
      assert.equal(app.identityCalls(), identityCallsBefore + 1);
      const [visit] = visitsSince(from) as [HandlerVisit];
      assert.deepEqual([visit.origin, visit.fetchSite], [undefined, undefined]);
    });
  });

  describe('the Vite dev server of examples/vue, /api forwarded as docs/frameworks.md writes it', () => {
    let vite: ViteDevServer;
    let cacheDir: string;

    before(async () => {
      cacheDir = mkdtempSync(join(tmpdir(), 'svc-vite-cache-'));
      // The example reads where to forward /api from UPLOAD_SERVER, as its README says.
      const previous = process.env.UPLOAD_SERVER;
      process.env.UPLOAD_SERVER = app.url;
      try {
        // What `npx vite examples/vue` starts: its own vite.config.ts, dev mode.
        vite = await createViteServer({
          root: 'examples/vue',
          cacheDir,
          logLevel: 'error',
          clearScreen: false,
          server: { port: await findFreePort(), strictPort: true },
        });
        await vite.listen();
      } finally {
        if (previous === undefined) delete process.env.UPLOAD_SERVER;
        else process.env.UPLOAD_SERVER = previous;
      }
    });
    after(async () => {
      await vite?.close();
      if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
    });

    it('an upload through the element lands in the bucket, though the proxy rewrote Host', { timeout: 180_000 }, async () => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const pageUrl = new URL(vite.resolvedUrls!.local[0]!);
        await page.goto(pageUrl.href);
        await page.getByRole('heading', { name: 'svc-uploader in Vue' }).waitFor({ timeout: 90_000 });
        const from = app.visits.length;
        const file = { name: 'through-vite.bin', bytes: randomBytes(200_000) };
        const keys = await uploadThroughElement(page, [file]);
        assert.ok((await readStored(keys[file.name]!)).equals(file.bytes), 'the bucket holds exactly the bytes');

        const [presign] = visitsSince(from) as [HandlerVisit];
        assert.deepEqual(
          [presign.path, presign.status, presign.origin, presign.fetchSite, presign.host],
          ['/api/upload/presign', 200, pageUrl.origin, 'same-origin', `127.0.0.1:${app.port}`],
        );
      } finally {
        await context.close();
      }
    });
  });
});
