import { expect } from '@open-wc/testing';
import { IndexedDbRecoveryStorage } from '../../../elements/index.js';
import { eventually, mount, part, randomFile, unmountAll, type SvcUploader } from './helpers.js';
import { createRecoveryProbe, listenOnDocument as listen } from './recovery-probe.js';

const { storedNames, clearRecovery, leaveBehind } = createRecoveryProbe(() => new IndexedDbRecoveryStorage(), mount);

async function mountSettled(markup: string): Promise<SvcUploader> {
  const element = await mount(markup);
  await element.engine!.ready;
  await element.updateComplete;
  return element;
}

describe('<svc-uploader> persisted uploads', () => {
  beforeEach(clearRecovery);
  afterEach(async () => {
    unmountAll();
    localStorage.clear();
    await clearRecovery();
  });

  it('does not restore a document left by one uploader into image-only uploaders of another page', async () => {
    await leaveBehind('id="documents" persistence-key="alice"', randomFile('contract.pdf', 3000, 'application/pdf'));
    const seen = listen(['svc-files-restore', 'svc-file-upload-start', 'svc-file-reject']);
    const avatar = await mountSettled(
      '<svc-uploader id="avatar" server-url="/api/upload" crash-recovery auto-upload max-files="1" allowed-file-types="image/*" persistence-key="alice"></svc-uploader>',
    );
    const cover = await mountSettled(
      '<svc-uploader id="cover" server-url="/api/upload" crash-recovery auto-upload max-files="1" allowed-file-types="image/*" persistence-key="alice"></svc-uploader>',
    );
    const otherUser = await mountSettled('<svc-uploader id="documents" server-url="/api/upload" crash-recovery persistence-key="bob"></svc-uploader>');
    seen.stop();
    expect([avatar.files, cover.files, otherUser.files]).to.deep.equal([[], [], []]);
    expect(seen.events).to.deep.equal([]);
    for (const element of [avatar, cover, otherUser]) element.remove();

    const owner = await mountSettled('<svc-uploader id="documents" server-url="/api/upload" crash-recovery persistence-key="alice"></svc-uploader>');
    expect(part(owner, 'file-name').textContent).to.equal('contract.pdf');
  });

  it('reports a restored file the uploader no longer accepts as refused, and lists nothing', async () => {
    await leaveBehind('id="uploads" persistence-key="alice"', randomFile('notes.pdf', 3000, 'application/pdf'));
    const seen = listen(['svc-file-reject', 'svc-files-restore']);
    const element = await mountSettled(
      '<svc-uploader id="uploads" server-url="/api/upload" crash-recovery persistence-key="alice" allowed-file-types="image/*"></svc-uploader>',
    );
    seen.stop();
    expect(seen.events.map((event) => [event.type, event.detail.file.name, event.detail.reason])).to.deep.equal([
      ['svc-file-reject', 'notes.pdf', 'TYPE_MISMATCH'],
    ]);
    expect(element.files).to.deep.equal([]);
  });

  it('clearPersistedUploads() empties the list and leaves nothing for the next user', async () => {
    const element = await mount('<svc-uploader id="uploads" server-url="/api/upload" crash-recovery persistence-key="alice"></svc-uploader>');
    await element.addFiles([randomFile('private.bin', 3000)]);
    await eventually(async () => (await storedNames()).includes('private.bin'), 'the file in IndexedDB');
    await element.clearPersistedUploads();
    await element.updateComplete;
    expect(element.files).to.deep.equal([]);
    expect(await storedNames()).to.deep.equal([]);
    element.remove();
    const next = await mountSettled('<svc-uploader id="uploads" server-url="/api/upload" crash-recovery persistence-key="alice"></svc-uploader>');
    expect(next.files).to.deep.equal([]);
  });
});
