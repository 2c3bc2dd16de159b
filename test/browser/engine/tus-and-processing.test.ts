import { expect } from '@open-wc/testing';
import { UploadEngine } from '../../../engine/index.js';
import { nextEvent, randomFile, recordEvents, sha256Of } from './helpers.js';

describe('UploadEngine tus (real @tus/server on loopback)', () => {
  it('uploads through tus-js-client, loaded on first use, and the server holds the same bytes', async () => {
    const engine = new UploadEngine({ resumable: { protocol: 'tus', endpoint: '/test-fixtures/tus', chunkSizeBytes: 256 * 1024 } });
    const progress = recordEvents(engine, ['file-upload-progress']);
    const file = randomFile('clip.webm', 1024 * 1024 + 17, 'video/webm');
    await engine.addFiles([file]);
    await engine.start();
    const [record] = engine.files;
    expect(record!.state, record!.error?.message).to.equal('successful');
    expect(record!.result!.strategy).to.equal('tus');
    expect(record!.result!.url).to.contain('/test-fixtures/tus/');
    expect(progress.length).to.be.greaterThan(1);
    const stored = await (await fetch(record!.result!.url!)).blob();
    expect(await sha256Of(stored)).to.equal(await sha256Of(file));
  });

  it('keeps the thumbnail out of the Upload-Metadata header, which servers cap', async () => {
    // A large, noisy thumbnail: its data URL alone is far beyond a 16 KB header budget.
    const canvas = new OffscreenCanvas(900, 900);
    const context = canvas.getContext('2d')!;
    const noise = context.createImageData(900, 900);
    for (let offset = 0; offset < noise.data.length; offset += 65536) crypto.getRandomValues(noise.data.subarray(offset, offset + 65536));
    for (let index = 3; index < noise.data.length; index += 4) noise.data[index] = 255;
    context.putImageData(noise, 0, 0);
    const photo = new File([await canvas.convertToBlob({ type: 'image/png' })], 'noise.png', { type: 'image/png' });
    const engine = new UploadEngine({
      resumable: { protocol: 'tus', endpoint: '/test-fixtures/tus' },
      thumbnailGenerator: { width: 900, height: 900, quality: 1 },
      metadata: { album: 'holidays' },
    });
    // What tus-js-client puts on the wire, header by header.
    const sent: string[] = [];
    const setRequestHeader = XMLHttpRequest.prototype.setRequestHeader;
    XMLHttpRequest.prototype.setRequestHeader = function (name: string, value: string) {
      if (name.toLowerCase() === 'upload-metadata') sent.push(value);
      return setRequestHeader.call(this, name, value);
    };
    try {
      await engine.addFiles([photo]);
      await engine.start();
    } finally {
      XMLHttpRequest.prototype.setRequestHeader = setRequestHeader;
    }
    const [record] = engine.files;
    expect(record!.state, record!.error?.message).to.equal('successful');
    expect(String(record!.metadata.thumbnailUrl).length).to.be.above(16 * 1024);
    expect(sent).to.have.length(1);
    const keys = sent[0]!.split(',').map((pair) => pair.trim().split(' ')[0]);
    expect(keys.sort()).to.deep.equal(['album', 'filename', 'filetype']);
  });

  it('continues at the server offset after a pause', async () => {
    const engine = new UploadEngine({ resumable: { protocol: 'tus', endpoint: '/test-fixtures/tus', chunkSizeBytes: 256 * 1024 } });
    const file = randomFile('long.bin', 2 * 1024 * 1024);
    await engine.addFiles([file]);
    const run = engine.start();
    await nextEvent(engine, 'file-upload-progress', ({ bytesUploaded }) => bytesUploaded >= 512 * 1024);
    engine.pause();
    expect(engine.files[0]!.state).to.equal('paused');
    engine.resume();
    await run;
    const stored = await (await fetch(engine.files[0]!.result!.url!)).blob();
    expect(await sha256Of(stored)).to.equal(await sha256Of(file));
  });
});

describe('UploadEngine processing stream', () => {
  it('delivers the processing result of each uploaded file', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload', processingEndpoint: '/test-fixtures/processing?mode=ok' });
    const states = recordEvents(engine, ['file-state-change']);
    await engine.addFiles([randomFile('a.bin', 100)]);
    const processed = nextEvent(engine, 'file-process');
    await engine.start();
    const { result, file } = await processed;
    expect(result).to.deep.equal({ key: file.result!.key, variants: ['small', 'large'] });
    expect(engine.files[0]).to.include({ state: 'successful' });
    expect(engine.files[0]!.processingResult).to.deep.equal(result);
    // `checking`: the handler confirms the stored object (POST /complete) before it counts.
    expect(states.map((event) => event.detail.file.state)).to.deep.equal(['processing', 'uploading', 'checking', 'uploaded', 'successful']);
  });

  it('reports a processing failure sent by the stream', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload', processingEndpoint: '/test-fixtures/processing?mode=error' });
    await engine.addFiles([randomFile('a.bin', 100)]);
    const failed = nextEvent(engine, 'file-processing-failed');
    await engine.start();
    expect((await failed).error).to.include({ code: 'PROCESSING_ERROR', message: 'transcoder crashed' });
  });

  it('turns a missing result into a PROCESSING_TIMEOUT failure event after processingTimeout', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload', processingEndpoint: '/test-fixtures/processing?mode=silent', processingTimeout: 300 });
    await engine.addFiles([randomFile('a.bin', 100)]);
    const failed = nextEvent(engine, 'file-processing-failed');
    await engine.start();
    expect((await failed).error.code).to.equal('PROCESSING_TIMEOUT');
    expect(engine.files[0]!.processingError?.code).to.equal('PROCESSING_TIMEOUT');
    expect(engine.files[0]!.state).to.equal('successful');
  });
});
