/**
 * An instance that dies while it holds an upload's completion claim (killed in the middle of its
 * verdict) leaves a claim nobody renews. Once its lease runs out, the client's repeat on another
 * instance takes it over: the verdict and the hooks run there, once, and the answer is 200.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createUploadHandler } from '../../../server/index.js';
import { getTestStorage, type TestStorage } from '../../support/storage.js';
import { MOUNT, randomContent, TEST_SECRET } from '../support/upload-harness.js';
import { createHookRecorder, postAndLeave, putSingle, serveTracked, type TrackedServer } from './support.js';

describe('an instance that dies holding a completion claim', () => {
  let storage: TestStorage;
  let survivor: TrackedServer;
  const recorder = createHookRecorder();
  let verdicts = 0;

  before(async () => {
    storage = await getTestStorage();
    survivor = await serveTracked(
      createUploadHandler({
        storage: storage.storageConfig(),
        uploadTokenSecret: TEST_SECRET,
        allowAnonymousUploads: true,
        completion: { leaseSeconds: 1 },
        hooks: {
          ...recorder.hooks,
          verifyUpload: () => {
            verdicts += 1;
            return true;
          },
        },
      }),
    );
  });
  after(() => survivor.close());

  it('is taken over once its lease expires; the hooks run once, on the survivor', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./crashing-instance.ts', import.meta.url))], {
      env: { ...process.env, CRASH_STORAGE: JSON.stringify(storage.storageConfig()), CRASH_SECRET: TEST_SECRET },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    const printed = (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (output.includes(text)) resolve();
        };
        child.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          check();
        });
        check();
      });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await printed('Listening on ');
      const url = /Listening on (\S+)/.exec(output)![1]!;
      const dying: TrackedServer = { ...survivor, origin: url };
      const upload = await putSingle(survivor, randomContent(64));
      // The client's request reaches the instance, which claims the upload and starts its verdict...
      await postAndLeave(dying, '/complete', { token: upload.completionToken }, printed('verdict started'));
      // ...and the instance dies there.
      child.kill('SIGKILL');
      await exited;
      const repeat = await survivor.post(`${MOUNT}/complete`, { token: upload.completionToken });
      assert.equal(repeat.status, 200, repeat.text);
      assert.equal(repeat.body.key, upload.key);
      assert.equal(verdicts, 1, 'the survivor asked the verdict');
      assert.equal(recorder.count(upload.key), 1);
      assert.equal(recorder.count(upload.key, 'onUploadComplete'), 1);
      assert.doesNotMatch(output, /onFileUploaded/, 'the dead instance never ran the hooks');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
