/**
 * The Workers build of the server API: what Wrangler picks for `svc-uploader/server` (the
 * `workerd` condition) and for `svc-uploader/server/workers`. Its multipart flow on workerd is in
 * runtimes.test.ts; here, what it is made of.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { buildWorkersEntry } from '../../scripts/build-workers-entry.mjs';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const folder = mkdtempSync(join(tmpdir(), 'svc-workers-entry-'));
const built = await buildWorkersEntry(join(folder, 'workers.js'));

describe('Workers entry', () => {
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('Wrangler gets the Workers build for svc-uploader/server (the workerd condition) and svc-uploader/server/workers', () => {
    const workers = manifest.exports['./server/workers'];
    assert.equal(workers.import, './dist/server/workers.js');
    assert.equal(manifest.exports['./server'].workerd, workers.import);
    const conditions = Object.keys(manifest.exports['./server']);
    assert.ok(conditions.indexOf('workerd') < conditions.indexOf('import'), 'workerd must come before import to win');
  });

  it('has the AWS SDK inside without the DOMParser-based XML parser, and the same API as svc-uploader/server', async () => {
    const source = readFileSync(built, 'utf8');
    assert.doesNotMatch(source, /DOMParser/);
    assert.doesNotMatch(source, /from\s*["']@aws-sdk\//, 'the SDK must be bundled, not resolved again by Wrangler');
    const names = (module: object) => Object.keys(module).sort();
    assert.deepEqual(names(await import(pathToFileURL(built).href)), names(await import('../../server/index.js')));
  });
});
