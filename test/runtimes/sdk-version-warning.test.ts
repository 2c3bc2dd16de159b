/**
 * The recipe docs/server.md (Runtimes) gives for Node 20: the AWS SDK prints its Node-version
 * warning on stderr once per process, when the handler makes its first storage client (the first
 * presign or health probe); `AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true` keeps it out,
 * while `--no-deprecation` and `--disable-warning` of its name do not (it is a plain `Warning`).
 * Served by the runtime suite's Node server on a real Node 20, against the real test storage.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ensureRuntimes } from '../../scripts/runtimes/install.mjs';
import { bundleForRuntimes } from '../../scripts/runtimes/bundle.mjs';
import { serverCommand, startServer } from '../../scripts/runtimes/servers.mjs';
import { getTestStorage } from '../support/storage.js';
import { createPageClient } from './contract-flow.js';

const SDK_WARNING = /NodeVersionSupportWarning: The AWS SDK for JavaScript \(v3\)/;
const installed = ensureRuntimes(['node20']);
const skip = 'skip' in installed.node20 ? installed.node20.skip : false;
const storage = await getTestStorage();
const bundles = await bundleForRuntimes();
const settings = {
  endpoint: storage.endpoint,
  region: storage.region,
  bucket: storage.bucket,
  accessKeyId: storage.accessKeyId,
  secretAccessKey: storage.secretAccessKey,
};

/** Everything the Node 20 server printed from its start through two presigns, under `env`. */
async function outputOfTwoPresigns(env: Record<string, string>): Promise<string> {
  const [command, args] = serverCommand('node20', installed, bundles, settings);
  // Only what the case sets: the variable `npm test` sets for its own runs, and Node options, are cleared.
  const server = await startServer(command, args, {
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: undefined,
    NODE_OPTIONS: undefined,
    NODE_NO_WARNINGS: undefined,
    ...env,
  });
  try {
    const client = createPageClient(server.url);
    for (const name of ['first.txt', 'second.txt']) {
      const presigned = await client.post('/presign', { name, type: 'text/plain', size: 3 });
      assert.equal(presigned.status, 200, JSON.stringify(presigned.body));
    }
  } finally {
    await server.stop();
  }
  return server.output();
}

describe('the AWS SDK Node-version warning on Node 20', { skip }, () => {
  it('is printed once per process, on the first storage call, without a setting', async () => {
    const output = await outputOfTwoPresigns({});
    assert.equal(output.split(SDK_WARNING).length - 1, 1, output);
    assert.match(output, /will require node >=22\. You are running node v20\./);
  });

  it('is not printed with AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true', async () => {
    const output = await outputOfTwoPresigns({ AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' });
    assert.doesNotMatch(output, /AWS SDK|NodeVersionSupportWarning|Warning/);
    assert.match(output, /^listening /m);
  });

  it('is still printed with --no-deprecation, --disable-warning of its name, or the variable set to anything but `true`', async () => {
    assert.match(await outputOfTwoPresigns({ NODE_OPTIONS: '--no-deprecation' }), SDK_WARNING);
    assert.match(await outputOfTwoPresigns({ NODE_OPTIONS: '--disable-warning=NodeVersionSupportWarning' }), SDK_WARNING);
    assert.match(await outputOfTwoPresigns({ AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: '1' }), SDK_WARNING);
  });
});
