import { expect } from '@open-wc/testing';
import { UploadEngine, type CrashRecoveryEntry, type CrashRecoveryStorage, type RemoteFileInput, type RemoteTransferResult } from '../../../engine/index.js';

/**
 * The engine's side of files the server copies (`addRemoteFiles`). The transfer is the caller's
 * function, here one the test controls, so each moment (waiting, stored, aborted) can be observed.
 */
interface ControlledTransfer {
  input: RemoteFileInput;
  started: Promise<AbortSignal>;
  finish(result: RemoteTransferResult): void;
}

function controlledRemoteFile(name: string, options: { size?: number; type?: string } = {}): ControlledTransfer {
  let begin!: (signal: AbortSignal) => void;
  let finish!: (result: RemoteTransferResult) => void;
  const started = new Promise<AbortSignal>((resolve) => {
    begin = resolve;
  });
  const result = new Promise<RemoteTransferResult>((resolve) => {
    finish = resolve;
  });
  const input: RemoteFileInput = {
    name,
    ...options,
    reference: { provider: 'dropbox', fileId: `id:${name}` },
    transfer: ({ signal }) => {
      begin(signal);
      return new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason));
        void result.then(resolve);
      });
    },
  };
  return { input, started, finish };
}

class MemoryRecoveryStorage implements CrashRecoveryStorage {
  readonly entries = new Map<string, CrashRecoveryEntry>();
  async getAll() {
    return [...this.entries.values()];
  }
  async put(entry: CrashRecoveryEntry) {
    this.entries.set(entry.id, entry);
  }
  async delete(id: string) {
    this.entries.delete(id);
  }
  async clear() {
    this.entries.clear();
  }
}

describe('UploadEngine remote files (server-side copies)', () => {
  it('lists them with their reference and stated size, and applies count, size and type limits', async () => {
    let filtered = 0;
    const engine = new UploadEngine({
      maxFiles: 2,
      maxFileSize: { size: 1, unit: 'KB' },
      allowedFileTypes: ['text/*'],
      onBeforeFileAdded: () => {
        filtered += 1;
      },
    });
    const { added, rejected } = await engine.addRemoteFiles(
      [
        controlledRemoteFile('a.txt', { size: 10, type: 'text/plain' }).input,
        controlledRemoteFile('big.txt', { size: 4096, type: 'text/plain' }).input,
        controlledRemoteFile('photo.jpg', { size: 10, type: 'image/jpeg' }).input,
        controlledRemoteFile('b.txt', { size: 10, type: 'text/plain' }).input,
        controlledRemoteFile('c.txt', { size: 10, type: 'text/plain' }).input,
      ],
      'dropbox',
    );
    expect(added.map((file) => [file.name, file.size, file.source, file.state])).to.deep.equal([
      ['a.txt', 10, 'dropbox', 'queued'],
      ['b.txt', 10, 'dropbox', 'queued'],
    ]);
    expect(added[0]!.remote).to.deep.equal({ provider: 'dropbox', fileId: 'id:a.txt' });
    expect(rejected.map((rejection) => [rejection.file.name, rejection.reason])).to.deep.equal([
      ['big.txt', 'FILE_TOO_LARGE'],
      ['photo.jpg', 'TYPE_MISMATCH'],
      ['c.txt', 'LIMIT_EXCEEDED'],
    ]);
    // The host filter looks at bytes; a remote file has none in the browser.
    expect(filtered).to.equal(0);
  });

  it('shows no byte progress while the server copies, then the stored size, key and URL', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload' });
    const remote = controlledRemoteFile('Doc.docx');
    const progress: number[] = [];
    engine.on('file-upload-progress', ({ percentage }) => progress.push(percentage));
    await engine.addRemoteFiles([remote.input], 'googleDrive');
    const run = engine.start();
    await remote.started;
    expect(engine.files[0]!.state).to.equal('uploading');
    expect(engine.files[0]!.bytesUploaded).to.equal(0);
    remote.finish({ key: 'u/1/Doc.docx', size: 2048, type: 'application/msword', downloadUrl: 'https://storage.test/u/1/Doc.docx?signed' });
    const summary = await run;
    const [file] = summary.files;
    expect(summary.successful).to.equal(1);
    expect([file!.state, file!.size, file!.bytesUploaded, file!.percentage]).to.deep.equal(['successful', 2048, 2048, 100]);
    expect(file!.result).to.deep.equal({ key: 'u/1/Doc.docx', strategy: 'remote', downloadUrl: 'https://storage.test/u/1/Doc.docx?signed' });
    expect(progress).to.deep.equal([100]);
  });

  it('aborts the transfer request when the file is canceled', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload' });
    const remote = controlledRemoteFile('notes.txt', { size: 5 });
    const [file] = (await engine.addRemoteFiles([remote.input], 'box')).added;
    const run = engine.start();
    const signal = await remote.started;
    engine.cancel(file!.id);
    expect(signal.aborted).to.equal(true);
    expect((await run).files[0]!.state).to.equal('canceled');
  });

  it('keeps remote files out of crash recovery and of content deduplication', async () => {
    const storage = new MemoryRecoveryStorage();
    const engine = new UploadEngine({ persistenceKey: 'alice', crashRecovery: { storage }, contentDeduplication: true });
    await engine.ready;
    await engine.addRemoteFiles([controlledRemoteFile('export.pdf').input], 'googleDrive');
    // Same (zero) size as the remote placeholder: compared by content, it would look identical.
    const local = await engine.addFiles([new File([], 'empty.txt', { type: 'text/plain' })]);
    expect(local.added).to.have.length(1);
    await engine.whenPersisted();
    expect([...storage.entries.values()].map((entry) => entry.name)).to.deep.equal(['empty.txt']);
  });
});
