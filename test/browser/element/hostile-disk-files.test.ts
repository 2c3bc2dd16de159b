// A file chosen from disk can change or disappear before its bytes are sent. Chromium then fails
// the PUT as a network error; the uploader must say what happened to the file instead of blaming
// the connection or the bucket, and must not keep retrying what can never work.
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { mount, nextEvent, part, recordEvents, unmountAll, type SvcUploader } from './helpers.js';

/** Writes `name` to a temporary folder and chooses it in the element's file input, as a user would. */
async function chooseDiskFile(element: SvcUploader, name: string, text: string): Promise<void> {
  element.id ||= `uploader-${crypto.randomUUID()}`;
  const added = nextEvent(element, 'svc-files-add');
  await executeServerCommand('svc-disk-file', { action: 'choose', selector: `#${element.id} input[part="file-input"]`, name, text });
  await added;
}

describe('<svc-uploader> and files that change on disk', () => {
  afterEach(unmountAll);

  for (const action of ['change', 'delete'] as const) {
    it(`fails a file ${action === 'change' ? 'rewritten' : 'deleted'} on disk after it was chosen with FILE_UNREADABLE, says so, and does not retry it`, async () => {
      const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
      (await element.whenEngine()).setOptions({ maxRetries: 2, retryBaseDelayMs: 0 });
      const name = `${action}-${crypto.randomUUID()}.txt`;
      await chooseDiskFile(element, name, 'the original text');
      await executeServerCommand('svc-disk-file', { action, name, text: 'a longer text that replaced the original' });
      const retries = recordEvents(element, ['svc-file-retry']);
      const failed = nextEvent(element, 'svc-error', (event) => event.detail.scope === 'upload');
      await element.upload();
      const { detail } = await failed;
      expect(detail.code).to.equal('FILE_UNREADABLE');
      expect(retries, 'no automatic retry').to.have.length(0);
      expect(element.files[0]!.error).to.include({ code: 'FILE_UNREADABLE', retryable: false });
      await element.updateComplete;
      expect(part(element, 'file-error').textContent).to.equal('This file can no longer be read (it was changed, moved or deleted). Add it again.');
    });
  }

  it('fails a multipart upload of a file rewritten on disk with FILE_UNREADABLE too', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    (await element.whenEngine()).setOptions({ maxRetries: 2, retryBaseDelayMs: 0, resumable: { protocol: 'multipart', thresholdBytes: 0, retryDelays: [0] } });
    const name = `multipart-${crypto.randomUUID()}.txt`;
    await chooseDiskFile(element, name, 'the original text');
    await executeServerCommand('svc-disk-file', { action: 'change', name, text: 'a longer text that replaced the original' });
    const failed = nextEvent(element, 'svc-error', (event) => event.detail.scope === 'upload');
    await element.upload();
    expect((await failed).detail.code).to.equal('FILE_UNREADABLE');
  });

  it('still uploads a file chosen from disk that nobody touched', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    await chooseDiskFile(element, `kept-${crypto.randomUUID()}.txt`, 'the original text');
    const stored = nextEvent(element, 'svc-file-upload-complete');
    await element.upload();
    const { detail } = await stored;
    expect(await (await fetch(detail.result.downloadUrl!)).text()).to.equal('the original text');
  });
});
