import { expect } from '@open-wc/testing';
import { UploadEngine, type PipelineStep } from '../../../engine/index.js';
import { createFaultPlan, gate, randomFile, readBack, recordEvents, sha256Of, textFile, untilState } from './helpers.js';

const MIB = 1024 * 1024;

describe('UploadEngine replaceFile (real handler, real storage)', () => {
  it('uploads the new bytes in place of a queued file and keeps the original for reference', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload' });
    const events = recordEvents(engine, ['file-replaced']);
    const original = randomFile('photo.png', 40_000, 'image/png');
    const edited = randomFile('photo.jpg', 25_000, 'image/jpeg');
    const {
      added: [added],
    } = await engine.addFiles([original]);
    const { replaced } = await engine.replaceFile(added!.id, edited);
    expect(replaced).to.include({ id: added!.id, name: 'photo.jpg', size: 25_000, type: 'image/jpeg', state: 'queued', file: edited, originalFile: original });
    expect(events.map((event) => [event.detail.file.id, event.detail.previous])).to.deep.equal([[added!.id, original]]);

    const summary = await engine.start();
    expect(summary).to.include({ successful: 1, failed: 0 });
    const stored = await readBack(engine.files[0]!.result!.downloadUrl);
    expect(stored.size).to.equal(edited.size);
    expect(await sha256Of(stored)).to.equal(await sha256Of(edited));
  });

  it('refuses new bytes that break a limit and leaves the old ones in place', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload', maxFileSize: { size: 12, unit: 'KB' }, maxTotalFileSize: { size: 16, unit: 'KB' } });
    const rejections = recordEvents(engine, ['file-reject']);
    const small = randomFile('a.png', 6000, 'image/png');
    const other = randomFile('b.png', 6000, 'image/png');
    const { added } = await engine.addFiles([small, other]);
    const tooLarge = await engine.replaceFile(added[0]!.id, randomFile('a.png', 13 * 1024, 'image/png'));
    expect(tooLarge.rejected).to.include({ reason: 'FILE_TOO_LARGE' });
    // 11,000 bytes alone fit; with the other 6 KB file the list would pass the 16 KB total.
    const overTotal = await engine.replaceFile(added[0]!.id, randomFile('a.png', 11_000, 'image/png'));
    expect(overTotal.rejected).to.include({ reason: 'TOTAL_SIZE_EXCEEDED' });
    // The file's own old size does not count against it: 9 KB + 6 KB is within 16 KB.
    const fits = await engine.replaceFile(added[0]!.id, randomFile('a.png', 9 * 1024, 'image/png'));
    expect(fits.replaced).to.include({ size: 9 * 1024 });
    expect(rejections.map((event) => event.detail.reason)).to.deep.equal(['FILE_TOO_LARGE', 'TOTAL_SIZE_EXCEEDED']);
    expect(engine.files.map((file) => file.size)).to.deep.equal([9 * 1024, 6000]);
  });

  it('aborts the multipart session of a failed file, queues it afresh and stores the new bytes', async () => {
    const plan = await createFaultPlan({ failParts: { 1: 10 } });
    const options = { serverUrl: plan.serverUrl, maxRetries: 0, resumable: { protocol: 'multipart' as const, chunkSizeBytes: 5 * MIB, retryDelays: [0] } };
    const engine = new UploadEngine(options);
    const {
      added: [added],
    } = await engine.addFiles([randomFile('big.bin', 6 * MIB)]);
    await engine.start();
    expect(engine.files[0]).to.include({ state: 'failed' });

    const edited = randomFile('big.bin', 6 * MIB + 1);
    const { replaced } = await engine.replaceFile(added!.id, edited);
    expect(replaced).to.include({ state: 'queued', attempts: 0, bytesUploaded: 0 });
    expect(replaced!.error).to.equal(undefined);
    await untilAborted(plan, 1);

    engine.setOptions({ serverUrl: '/api/upload' });
    const summary = await engine.start();
    expect(summary).to.include({ successful: 1 });
    const stored = await readBack(engine.files[0]!.result!.downloadUrl);
    expect(await sha256Of(stored)).to.equal(await sha256Of(edited));
  });

  it('will not swap the bytes of a file that is on its way', async () => {
    const held = gate();
    const step: PipelineStep = { name: 'hold', run: () => held.promise };
    const engine = new UploadEngine({ pipeline: [step] });
    const {
      added: [added],
    } = await engine.addFiles([textFile('a.txt', 'a')]);
    const run = engine.start();
    await untilState(engine, 'a.txt', 'processing');
    let error: unknown;
    await engine.replaceFile(added!.id, textFile('a.txt', 'b')).catch((caught) => {
      error = caught;
    });
    expect(String(error)).to.contain('cannot be replaced while it is processing');
    held.open();
    await run;
  });
});

describe('UploadEngine hold and release', () => {
  it('keeps held files of a batch out of the autoUpload run until they are released', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload', autoUpload: true });
    const starts = recordEvents(engine, ['upload-start']);
    const result = await engine.addFiles([textFile('notes.txt', 'notes'), randomFile('photo.png', 2000, 'image/png')], 'local', {
      hold: (file, accepted) => accepted.length === 2 && file.type === 'image/png',
    });
    expect(result.added.map((file) => [file.name, file.held ?? false])).to.deep.equal([
      ['notes.txt', false],
      ['photo.png', true],
    ]);
    await untilState(engine, 'notes.txt', 'successful');
    expect(engine.files.find((file) => file.name === 'photo.png')).to.include({ state: 'queued', held: true });
    // `start()` leaves it out as well.
    await engine.start();
    expect(engine.files.find((file) => file.name === 'photo.png')!.state).to.equal('queued');

    engine.release(result.added[1]!.id);
    await untilState(engine, 'photo.png', 'successful');
    expect(engine.files.find((file) => file.name === 'photo.png')!.held).to.equal(undefined);
    expect(starts.map((event) => event.detail.files.map((file) => file.name))).to.deep.equal([['notes.txt'], ['photo.png']]);
  });

  it('holds only queued files outside a run; releasing without autoUpload starts nothing', async () => {
    const held = gate();
    const engine = new UploadEngine({ pipeline: [{ name: 'hold', run: () => held.promise }] });
    const { added } = await engine.addFiles([textFile('a.txt', 'a'), textFile('b.txt', 'b')]);
    expect(engine.hold(added[1]!.id)).to.equal(true);
    const run = engine.start();
    await untilState(engine, 'a.txt', 'processing');
    expect(engine.hold(added[0]!.id)).to.equal(false);
    held.open();
    await run;
    engine.release(added[1]!.id);
    expect(engine.files[1]).to.include({ state: 'queued' });
    expect(engine.files[1]!.held).to.equal(undefined);
  });
});

async function untilAborted(plan: { log(): Promise<{ aborts: number }> }, count: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await plan.log()).aborts >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`expected ${count} multipart abort(s)`);
}
