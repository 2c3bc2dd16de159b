import { expect } from '@open-wc/testing';
import { UploadEngine } from '../../../engine/index.js';
import { nextEvent, randomFile, recordEvents } from './helpers.js';

describe('UploadEngine and answers it cannot trust', () => {
  it('finishes a tus upload whose upload URL holds a malformed percent escape, without a retry', async () => {
    const engine = new UploadEngine({
      resumable: { protocol: 'tus', endpoint: '/remote-fixtures/tus-escape', storeFingerprintForResuming: false },
      maxRetries: 2,
    });
    const failures = recordEvents(engine, ['file-failed', 'file-retry']);
    await engine.addFiles([randomFile('report.bin', 1000)]);
    await engine.start();
    const [record] = engine.files;
    expect(record!.state, record!.error?.message).to.equal('successful');
    expect(record!.attempts).to.equal(1);
    // Undecodable, so the last segment is kept as sent.
    expect(record!.result).to.include({ strategy: 'tus', key: 'report%E0%A4%A' });
    expect(failures).to.deep.equal([]);
  });

  it('waits past status-less progress messages for the completion event of the processing stream', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload', processingEndpoint: '/remote-fixtures/processing?mode=progress-only' });
    await engine.addFiles([randomFile('a.bin', 100)]);
    const processed = nextEvent(engine, 'file-process');
    await engine.start();
    const { result, file } = await processed;
    expect(result).to.deep.equal({ key: file.result!.key, variants: ['small'] });
    expect(engine.files[0]!.processingResult).to.deep.equal(result);
  });
});
