import { expect } from '@open-wc/testing';
import { ConfigurationError, UploadEngine } from '../../../engine/index.js';
import { textFile } from './helpers.js';

describe('UploadEngine configuration', () => {
  it('refuses two upload targets at once with a ConfigurationError that names both', () => {
    let caught: unknown;
    try {
      new UploadEngine({ uploadEndpoint: '/token', serverUrl: '/api/upload' });
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(ConfigurationError);
    expect((caught as ConfigurationError).code).to.equal('CONFIGURATION_ERROR');
    expect((caught as Error).message)
      .to.contain('uploadEndpoint')
      .and.to.contain('serverUrl');
  });

  it("refuses mode 'server' with only a client-mode target", () => {
    expect(() => new UploadEngine({ mode: 'server', uploadEndpoint: '/token' })).to.throw(ConfigurationError, /serverUrl/);
  });

  it('refuses tus without an endpoint and multipart with a token endpoint', () => {
    expect(() => new UploadEngine({ resumable: { protocol: 'tus' } as never })).to.throw(ConfigurationError, /endpoint/);
    expect(() => new UploadEngine({ uploadEndpoint: '/token', resumable: { protocol: 'multipart' } })).to.throw(ConfigurationError, /serverUrl/);
  });

  it('refuses unknown size units', () => {
    expect(() => new UploadEngine({ maxFileSize: { size: 1, unit: 'XB' as never } })).to.throw(ConfigurationError, /maxFileSize/);
  });

  it('fails a file with CONFIGURATION_ERROR, without retries, when no target is set', async () => {
    const engine = new UploadEngine({ retryBaseDelayMs: 0 });
    await engine.addFiles([textFile('a.txt', 'a')]);
    const summary = await engine.start();
    expect(summary.failed).to.equal(1);
    const [file] = engine.files;
    expect(file!.state).to.equal('failed');
    expect(file!.error?.code).to.equal('CONFIGURATION_ERROR');
    expect(file!.attempts).to.equal(1);
  });
});
