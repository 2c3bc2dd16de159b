import { expect } from '@open-wc/testing';
import { UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { randomFile, readBack, recordEvents, sha256Of } from '../engine/helpers.js';
import { startScenario, uploadedHooksByKey, type Scenario, type ScenarioSpec } from './scenario.js';

// A single upload ends with POST /complete: the handler checks the object and runs its hooks once.
// Whatever answer is lost on the way, the bucket holds one object for the file, and the host's
// onFileUploaded ran exactly once for it (and for no other key).

/**
 * Quick retries keep the suite fast; the behaviour is the same as with the defaults. The stall
 * watchdog is short only where a test needs it (a PUT that hangs): a loaded machine stalls too.
 */
function options(serverUrl: string, uploadStallTimeoutMs = 15_000): EngineOptions {
  return { serverUrl, maxRetries: 3, retryBaseDelayMs: 0, uploadStallTimeoutMs };
}

async function uploadOnce(spec: ScenarioSpec, name: string, uploadStallTimeoutMs?: number) {
  const scenario = await startScenario(spec);
  try {
    const engine = new UploadEngine(options(scenario.serverUrl, uploadStallTimeoutMs));
    const events = recordEvents(engine, ['file-state-change', 'file-upload-complete', 'file-retry']);
    const file = randomFile(name, 64 * 1024);
    await engine.addFiles([file]);
    await engine.start();
    return { scenario, engine, events, file, state: await scenario.state(name) };
  } catch (error) {
    await scenario.stop();
    throw error;
  }
}

async function expectStoredOnceAndHeardOnce(run: Awaited<ReturnType<typeof uploadOnce>>): Promise<void> {
  const { engine, events, file, state } = run;
  const record = engine.files[0]!;
  expect(record.state, `${record.error?.code} ${record.error?.message}`).to.equal('successful');
  expect(state.unfired, `faults that never happened (proxy saw: ${state.proxy.join(', ')}; handler: ${state.handler.join(', ')})`).to.deep.equal([]);
  expect(
    state.objects.map((object) => object.key),
    'one object for the file',
  ).to.deep.equal([record.result!.key]);
  expect([...uploadedHooksByKey(state)], 'onFileUploaded once, for that object').to.deep.equal([[record.result!.key, 1]]);
  expect(await sha256Of(await readBack(record.result!.downloadUrl)), 'stored bytes').to.equal(await sha256Of(file));
  const completions = events.filter((event) => event.name === 'file-upload-complete');
  expect(completions, 'file-upload-complete once').to.have.length(1);
  expect(completions[0]!.detail).to.include({ key: record.result!.key });
}

describe('Single uploads are confirmed with POST /complete (real handler, real storage)', function () {
  // A loaded 2-core machine: the watchdog leaves retries and storage calls slack.
  this.timeout(90_000);
  let scenario: Scenario | undefined;
  afterEach(async () => {
    await scenario?.stop();
    scenario = undefined;
  });

  it('a small file: checking after the PUT, then one object, one onFileUploaded, and the answer of /complete in the result', async () => {
    const run = await uploadOnce({}, 'confirmed-small.bin');
    scenario = run.scenario;
    await expectStoredOnceAndHeardOnce(run);
    const states = run.events.filter((event) => event.name === 'file-state-change').map((event) => (event.detail as { state: string }).state);
    expect(states, `handler: ${run.state.handler.join(', ')}`).to.deep.equal(['processing', 'uploading', 'checking', 'successful']);
    expect(run.state.handler).to.deep.equal(['presign 200', 'complete 200']);
    const completion = run.events.find((event) => event.name === 'file-upload-complete')!.detail as { result: { etag?: string; downloadUrl?: string } };
    expect(completion.result.etag, 'the ETag /complete read from storage').to.match(/^"?[0-9a-f]{32}"?$/);
  });

  it('a lost PUT answer: the retry asks /complete and reuses the same key; one object, heard of once', async () => {
    const run = await uploadOnce({ storage: [{ match: 'put', side: 'browser', fault: 'lose-answer' }] }, 'lost-put-answer.bin');
    scenario = run.scenario;
    await expectStoredOnceAndHeardOnce(run);
    expect(
      run.state.handler.filter((line) => line.startsWith('presign')),
      'presigned once',
    ).to.deep.equal(['presign 200']);
    expect(run.engine.files[0]!.attempts, `proxy: ${run.state.proxy.join(', ')}`).to.equal(2);
  });

  it('a lost /complete answer: the repeat is answered from the completion marker; one object, heard of once', async () => {
    const run = await uploadOnce({ handler: { dropAnswer: ['complete'] } }, 'lost-complete-answer.bin');
    scenario = run.scenario;
    await expectStoredOnceAndHeardOnce(run);
    expect(run.state.handler).to.deep.equal(['presign 200', 'complete 200 lost', 'complete 200']);
  });

  it('a PUT that never reached storage: /complete answers 404, the same URL is sent again; one object, heard of once', async () => {
    const run = await uploadOnce({ storage: [{ match: 'put', side: 'browser', fault: 'hang' }] }, 'hung-put.bin', 1500);
    scenario = run.scenario;
    await expectStoredOnceAndHeardOnce(run);
    expect(run.state.handler).to.deep.equal(['presign 200', 'complete 404', 'complete 200']);
    expect(
      run.state.proxy.filter((line) => line.startsWith('browser put')),
      'sent twice with the one presigned URL',
    ).to.have.length(2);
  });
});
