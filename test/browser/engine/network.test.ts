import { expect } from '@open-wc/testing';
import { UploadEngine } from '../../../engine/index.js';
import { nextEvent, randomFile, readBack, recordEvents, sha256Of, until } from './helpers.js';

const MIB = 1024 * 1024;

describe('UploadEngine networkAware', () => {
  afterEach(() => localStorage.clear());

  it('pauses on offline and resumes on online only what offline paused', async () => {
    const engine = new UploadEngine({
      serverUrl: '/api/upload',
      maxConcurrentUploads: 1,
      resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, maxConcurrentParts: 1 },
    });
    const network = recordEvents(engine, ['network-change']);
    const big = randomFile('big.bin', 15 * MIB);
    const small = randomFile('small.txt', 1000, 'text/plain');
    await engine.addFiles([big, small]);
    const run = engine.start();
    const smallId = engine.files[1]!.id;
    // The second file waits for a slot; the user pauses it.
    engine.pause(smallId);
    expect(engine.files[1]).to.include({ state: 'paused', pausedBy: 'user' });

    await nextEvent(engine, 'part-upload', ({ partNumber }) => partNumber === 1);
    window.dispatchEvent(new Event('offline'));
    expect(engine.files.map((file) => [file.state, file.pausedBy])).to.deep.equal([
      ['paused', 'offline'],
      ['paused', 'user'],
    ]);

    window.dispatchEvent(new Event('online'));
    expect(engine.files[1]).to.include({ state: 'paused', pausedBy: 'user' });
    await until(engine, (files) => files[0]!.state === 'successful');
    expect(engine.files[1]!.state).to.equal('paused');

    engine.resume();
    const summary = await run;
    expect(summary.successful).to.equal(2);
    expect(network.map((event) => event.detail)).to.deep.equal([
      { online: false, paused: [engine.files[0]!.id], resumed: [] },
      { online: true, paused: [], resumed: [engine.files[0]!.id] },
    ]);
    expect(await sha256Of(await readBack(engine.files[0]!.result!.downloadUrl))).to.equal(await sha256Of(big));
  });

  it('parks files started while offline and sends them once online', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload' });
    window.dispatchEvent(new Event('offline'));
    await engine.addFiles([randomFile('a.bin', 100)]);
    const run = engine.start();
    expect(engine.files[0]).to.include({ state: 'paused', pausedBy: 'offline' });
    window.dispatchEvent(new Event('online'));
    const summary = await run;
    expect(summary.successful).to.equal(1);
  });

  it('ignores connectivity events with networkAware false', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload', networkAware: false });
    const network = recordEvents(engine, ['network-change']);
    await engine.addFiles([randomFile('a.bin', 100)]);
    const run = engine.start();
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect((await run).successful).to.equal(1);
    expect(network).to.deep.equal([]);
  });
});
