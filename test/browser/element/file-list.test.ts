import { expect } from '@open-wc/testing';
import { chooseFiles, maybePart, mount, nextEvent, part, parts, recordEvents, textFile, unmountAll } from './helpers.js';

describe('<svc-uploader> file list and validation', () => {
  afterEach(unmountAll);

  it('refuses files over max-files and explains why on screen', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" max-files="2"></svc-uploader>');
    const rejected = recordEvents(element, ['svc-file-reject']);
    const batchRejected = recordEvents(element, ['svc-files-reject']);
    const added = nextEvent(element, 'svc-files-add');
    await chooseFiles(element, [textFile('a.txt'), textFile('b.txt'), textFile('c.txt')]);
    await added;
    await element.updateComplete;
    expect(element.files.map((file) => file.name)).to.deep.equal(['a.txt', 'b.txt']);
    expect(rejected).to.have.length(1);
    expect(batchRejected).to.have.length(1);
    expect(batchRejected[0]!.detail.rejections.map((rejection: { file: File }) => rejection.file.name)).to.deep.equal(['c.txt']);
    expect(rejected[0]!.detail).to.include({ reason: 'LIMIT_EXCEEDED', limit: 2 });
    expect(rejected[0]!.detail.file.name).to.equal('c.txt');
    expect(part(element, 'rejection').textContent).to.equal('c.txt was not added: up to 2 files are allowed.');
    // The list is full, so the drop zone gives way to the list.
    expect(maybePart(element, 'drop-zone')).to.equal(null);

    part(element, 'rejections-dismiss').click();
    await element.updateComplete;
    expect(maybePart(element, 'rejections')).to.equal(null);
  });

  it('reports a type mismatch with the accepted types, and limits the picker to them', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" allowed-file-types="image/*,.pdf"></svc-uploader>');
    expect(part<HTMLInputElement>(element, 'file-input').accept).to.equal('image/*,.pdf');
    expect(parts(element, 'limit').map((limit) => limit.textContent)).to.include('Accepted: image/* or .pdf');
    const mismatch = nextEvent(element, 'svc-file-type-mismatch');
    const reject = nextEvent(element, 'svc-file-reject');
    await element.addFiles([textFile('notes.txt')]);
    const { detail } = await mismatch;
    expect(detail.file.name).to.equal('notes.txt');
    expect(detail.allowedFileTypes).to.equal('image/*,.pdf');
    expect((await reject).detail.reason).to.equal('TYPE_MISMATCH');
    await element.updateComplete;
    expect(part(element, 'rejection').getAttribute('data-reason')).to.equal('TYPE_MISMATCH');
    expect(part(element, 'rejection').textContent).to.equal('notes.txt is not an accepted file type. Accepted: image/* or .pdf.');
  });

  it('shows the size limit and refuses larger files with the limit in the message', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" max-file-size="1 KB"></svc-uploader>');
    expect(parts(element, 'limit').map((limit) => limit.textContent)).to.include('Max. 1 kB per file');
    await element.addFiles([new File([new Uint8Array(4096)], 'big.bin')]);
    await element.updateComplete;
    expect(part(element, 'rejection').textContent).to.equal('big.bin is too large. The maximum is 1 kB.');
  });

  it('lets svc-files-select listeners edit or discard a batch before validation', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    const discard = (event: Event) => event.preventDefault();
    element.addEventListener('svc-files-select', discard, { once: true });
    const selected = nextEvent(element, 'svc-files-select');
    await chooseFiles(element, [textFile('discarded.txt')]);
    expect((await selected).defaultPrevented).to.equal(true);
    await element.updateComplete;
    expect(element.files).to.have.length(0);

    element.addEventListener(
      'svc-files-select',
      (event) => {
        event.detail.files = event.detail.files.map((file) => new File([file], `renamed-${file.name}`, { type: file.type }));
      },
      { once: true },
    );
    const added = nextEvent(element, 'svc-files-add');
    await chooseFiles(element, [textFile('kept.txt')]);
    expect((await added).detail.files.map((file) => file.name)).to.deep.equal(['renamed-kept.txt']);
  });

  it('applies onBeforeFileAdded: reject, substitute, accept', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    element.onBeforeFileAdded = async (file) => {
      if (file.name.startsWith('secret')) return false;
      if (file.name.endsWith('.TXT')) return new File([file], file.name.toLowerCase(), { type: file.type });
      return undefined;
    };
    const rejected = nextEvent(element, 'svc-file-reject');
    await element.addFiles([textFile('secret.txt'), textFile('LOUD.TXT'), textFile('plain.txt')]);
    expect((await rejected).detail.reason).to.equal('REJECTED_BY_HOOK');
    expect(element.files.map((file) => file.name)).to.deep.equal(['loud.txt', 'plain.txt']);
  });

  it('removes a file from its remove button unless a listener vetoes it', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    await element.addFiles([textFile('keep.txt'), textFile('drop.txt')]);
    await element.updateComplete;
    const [, dropButton] = parts(element, 'file-remove');
    expect(dropButton!.getAttribute('aria-label')).to.equal('Remove drop.txt');

    const veto = (event: Event) => event.preventDefault();
    element.addEventListener('svc-file-remove', veto, { once: true });
    dropButton!.click();
    await element.updateComplete;
    expect(element.files).to.have.length(2);

    const removed = nextEvent(element, 'svc-file-remove');
    dropButton!.click();
    expect((await removed).detail.file.name).to.equal('drop.txt');
    await element.updateComplete;
    expect(element.files.map((file) => file.name)).to.deep.equal(['keep.txt']);
    expect(part(element, 'announcer').textContent).to.equal('drop.txt removed');
    expect(part(element, 'file-count').textContent).to.equal('1 file selected');
  });

  it('reports a click on a file name', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    await element.addFiles([textFile('clicked.txt')]);
    await element.updateComplete;
    const clicked = nextEvent(element, 'svc-file-click');
    part(element, 'file-name').click();
    expect((await clicked).detail.file.name).to.equal('clicked.txt');
  });

  it('holds one file in mini mode and picks a single file', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" mini></svc-uploader>');
    expect(part<HTMLInputElement>(element, 'file-input').multiple).to.equal(false);
    expect(part(element, 'browse-button').textContent!.trim()).to.equal('Browse for a file');
    await element.addFiles([textFile('one.txt'), textFile('two.txt')]);
    await element.updateComplete;
    expect(element.files.map((file) => file.name)).to.deep.equal(['one.txt']);
    expect(maybePart(element, 'drop-zone')).to.equal(null);
  });

  it('removes everything with reset()', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    await element.addFiles([textFile('x.txt')]);
    element.reset();
    await element.updateComplete;
    expect(element.files).to.deep.equal([]);
    expect(maybePart(element, 'file-list')).to.equal(null);
  });
});
