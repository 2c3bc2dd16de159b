// Choosing far more files than `max-files` allows, in the built bundle: the page keeps running
// while the batch is taken, the refusal notice stays one screen high, and the host still learns
// which files were refused.
import { expect } from '@open-wc/testing';
import { loadBuiltBundle, mountBuilt, partOf, partsOf, recordBuiltEvents, textFiles, unmountBuilt, type SvcUploader } from './built-bundle.js';

/** Chooses files in the element's own picker, as the OS dialog hands them over. */
function choose(element: SvcUploader, files: File[], input: 'file-input' | 'folder-input' = 'file-input'): void {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  const picker = partOf<HTMLInputElement>(element, input);
  picker.files = transfer.files;
  picker.dispatchEvent(new Event('change', { bubbles: true }));
}

function nextEvent(element: SvcUploader, name: string): Promise<CustomEvent> {
  return new Promise((resolve) => element.addEventListener(name, (event) => resolve(event as CustomEvent), { once: true }));
}

describe('<svc-uploader> large batches (built bundle)', function () {
  // Generous: the machine running the suite may be busy; nothing here measures time.
  this.timeout(180_000);
  before(loadBuiltBundle);
  afterEach(unmountBuilt);

  it('sums up files over max-files in one line and tells the host once which were refused', async () => {
    const element = await mountBuilt();
    const events = recordBuiltEvents(element, ['svc-file-reject', 'svc-files-reject']);
    const added = nextEvent(element, 'svc-files-add');
    choose(element, textFiles(1_500));
    await added;
    await element.updateComplete;

    expect(element.files).to.have.length(10);
    const rows = partsOf(element, 'rejection');
    expect(rows.map((row) => row.textContent)).to.deep.equal(['1,490 files were not added: at most 10 can be added.']);
    expect(partsOf(element, 'rejection-more')).to.have.length(0);
    // Each refused file still has its own event, and the batch one event with all of them.
    expect(events.filter((event) => event.type === 'svc-file-reject')).to.have.length(1_490);
    const summaries = events.filter((event) => event.type === 'svc-files-reject');
    expect(summaries).to.have.length(1);
    const { rejections } = (summaries[0] as CustomEvent<{ rejections: { file: File; reason: string }[] }>).detail;
    expect(rejections).to.have.length(1_490);
    expect(rejections[0]!.file.name).to.equal('file-00010.txt');
    expect(new Set(rejections.map((rejection) => rejection.reason))).to.deep.equal(new Set(['LIMIT_EXCEEDED']));
  });

  it('shows at most five refusals and counts the rest, so the element stays one screen high', async () => {
    const element = await mountBuilt({ 'max-files': '100', 'allowed-file-types': 'image/*' });
    const added = nextEvent(element, 'svc-files-reject');
    choose(element, textFiles(40, 'notes'));
    await added;
    await element.updateComplete;

    const rows = partsOf(element, 'rejection');
    expect(rows).to.have.length(5);
    expect(rows[0]!.textContent).to.equal('notes-00000.txt is not an accepted file type. Accepted: image/*.');
    expect(partOf(element, 'rejection-more').textContent).to.equal('and 35 more files were not added');
    expect(element.getBoundingClientRect().height).to.be.below(window.innerHeight);
  });

  it('keeps the notice the same height whether 20 or 2,000 files are refused', async () => {
    const heightAfter = async (count: number): Promise<number> => {
      const element = await mountBuilt({ 'max-files': '3000', 'allowed-file-types': 'image/*' });
      const refused = nextEvent(element, 'svc-files-reject');
      choose(element, textFiles(count, 'notes'));
      await refused;
      await element.updateComplete;
      const height = partOf(element, 'rejections').getBoundingClientRect().height;
      element.remove();
      return height;
    };
    const few = await heightAfter(20);
    const many = await heightAfter(2_000);
    expect(many).to.equal(few);
  });

  it('lets the page paint and run timers while it takes a large batch', async () => {
    const element = await mountBuilt();
    let settled = false;
    const seenWhileTaking = { frame: false, timer: false };
    requestAnimationFrame(() => {
      seenWhileTaking.frame = !settled;
    });
    setTimeout(() => {
      seenWhileTaking.timer = !settled;
    });
    const refused = nextEvent(element, 'svc-files-reject').then(() => {
      settled = true;
    });
    const added = nextEvent(element, 'svc-files-add').then(() => {
      settled = true;
    });
    choose(element, textFiles(3_000));
    await Promise.race([refused, added]);
    await element.updateComplete;
    expect(seenWhileTaking).to.deep.equal({ frame: true, timer: true });
  });
});
