// A folder of more than 10,000 files, chosen or dropped, in the built bundle: the first 10,000
// are taken, the host gets an `svc-warn` and the user a notice saying the rest was left out.
import { expect } from '@open-wc/testing';
import { loadBuiltBundle, mountBuilt, partOf, partsOf, recordBuiltEvents, textFiles, unmountBuilt, type SvcUploader } from './built-bundle.js';

const LIMIT = 10_000;

type RequestFileSystem = (
  type: number,
  size: number,
  success: (fs: { root: FileSystemDirectoryEntry }) => void,
  failure: (error: DOMException) => void,
) => void;

function call<T>(run: (resolve: (value: T) => void, reject: (error: unknown) => void) => void): Promise<T> {
  return new Promise(run);
}

/** A real folder of `count` empty files in the browser's sandboxed file system, as a desktop drop hands it over. */
async function realFolderOf(count: number): Promise<FileSystemDirectoryEntry> {
  const request = (window as unknown as { webkitRequestFileSystem: RequestFileSystem }).webkitRequestFileSystem;
  const fs = await call<{ root: FileSystemDirectoryEntry }>((resolve, reject) => request(0 /* TEMPORARY */, 16 * 1024 * 1024, resolve, reject));
  const folder = await call<FileSystemDirectoryEntry>((resolve, reject) =>
    fs.root.getDirectory(`big-${crypto.randomUUID()}`, { create: true }, (entry) => resolve(entry as FileSystemDirectoryEntry), reject),
  );
  const pending: Promise<unknown>[] = [];
  for (let index = 0; index < count; index += 1) {
    pending.push(call((resolve, reject) => folder.getFile(`f-${String(index).padStart(5, '0')}.txt`, { create: true }, resolve, reject)));
    if (pending.length === 500) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
  return folder;
}

function dropEntries(target: Element, entries: FileSystemEntry[]): void {
  const items = entries.map((entry) => ({ kind: 'file', type: '', webkitGetAsEntry: () => entry, getAsFile: () => null }));
  const event = new DragEvent('drop', { bubbles: true, composed: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], items, files: [], dropEffect: 'none' } });
  target.dispatchEvent(event);
}

function nextEvent(element: SvcUploader, name: string): Promise<CustomEvent> {
  return new Promise((resolve) => element.addEventListener(name, (event) => resolve(event as CustomEvent), { once: true }));
}

function expectFolderNotice(element: SvcUploader): void {
  const notice = partsOf(element, 'rejection').find((row) => row.dataset.reason === 'FOLDER_LIMIT_REACHED');
  expect(notice?.textContent).to.equal('The folder holds more than 10,000 files: only the first 10,000 were taken.');
}

describe('<svc-uploader> folders over the file limit (built bundle)', function () {
  this.timeout(180_000);
  before(loadBuiltBundle);
  afterEach(unmountBuilt);

  it('takes the first 10,000 files of a chosen folder, warns the host and tells the user', async () => {
    const element = await mountBuilt({ 'max-files': '20000', 'folder-upload': '{"showSelectFolderButton":true}' });
    const warnings = recordBuiltEvents(element, ['svc-warn']);
    const selected = nextEvent(element, 'svc-files-select');
    const added = nextEvent(element, 'svc-files-add');
    const transfer = new DataTransfer();
    for (const file of textFiles(LIMIT + 1, 'folder')) transfer.items.add(file);
    const picker = partOf<HTMLInputElement>(element, 'folder-input');
    picker.files = transfer.files;
    picker.dispatchEvent(new Event('change', { bubbles: true }));

    expect((await selected).detail.files).to.have.length(LIMIT);
    await added;
    await element.updateComplete;
    expect(element.files).to.have.length(LIMIT);
    expect(warnings.map((event) => event.detail.code)).to.deep.equal(['FOLDER_LIMIT_REACHED']);
    expectFolderNotice(element);
  });

  it('stops reading a dropped folder at 10,000 files, warns the host and tells the user', async () => {
    const folder = await realFolderOf(LIMIT + 1);
    const element = await mountBuilt({ 'max-files': '20000', 'folder-upload': '{"allowDrop":true}' });
    const warnings = recordBuiltEvents(element, ['svc-warn']);
    const dropped = nextEvent(element, 'svc-files-drop');
    const added = nextEvent(element, 'svc-files-add');
    dropEntries(partOf(element, 'drop-zone'), [folder]);

    expect((await dropped).detail.files).to.have.length(LIMIT);
    await added;
    await element.updateComplete;
    expect(warnings.map((event) => event.detail.code)).to.deep.equal(['FOLDER_LIMIT_REACHED']);
    expectFolderNotice(element);
  });
});
