import { expect } from '@open-wc/testing';
import { UploadEngine, type PipelineStep, type FileState } from '../../../engine/index.js';
import { gate, recordEvents, textFile, untilState } from './helpers.js';

/** A pipeline step that holds each file in `processing` until the test opens its gate. */
function holdingStep(): { step: PipelineStep; gates: Map<string, ReturnType<typeof gate>>; running: Set<string>; maxRunning: number } {
  const state = { gates: new Map<string, ReturnType<typeof gate>>(), running: new Set<string>(), maxRunning: 0 };
  const step: PipelineStep = {
    name: 'hold',
    async run({ file, signal }) {
      const held = gate();
      state.gates.set(file.name, held);
      state.running.add(file.name);
      state.maxRunning = Math.max(state.maxRunning, state.running.size);
      signal.addEventListener('abort', () => held.open());
      await held.promise;
      state.running.delete(file.name);
    },
  };
  return Object.assign(state, { step });
}

describe('UploadEngine queue and events', () => {
  it('runs at most maxConcurrentUploads files at once and honours a change at run time', async () => {
    const hold = holdingStep();
    const engine = new UploadEngine({ pipeline: [hold.step], maxConcurrentUploads: 2 });
    await engine.addFiles(['a', 'b', 'c', 'd', 'e'].map((name) => textFile(name, name)));
    const run = engine.start();
    await untilState(engine, 'b', 'processing');
    expect([...hold.running].sort()).to.deep.equal(['a', 'b']);
    expect(engine.files.map((file) => file.state)).to.deep.equal(['processing', 'processing', 'queued', 'queued', 'queued']);
    engine.setOptions({ maxConcurrentUploads: 3 });
    hold.gates.get('a')!.open();
    await untilState(engine, 'd', 'processing');
    expect([...hold.running].sort()).to.deep.equal(['b', 'c', 'd']);
    for (const name of ['b', 'c', 'd']) hold.gates.get(name)!.open();
    await untilState(engine, 'e', 'processing');
    hold.gates.get('e')!.open();
    const summary = await run;
    expect(hold.maxRunning).to.equal(3);
    // No upload target: every file fails after its pipeline, once, without retries.
    expect(summary.failed).to.equal(5);
  });

  it('emits the documented events with typed payloads, in order', async () => {
    const engine = new UploadEngine({ retryBaseDelayMs: 0 });
    const events = recordEvents(engine, ['file-add', 'upload-start', 'file-state-change', 'file-failed', 'files-upload-complete', 'file-removed']);
    await engine.addFiles([textFile('a.txt', 'a')]);
    await engine.start();
    const id = engine.files[0]!.id;
    engine.removeFile(id);
    expect(events.map((event) => event.name)).to.deep.equal([
      'file-add',
      'upload-start',
      'file-state-change',
      'file-state-change',
      'file-state-change',
      'file-failed',
      'files-upload-complete',
      'file-removed',
    ]);
    const transitions = events
      .filter((event) => event.name === 'file-state-change')
      .map((event) => {
        const detail = event.detail as { previous: FileState; file: { state: FileState } };
        return `${detail.previous}->${detail.file.state}`;
      });
    expect(transitions).to.deep.equal(['queued->processing', 'processing->uploading', 'uploading->failed']);
    const states = events
      .filter((event) => event.name === 'file-state-change')
      .map((event) => event.detail as { state: FileState; file: { state: FileState } });
    expect(states.map((detail) => detail.state)).to.deep.equal(states.map((detail) => detail.file.state));
    const complete = events.find((event) => event.name === 'files-upload-complete')!.detail as { successful: number; failed: number };
    expect(complete).to.include({ successful: 0, failed: 1 });
    expect(engine.files).to.have.length(0);
  });

  it('still delivers renamed events to listeners of their old names, the same detail as under the new name', async () => {
    const engine = new UploadEngine({ allowedFileTypes: ['text/plain'] });
    const underNewName: object[] = [];
    const underOldName: object[] = [];
    engine.on('file-add', (detail) => underNewName.push(detail));
    engine.on('file-reject', (detail) => underNewName.push(detail));
    engine.on('file-added', (detail) => underOldName.push(detail));
    const stopRejected = engine.on('file-rejected', (detail) => underOldName.push(detail));
    await engine.addFiles([textFile('a.txt', 'a'), new File(['b'], 'b.bin', { type: 'application/octet-stream' })]);
    expect(underOldName).to.have.length(2);
    expect(underOldName[0]).to.equal(underNewName[0]);
    expect(underOldName[1]).to.equal(underNewName[1]);
    stopRejected();
    await engine.addFiles([new File(['c'], 'c.bin', { type: 'application/octet-stream' })]);
    expect(underNewName).to.have.length(3);
    expect(underOldName).to.have.length(2);
  });

  it('returns an unsubscribe function from on(), and off() removes a listener', async () => {
    const engine = new UploadEngine();
    let viaOn = 0;
    let viaOff = 0;
    const stop = engine.on('file-add', () => (viaOn += 1));
    const listener = (): void => {
      viaOff += 1;
    };
    engine.on('file-add', listener);
    await engine.addFiles([textFile('a', 'a')]);
    stop();
    engine.off('file-add', listener);
    await engine.addFiles([textFile('b', 'b')]);
    expect([viaOn, viaOff]).to.deep.equal([1, 1]);
  });

  it('hands plugins the event bus at construction', async () => {
    const seen: string[] = [];
    const engine = new UploadEngine({ plugins: [{ name: 'audit', init: (bus) => bus.on('file-add', ({ file }) => seen.push(file.name)) }] });
    await engine.addFiles([textFile('a.txt', 'a')]);
    expect(seen).to.deep.equal(['a.txt']);
  });

  it('exposes frozen snapshots that do not change under the caller', async () => {
    const engine = new UploadEngine();
    await engine.addFiles([textFile('a.txt', 'a')]);
    const before = engine.files;
    expect(Object.isFrozen(before)).to.equal(true);
    expect(Object.isFrozen(before[0])).to.equal(true);
    await engine.addFiles([textFile('b.txt', 'b')]);
    expect(before).to.have.length(1);
    expect(engine.files).to.have.length(2);
  });

  it('pauses and resumes a file in the pipeline, and cancel settles it', async () => {
    const hold = holdingStep();
    const engine = new UploadEngine({ pipeline: [hold.step] });
    const events = recordEvents(engine, ['file-pause', 'file-cancel']);
    await engine.addFiles([textFile('a', 'a'), textFile('b', 'b')]);
    const run = engine.start();
    await untilState(engine, 'b', 'processing');
    const [a, b] = engine.files;
    engine.pause(a!.id);
    expect(engine.files[0]).to.include({ state: 'paused', pausedBy: 'user' });
    engine.cancel(b!.id);
    expect(engine.files[1]!.state).to.equal('canceled');
    engine.resume(a!.id);
    await untilState(engine, 'a', 'processing');
    hold.gates.get('a')!.open();
    const summary = await run;
    expect(summary.files.map((file) => file.state)).to.deep.equal(['failed', 'canceled']);
    expect(events.map((event) => event.name)).to.deep.equal(['file-pause', 'file-cancel']);
  });

  it('runs pipeline steps in the fixed stage order and reports a failing step without failing the file', async () => {
    const order: string[] = [];
    const step = (name: string, stage: PipelineStep['stage']): PipelineStep => ({ name, stage, run: () => void order.push(name) });
    const engine = new UploadEngine({
      pipeline: [
        step('hash', 'hashing'),
        step('thumb', 'thumbnail'),
        {
          name: 'broken',
          stage: 'compression',
          run: () => {
            throw new Error('decoder missing');
          },
        },
        step('exif', 'exif'),
        step('mine', 'custom'),
        step('heic', 'heic'),
      ],
    });
    const errors = recordEvents(engine, ['pipeline-error']);
    await engine.addFiles([textFile('a', 'a')]);
    await engine.start();
    expect(order).to.deep.equal(['heic', 'exif', 'thumb', 'mine', 'hash']);
    expect(errors.map((event) => event.detail as { step: string; message: string })).to.deep.equal([
      { step: 'broken', message: 'decoder missing', file: errors[0]!.detail.file },
    ]);
  });

  it('falls back to the main thread when a worker step times out', async () => {
    const engine = new UploadEngine({
      workerTimeoutMs: 20,
      pipeline: [
        {
          name: 'tag',
          runInWorker: () => new Promise(() => undefined),
          run: () => ({ metadata: { ranOn: 'main' } }),
        },
      ],
    });
    await engine.addFiles([textFile('a', 'a')]);
    await engine.start();
    expect(engine.files[0]!.metadata).to.deep.equal({ ranOn: 'main' });
  });

  it('computes a SHA-256 checksum with checksumVerification', async () => {
    const engine = new UploadEngine({ checksumVerification: true });
    await engine.addFiles([textFile('abc.txt', 'abc')]);
    await engine.start();
    const expected = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(engine.files[0]!.checksum).to.equal(expected);
    expect(engine.files[0]!.metadata).to.deep.equal({ checksumSha256: expected });
  });

  it('lets a flag step pass a file it does not handle through untouched, without an error', async () => {
    const engine = new UploadEngine({ heicConversion: true });
    const errors = recordEvents(engine, ['pipeline-error']);
    const notHeic = textFile('a.heic', 'a', 'image/heic');
    await engine.addFiles([notHeic]);
    await engine.start();
    expect(errors).to.deep.equal([]);
    expect(engine.files[0]!.file).to.equal(notHeic);
  });
});
