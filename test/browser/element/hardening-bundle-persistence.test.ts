// What the built bundle keeps in the browser between visits: crash recovery scoped to one uploader
// and user, restored files checked again, resume records and tus URLs under hashed keys that
// expire and go away on failure, and one call that clears everything at sign-out.
import { expect } from '@open-wc/testing';
import { loadBuiltBundle, unmountBuilt, type SvcUploader } from './built-bundle.js';
import { builtBundle, createFaultPlan, eventually, randomBytesFile, type BuiltBundle } from './hardening-bundle-support.js';
import { createRecoveryProbe, listenOnDocument as listen } from './recovery-probe.js';

const MIB = 1024 * 1024;
const DAY_MS = 86_400_000;
const MULTIPART_PREFIX = 'svc-uploader:multipart:';

let bundle: BuiltBundle;

async function mountFromHtml(markup: string): Promise<SvcUploader> {
  const holder = document.createElement('div');
  holder.classList.add('built-bundle-test');
  holder.innerHTML = markup;
  document.body.append(holder);
  const element = holder.querySelector('svc-uploader') as SvcUploader;
  await element.updateComplete;
  await element.engine!.ready;
  await element.updateComplete;
  return element;
}

const { storedNames, clearRecovery, leaveBehind } = createRecoveryProbe(() => new bundle.IndexedDbRecoveryStorage(), mountFromHtml);

function multipartKeys(): string[] {
  return Object.keys(localStorage).filter((key) => key.startsWith(MULTIPART_PREFIX));
}

/** An engine of the bundle left with part 1 of `file` stored, as a closed tab leaves it. */
async function interruptAfterFirstPart(serverUrl: string, file: File, extra: Record<string, unknown> = {}): Promise<void> {
  const engine = new bundle.UploadEngine({
    serverUrl,
    resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, maxConcurrentParts: 1, retryDelays: [] },
    ...extra,
  });
  await engine.addFiles([file]);
  const firstPart = new Promise<void>((resolve) => engine.on('part-upload', ({ partNumber }) => partNumber === 1 && resolve()));
  void engine.start();
  await firstPart;
  engine.destroy();
}

describe('<svc-uploader> persisted uploads (built bundle)', function () {
  this.timeout(60_000);
  before(async function () {
    await loadBuiltBundle.call(this);
    bundle = await builtBundle();
  });
  beforeEach(() => clearRecovery());
  afterEach(async () => {
    unmountBuilt();
    localStorage.clear();
    await clearRecovery();
  });

  it("restores a document left by one uploader into neither an image-only uploader nor another user's, only into its own", async () => {
    await leaveBehind('id="documents" persistence-key="alice"', randomBytesFile('contract.pdf', 3000, 'application/pdf'));
    const seen = listen(['svc-files-restore', 'svc-file-upload-start']);
    const avatar = await mountFromHtml(
      '<svc-uploader id="avatar" server-url="/api/upload" crash-recovery auto-upload max-files="1" allowed-file-types="image/*" persistence-key="alice"></svc-uploader>',
    );
    const otherUser = await mountFromHtml('<svc-uploader id="documents" server-url="/api/upload" crash-recovery persistence-key="bob"></svc-uploader>');
    seen.stop();
    expect([avatar.files.length, otherUser.files.length]).to.deep.equal([0, 0]);
    expect(seen.events.map((event) => event.type)).to.deep.equal([]);
    avatar.remove();
    otherUser.remove();

    const owner = await mountFromHtml('<svc-uploader id="documents" server-url="/api/upload" crash-recovery persistence-key="alice"></svc-uploader>');
    expect(owner.files.map((file) => file.name)).to.deep.equal(['contract.pdf']);
  });

  it("checks a restored file against the uploader's limits again and reports the refusal", async () => {
    await leaveBehind('id="uploads" persistence-key="alice"', randomBytesFile('notes.pdf', 3000, 'application/pdf'));
    const seen = listen(['svc-file-reject', 'svc-files-restore']);
    const element = await mountFromHtml(
      '<svc-uploader id="uploads" server-url="/api/upload" crash-recovery persistence-key="alice" allowed-file-types="image/*"></svc-uploader>',
    );
    seen.stop();
    expect(seen.events.map((event) => [event.type, event.detail.file?.name, event.detail.reason])).to.deep.equal([
      ['svc-file-reject', 'notes.pdf', 'TYPE_MISMATCH'],
    ]);
    expect(element.files).to.have.length(0);
  });

  it('keys a resume record by a hash without the file name, with the resume window as its expiry', async () => {
    const plan = await createFaultPlan();
    const before = Date.now();
    await interruptAfterFirstPart(plan.serverUrl, randomBytesFile('salary-review-2026.bin', 11 * MIB));
    const keys = multipartKeys();
    expect(keys).to.have.length(1);
    expect(keys[0]!.slice(MULTIPART_PREFIX.length)).to.match(/^[0-9a-f]{64}$/);
    const record = JSON.parse(localStorage.getItem(keys[0]!)!) as { expiresAt?: number };
    expect(record.expiresAt).to.be.within(before + DAY_MS, Date.now() + DAY_MS);
  });

  it('removes the resume record when the upload fails at complete', async () => {
    const plan = await createFaultPlan({ fail: { 'multipart/complete': 100 } });
    const engine = new bundle.UploadEngine({
      serverUrl: plan.serverUrl,
      maxRetries: 0,
      resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, maxConcurrentParts: 1, retryDelays: [] },
    });
    await engine.addFiles([randomBytesFile('never-completes.bin', 6 * MIB)]);
    expect((await engine.start()).failed).to.equal(1);
    expect((await plan.log()).failedAnswers).to.be.above(0);
    expect(multipartKeys()).to.deep.equal([]);
  });

  it("keeps a tus upload URL under a hashed key without the file name, never under tus-js-client's own fingerprint", async () => {
    const engine = new bundle.UploadEngine({ resumable: { protocol: 'tus', endpoint: '/test-fixtures/tus', chunkSizeBytes: 256 * 1024 } });
    await engine.addFiles([randomBytesFile('medical-scan.bin', 2 * MIB)]);
    const halfway = new Promise<void>((resolve) => engine.on('file-upload-progress', ({ bytesUploaded }) => bytesUploaded >= 512 * 1024 && resolve()));
    void engine.start();
    await halfway;
    engine.pause();
    const keys = Object.keys(localStorage);
    expect(keys.filter((key) => key.startsWith('tus::'))).to.deep.equal([]);
    const tusKeys = keys.filter((key) => key.startsWith('svc-uploader:tus:'));
    expect(tusKeys).to.have.length(1);
    expect(tusKeys[0]! + localStorage.getItem(tusKeys[0]!)!).not.to.contain('medical-scan');
    engine.destroy();
  });

  it('clearPersistedUploads() empties the list and leaves nothing for the next user of the profile', async () => {
    const plan = await createFaultPlan();
    await interruptAfterFirstPart(plan.serverUrl, randomBytesFile('a.bin', 11 * MIB), { persistenceKey: 'alice' });
    const element = await mountFromHtml('<svc-uploader id="uploads" server-url="/api/upload" crash-recovery persistence-key="alice"></svc-uploader>');
    await element.addFiles([randomBytesFile('private.bin', 3000)]);
    await eventually(async () => (await storedNames()).includes('private.bin'), 'the file in IndexedDB');
    expect(multipartKeys()).to.have.length(1);

    await element.clearPersistedUploads();
    await element.updateComplete;
    expect(element.files).to.have.length(0);
    expect(await storedNames()).to.deep.equal([]);
    expect(multipartKeys()).to.deep.equal([]);
    element.remove();
    const next = await mountFromHtml('<svc-uploader id="uploads" server-url="/api/upload" crash-recovery persistence-key="alice"></svc-uploader>');
    expect(next.files).to.have.length(0);
  });
});
