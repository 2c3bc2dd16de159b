import { expect } from '@open-wc/testing';
import {
  chooseFixtureFolder,
  fixtureFileText,
  maybePart,
  mount,
  nextEvent,
  part,
  recordEvents,
  sha256,
  storedBytes,
  textFile,
  unmountAll,
  type SvcUploader,
} from './helpers.js';

function transferOf(files: File[]): DataTransfer {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  return transfer;
}

function drag(target: Element, type: 'dragenter' | 'dragover' | 'dragleave' | 'drop', dataTransfer: DataTransfer): DragEvent {
  const event = new DragEvent(type, { dataTransfer, bubbles: true, composed: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

type RequestFileSystem = (
  type: number,
  size: number,
  success: (fs: { root: FileSystemDirectoryEntry }) => void,
  failure: (error: DOMException) => void,
) => void;

function call<T>(run: (resolve: (value: T) => void, reject: (error: unknown) => void) => void): Promise<T> {
  return new Promise(run);
}

/**
 * A real folder in the browser's sandboxed file system: real FileSystemDirectoryEntry objects, with
 * the same batched `readEntries` a dropped folder has.
 */
async function realFolder(name: string, files: Record<string, string>): Promise<FileSystemDirectoryEntry> {
  const request = (window as unknown as { webkitRequestFileSystem: RequestFileSystem }).webkitRequestFileSystem;
  const fs = await call<{ root: FileSystemDirectoryEntry }>((resolve, reject) => request(0 /* TEMPORARY */, 16 * 1024 * 1024, resolve, reject));
  const directory = (parent: FileSystemDirectoryEntry, path: string) =>
    call<FileSystemDirectoryEntry>((resolve, reject) =>
      parent.getDirectory(path, { create: true }, (entry) => resolve(entry as FileSystemDirectoryEntry), reject),
    );
  const root = await directory(fs.root, `${name}-${crypto.randomUUID()}`);
  const folder = await directory(root, name);
  for (const [path, text] of Object.entries(files)) {
    const segments = path.split('/');
    let parent = folder;
    for (const segment of segments.slice(0, -1)) parent = await directory(parent, segment);
    const fileEntry = await call<FileSystemFileEntry>((resolve, reject) =>
      parent.getFile(segments.at(-1)!, { create: true }, (entry) => resolve(entry as FileSystemFileEntry), reject),
    );
    const writer = await call<{ write(blob: Blob): void; onwriteend: () => void; onerror: (error: unknown) => void }>((resolve, reject) =>
      (fileEntry as unknown as { createWriter(success: (writer: never) => void, failure: (error: unknown) => void): void }).createWriter(resolve, reject),
    );
    await new Promise<void>((resolve, reject) => {
      writer.onwriteend = () => resolve();
      writer.onerror = reject;
      writer.write(new Blob([text], { type: 'text/plain' }));
    });
  }
  return folder;
}

/** A drop whose items hand out real folder entries, as a drop from the desktop does. */
function dropEntries(target: Element, entries: FileSystemEntry[]): void {
  const items = entries.map((entry) => ({ kind: 'file', type: '', webkitGetAsEntry: () => entry, getAsFile: () => null }));
  const event = new DragEvent('drop', { bubbles: true, composed: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], items, files: [], dropEffect: 'none' } });
  target.dispatchEvent(event);
}

async function uploadAll(element: SvcUploader): Promise<Map<string, string>> {
  const downloads = new Map<string, string>();
  element.addEventListener('svc-file-upload-complete', (event) => downloads.set(event.detail.file.name, event.detail.result.downloadUrl!));
  const summary = await element.upload();
  expect(summary.failed).to.equal(0);
  return downloads;
}

describe('<svc-uploader> sources', () => {
  afterEach(unmountAll);

  it('shows drag-over feedback and uploads dropped files', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    const zone = part(element, 'drop-zone');
    const files = [textFile('dropped-1.txt'), textFile('dropped-2.txt')];
    const events = recordEvents(element, ['svc-drag-enter', 'svc-drag-leave', 'svc-files-drop', 'svc-files-select']);

    expect(drag(zone, 'dragenter', transferOf(files)).defaultPrevented).to.equal(true);
    await element.updateComplete;
    expect(zone.getAttribute('data-drag')).to.equal('over');
    expect(part(element, 'drop-zone-title').textContent).to.equal('Drop to add');
    expect(drag(zone, 'dragover', transferOf(files)).defaultPrevented).to.equal(true);
    drag(zone, 'dragleave', transferOf(files));
    await element.updateComplete;
    expect(zone.getAttribute('data-drag')).to.equal('idle');

    drag(zone, 'dragenter', transferOf(files));
    const added = nextEvent(element, 'svc-files-add');
    drag(zone, 'drop', transferOf(files));
    await added;
    expect(events.map((event) => event.type)).to.deep.equal(['svc-drag-enter', 'svc-drag-leave', 'svc-drag-enter', 'svc-files-drop', 'svc-files-select']);
    expect(events[0]!.detail).to.deep.equal({ itemCount: 2 });
    expect(events[3]!.detail.folderCount).to.equal(0);
    expect(events[3]!.detail.files.map((file: File) => file.name)).to.deep.equal(['dropped-1.txt', 'dropped-2.txt']);
    expect(events[4]!.detail.source).to.equal('drop');

    const downloads = await uploadAll(element);
    for (const file of files) expect(await sha256(await storedBytes(downloads.get(file.name)!))).to.equal(await sha256(file));
  });

  it('shows drop-rejected feedback when the drag holds more files than fit', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" max-files="1"></svc-uploader>');
    drag(part(element, 'drop-zone'), 'dragenter', transferOf([textFile('a.txt'), textFile('b.txt')]));
    await element.updateComplete;
    expect(part(element, 'drop-zone').getAttribute('data-drag')).to.equal('rejected');
    expect(part(element, 'drop-zone-title').textContent).to.equal('Some of these files cannot be added');
  });

  it('walks dropped folders with folder-upload allowDrop and uploads every file with its path', async () => {
    const element = await mount(`<svc-uploader server-url="/api/upload" folder-upload='{"allowDrop":true}'></svc-uploader>`);
    const contents = { 'a.txt': 'top level', 'nested/b.txt': 'one down', 'nested/deeper/c.txt': 'two down' };
    const folder = await realFolder('trip', contents);
    const dropped = nextEvent(element, 'svc-files-drop');
    const added = nextEvent(element, 'svc-files-add');
    dropEntries(part(element, 'drop-zone'), [folder]);
    const { detail } = await dropped;
    expect(detail.folderCount).to.equal(3);
    expect(detail.files.map((file) => file.webkitRelativePath)).to.deep.equal(['trip/a.txt', 'trip/nested/b.txt', 'trip/nested/deeper/c.txt']);
    await added;

    const downloads = await uploadAll(element);
    for (const [path, text] of Object.entries(contents)) {
      const bytes = await storedBytes(downloads.get(path.split('/').pop()!)!);
      expect(new TextDecoder().decode(bytes)).to.equal(text);
    }
  });

  it('reads every entry of a folder larger than one readEntries batch', async () => {
    const element = await mount(`<svc-uploader server-url="/api/upload" max-files="200" folder-upload='{"allowDrop":true}'></svc-uploader>`);
    const contents = Object.fromEntries(Array.from({ length: 130 }, (_, index) => [`file-${String(index).padStart(3, '0')}.txt`, `#${index}`]));
    const dropped = nextEvent(element, 'svc-files-drop');
    dropEntries(part(element, 'drop-zone'), [await realFolder('many', contents)]);
    expect((await dropped).detail.files).to.have.length(130);
  });

  it('skips dropped folders, with a warning, unless folder drops are allowed', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    const warned = nextEvent(element, 'svc-warn');
    const drops = recordEvents(element, ['svc-files-drop']);
    dropEntries(part(element, 'drop-zone'), [await realFolder('refused', { 'x.txt': 'x' })]);
    const { detail } = await warned;
    expect(detail.code).to.equal('DROP_ENTRIES_SKIPPED');
    expect(detail.message).to.contain('refused');
    expect(drops).to.have.length(0);
    expect(element.files).to.have.length(0);
  });

  it('uploads a folder chosen with the select-folder button', async () => {
    const element = await mount(`<svc-uploader server-url="/api/upload" folder-upload='{"showSelectFolderButton":true}'></svc-uploader>`);
    const input = part<HTMLInputElement>(element, 'folder-input');
    let opened = false;
    input.addEventListener(
      'click',
      (event) => {
        opened = true;
        event.preventDefault();
      },
      { once: true },
    );
    part(element, 'folder-button').click();
    expect(opened).to.equal(true);

    const selected = nextEvent(element, 'svc-files-select');
    const added = nextEvent(element, 'svc-files-add');
    await chooseFixtureFolder(element);
    const { detail } = await selected;
    expect(detail.source).to.equal('folder');
    expect(detail.files.map((file) => file.webkitRelativePath).sort()).to.deep.equal(['album/cover.txt', 'album/notes.txt', 'album/raw/take-1.txt']);
    await added;
    const downloads = await uploadAll(element);
    for (const name of ['cover.txt', 'notes.txt', 'take-1.txt']) {
      expect(new TextDecoder().decode(await storedBytes(downloads.get(name)!))).to.equal(fixtureFileText(name));
    }
  });

  it('adds pasted files with enable-paste, and leaves text pastes alone', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" enable-paste></svc-uploader>');
    expect(part(element, 'paste-hint').textContent).to.equal('You can also paste files');
    const target = part(element, 'browse-button');
    target.focus();
    const text = new DataTransfer();
    text.setData('text/plain', 'just words');
    const textPaste = new ClipboardEvent('paste', { clipboardData: text, bubbles: true, composed: true, cancelable: true });
    target.dispatchEvent(textPaste);
    expect(textPaste.defaultPrevented).to.equal(false);

    const file = textFile('pasted.png', 'not really a png', 'image/png');
    const pasted = nextEvent(element, 'svc-files-paste');
    const selected = nextEvent(element, 'svc-files-select');
    const paste = new ClipboardEvent('paste', { clipboardData: transferOf([file]), bubbles: true, composed: true, cancelable: true });
    target.dispatchEvent(paste);
    expect(paste.defaultPrevented).to.equal(true);
    expect((await pasted).detail.files.map((pastedFile) => pastedFile.name)).to.deep.equal(['pasted.png']);
    expect((await selected).detail.source).to.equal('paste');
    const downloads = await uploadAll(element);
    expect(await sha256(await storedBytes(downloads.get('pasted.png')!))).to.equal(await sha256(file));
  });

  it('ignores pastes without enable-paste, and drops with disable-drag-drop', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" disable-drag-drop></svc-uploader>');
    const events = recordEvents(element, ['svc-files-paste', 'svc-files-drop', 'svc-drag-enter', 'svc-files-select']);
    expect(maybePart(element, 'drop-zone-title')).to.equal(null);
    part(element, 'browse-button').dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transferOf([textFile('p.txt')]), bubbles: true, composed: true }),
    );
    drag(part(element, 'drop-zone'), 'dragenter', transferOf([textFile('d.txt')]));
    const drop = drag(part(element, 'drop-zone'), 'drop', transferOf([textFile('d.txt')]));
    await element.updateComplete;
    // The drop is still claimed, so the browser does not navigate away to the file.
    expect(drop.defaultPrevented).to.equal(true);
    expect(events).to.deep.equal([]);
    expect(element.files).to.have.length(0);
  });

  it('shows a busy state and ignores drops and pastes while is-processing', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" enable-paste is-processing></svc-uploader>');
    expect(part(element, 'busy').textContent).to.contain('Processing, please wait…');
    expect(part<HTMLButtonElement>(element, 'browse-button').disabled).to.equal(true);
    const events = recordEvents(element, ['svc-files-paste', 'svc-files-drop', 'svc-files-select']);
    drag(part(element, 'drop-zone'), 'drop', transferOf([textFile('d.txt')]));
    part(element, 'drop-zone').dispatchEvent(new ClipboardEvent('paste', { clipboardData: transferOf([textFile('p.txt')]), bubbles: true, composed: true }));
    await element.updateComplete;
    expect(events).to.deep.equal([]);
    element.isProcessing = false;
    await element.updateComplete;
    expect(maybePart(element, 'busy')).to.equal(null);
  });
});
