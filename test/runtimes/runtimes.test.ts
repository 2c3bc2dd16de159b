/**
 * The runtime suite: the handler served by each runtime's own server (node:http on Node 22, 24
 * and 26, the supported lines, and on Node 20, out of maintenance but still working; `Bun.serve`,
 * `Deno.serve`, workerd through Miniflare with and without `nodejs_compat`) against the real test
 * storage, each driven through the same contract flow. Runtimes come from the npm registry into
 * `~/.cache/svc-uploader/runtimes/` (scripts/runtimes/install.mjs); one that cannot run here is
 * skipped with the reason, visibly.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { ensureRuntimes, type RuntimeName } from '../../scripts/runtimes/install.mjs';
import { bundleForRuntimes } from '../../scripts/runtimes/bundle.mjs';
import { serverCommand, startServer } from '../../scripts/runtimes/servers.mjs';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import {
  createPageClient,
  multipartFile,
  openUploads,
  oversize,
  putParts,
  putToStorage,
  readObject,
  sha256,
  tamper,
  type PageClient,
} from './contract-flow.js';
import { SUITE_ORIGIN } from './suite-config.js';

const RUNTIMES = ['node20', 'node22', 'node24', 'node26', 'bun', 'deno', 'workerd', 'workerd-no-flags'] as const;
const NEEDS: Record<(typeof RUNTIMES)[number], RuntimeName[]> = {
  node20: ['node20'],
  node22: ['node22'],
  node24: ['node24'],
  node26: ['node26'],
  bun: ['bun'],
  deno: ['deno'],
  workerd: ['miniflare', 'node24'],
  'workerd-no-flags': ['miniflare', 'node24'],
};

const storage: TestStorage = await getTestStorage();
const installed = ensureRuntimes();
const bundles = await bundleForRuntimes();
const settings = {
  endpoint: storage.endpoint,
  region: storage.region,
  bucket: storage.bucket,
  accessKeyId: storage.accessKeyId,
  secretAccessKey: storage.secretAccessKey,
};

function skipReason(runtime: (typeof RUNTIMES)[number]): string | false {
  for (const name of NEEDS[runtime]) {
    const found = installed[name];
    if ('skip' in found) return `${runtime}: ${found.skip}`;
  }
  return false;
}

/** What the suite's name says of each runtime beyond its name. */
const LABELS: Partial<Record<(typeof RUNTIMES)[number], string>> = { node20: ' (out of maintenance: works, unsupported)' };

for (const runtime of RUNTIMES) {
  describe(`runtime ${runtime}${LABELS[runtime] ?? ''}`, { skip: skipReason(runtime) }, () => {
    let server: Awaited<ReturnType<typeof startServer>>;
    let client: PageClient;

    before(async () => {
      const [command, args] = serverCommand(runtime, installed, bundles, settings);
      server = await startServer(command, args);
      client = createPageClient(server.url);
    });
    after(async () => {
      await server?.stop();
    });

    const nodeLine = /^node(\d+)$/.exec(runtime)?.[1];
    if (nodeLine) {
      // The scripts that run this suite may themselves have moved to another Node line.
      it(`is Node ${nodeLine}, whatever Node runs the suite`, () => {
        const [node] = serverCommand(runtime, installed, bundles, settings);
        assert.match(execFileSync(node, ['--version'], { encoding: 'utf8' }), new RegExp(`^v${nodeLine}\\.`));
      });
    }

    it('health: 200 ok, storage reachable', async () => {
      const health = await client.send('/health');
      assert.equal(health.status, 200);
      assert.deepEqual([health.body.status, health.body.checks], ['ok', { config: 'ok', storage: 'ok' }]);
    });

    it('CORS preflight: 204 for the page origin, no body', async () => {
      const preflight = await client.send('/presign', {
        method: 'OPTIONS',
        headers: { origin: SUITE_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.body, '');
      assert.equal(preflight.headers.get('access-control-allow-origin'), SUITE_ORIGIN);
    });

    it('presign, then the PUT stores exactly the bytes, then /complete confirms it, and a repeat answers the same', async () => {
      const bytes = new TextEncoder().encode(`hello from ${runtime}\n`);
      const presigned = await client.post('/presign', { name: 'hello.txt', type: 'text/plain', size: bytes.length });
      assert.equal(presigned.status, 200, JSON.stringify(presigned.body));
      assert.equal(presigned.headers.get('access-control-allow-origin'), SUITE_ORIGIN);
      const put = await putToStorage(presigned.body.uploadUrl, bytes, presigned.body.uploadHeaders ?? {});
      assert.equal(put.status, 200);
      assert.deepEqual(await readObject(storage, presigned.body.key), Buffer.from(bytes));
      // The completion marker's conditional writes, through this runtime's fetch and crypto.
      const completed = await client.post('/complete', { token: presigned.body.completionToken });
      assert.equal(completed.status, 200, JSON.stringify(completed.body));
      assert.equal(completed.body.key, presigned.body.key);
      const repeated = await client.post('/complete', { token: presigned.body.completionToken });
      assert.deepEqual([repeated.status, repeated.body.key, repeated.body.etag], [200, presigned.body.key, completed.body.etag]);
    });

    it('multipart: init, parts PUT exactly, resume lists them, complete stores the file', async () => {
      const bytes = multipartFile();
      const init = await client.post('/multipart/init', { name: 'big.bin', type: 'application/octet-stream', size: bytes.length });
      assert.equal(init.status, 200, JSON.stringify(init.body));
      const { key, partSize } = init.body;
      const first = await putParts(client, init.body.token, bytes, partSize, [1]);

      const resumed = await client.post('/multipart/resume', { token: init.body.token });
      assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
      assert.equal(resumed.body.key, key);
      assert.deepEqual(
        resumed.body.parts.map((part: { partNumber: number; size: number }) => [part.partNumber, part.size]),
        [[1, partSize]],
      );

      const rest = await putParts(client, resumed.body.token, bytes, partSize, [2, 3]);
      const complete = await client.post('/multipart/complete', { token: resumed.body.token, parts: [...first, ...rest] });
      assert.equal(complete.status, 200, JSON.stringify(complete.body));
      assert.equal(complete.body.key, key);
      assert.equal(sha256(await readObject(storage, key)), sha256(bytes));
      assert.equal(await openUploads(storage, key), 0);
    });

    it('abort: storage discards the parts, then resume answers 404', async () => {
      const bytes = multipartFile();
      const init = await client.post('/multipart/init', { name: 'dropped.bin', type: 'application/octet-stream', size: bytes.length });
      assert.equal(init.status, 200, JSON.stringify(init.body));
      await putParts(client, init.body.token, bytes, init.body.partSize, [1]);
      const abort = await client.post('/multipart/abort', { token: init.body.token });
      assert.deepEqual([abort.status, abort.body], [200, { ok: true }]);
      assert.equal(await openUploads(storage, init.body.key), 0);
      const resume = await client.post('/multipart/resume', { token: init.body.token });
      assert.deepEqual([resume.status, resume.body], [404, { error: 'Multipart upload no longer exists', code: 'NOT_FOUND' }]);
    });

    it("cross-origin: the runtime's Host header decides for an Origin without Sec-Fetch-Site; same-origin passes whatever Host says", async () => {
      const file = { name: 'a.txt', type: 'text/plain', size: 3 };
      const viaDevProxy = await client.post('/presign', file, { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin' });
      assert.equal(viaDevProxy.status, 200, JSON.stringify(viaDevProxy.body));
      const onOwnHost = await client.post('/presign', file, { origin: new URL(server.url).origin });
      assert.equal(onOwnHost.status, 200, JSON.stringify(onOwnHost.body));
      const onOtherHost = await client.post('/presign', file, { origin: 'http://localhost:5173' });
      assert.deepEqual([onOtherHost.status, onOtherHost.body], [403, { error: 'Cross-site request refused', code: 'AUTH_DENIED' }]);
    });

    it('refusals: 401 without the bearer, 403 for a tampered token, 413 oversize, 415 wrong type', async () => {
      const file = { name: 'a.txt', type: 'text/plain', size: 3 };
      const unauthorized = await client.post('/presign', file, { authorization: '' });
      assert.deepEqual([unauthorized.status, unauthorized.body], [401, { error: 'Unauthorized' }]);

      const init = await client.post('/multipart/init', { name: 'b.bin', type: 'application/octet-stream', size: 6 * 1024 * 1024 });
      assert.equal(init.status, 200, JSON.stringify(init.body));
      const forged = await client.post('/multipart/sign-part', { token: tamper(init.body.token), partNumber: 1 });
      assert.deepEqual([forged.status, forged.body], [403, { error: 'Invalid upload token', code: 'bad_signature' }]);
      assert.equal((await client.post('/multipart/abort', { token: init.body.token })).status, 200);

      const tooLarge = await client.post('/presign', { ...file, size: oversize });
      assert.deepEqual([tooLarge.status, tooLarge.body], [413, { error: 'File too large' }]);
      const wrongType = await client.post('/presign', { ...file, type: 'image/svg+xml' });
      assert.deepEqual([wrongType.status, wrongType.body], [415, { error: 'File type not allowed' }]);
    });
  });
}

describe('runtime deno without --allow-sys', { skip: skipReason('deno') }, () => {
  it('refuses to start with an error naming the flag, instead of failing every storage call with a 500', async () => {
    const [command, args] = serverCommand('deno', installed, bundles, settings);
    const withoutSys = args.filter((arg) => !arg.startsWith('--allow-sys'));
    const started = await startServer(command, withoutSys).then(
      async (server) => {
        await server.stop();
        return 'listening';
      },
      (error: Error) => error.message,
    );
    assert.match(started, /exited .* before listening/);
    assert.match(started, /On Deno, run with --allow-sys=osRelease/);
  });
});
