import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { focusedPart, mount, part, parts, unmountAll, until, type SvcUploader } from './helpers.js';

const COUNT = 10_000;

function manyFiles(count: number): File[] {
  return Array.from({ length: count }, (_, index) => new File([`#${index}`], `file-${String(index).padStart(5, '0')}.txt`, { type: 'text/plain' }));
}

const renderedNames = (element: SvcUploader) => parts(element, 'file-name').map((name) => name.textContent);

async function scrollTo(element: SvcUploader, top: number): Promise<void> {
  const viewport = part(element, 'file-list-viewport');
  viewport.scrollTop = top;
  await new Promise((resolve) => viewport.addEventListener('scroll', resolve, { once: true }));
  await element.updateComplete;
}

describe('<svc-uploader> long lists', () => {
  afterEach(unmountAll);

  it('renders only the rows on screen of 10,000 files, and every row when scrolled to', async () => {
    const element = await mount(`<svc-uploader server-url="/api/upload" max-files="${COUNT}"></svc-uploader>`);
    await element.addFiles(manyFiles(COUNT));
    await element.updateComplete;
    expect(part(element, 'file-count').textContent).to.equal('10,000 files selected');
    const rows = parts(element, 'file');
    expect(rows.length).to.be.within(10, 60);
    expect(rows[0]!.getAttribute('aria-setsize')).to.equal(String(COUNT));
    expect(rows[0]!.getAttribute('aria-posinset')).to.equal('1');
    expect(renderedNames(element)[0]).to.equal('file-00000.txt');

    const viewport = part(element, 'file-list-viewport');
    const rowHeight = rows[0]!.getBoundingClientRect().height;
    expect(viewport.scrollHeight).to.be.closeTo(COUNT * rowHeight, rowHeight);

    await scrollTo(element, viewport.scrollHeight);
    expect(renderedNames(element)).to.include('file-09999.txt');
    expect(parts(element, 'file').length).to.be.below(60);
    const last = parts(element, 'file').find((row) => row.getAttribute('aria-posinset') === String(COUNT))!;
    const viewportBox = viewport.getBoundingClientRect();
    expect(last.getBoundingClientRect().bottom).to.be.closeTo(viewportBox.bottom, rowHeight);

    await scrollTo(element, 5000 * rowHeight);
    expect(renderedNames(element)).to.include('file-05000.txt');
  });

  it('keeps the focused row when it scrolls away, and Tab walks on through rows that were not rendered', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" max-files="500"></svc-uploader>');
    await element.addFiles(manyFiles(500));
    await element.updateComplete;
    const firstRemove = parts(element, 'file-remove')[0]!;
    firstRemove.focus();
    await scrollTo(element, 400 * 60);
    expect(renderedNames(element)).to.include('file-00400.txt');
    expect(element.shadowRoot!.activeElement).to.equal(firstRemove);
    expect(firstRemove.getAttribute('aria-label')).to.equal('Remove file-00000.txt');

    // Tab from row to row well past the rows rendered at first: each new row is ready in time.
    await scrollTo(element, 0);
    const start = renderedNames(element).length;
    // Two stops per row (name, Remove): this walks about five rows past the last one rendered at first.
    for (let step = 0; step < 2 * start + 10; step += 1) await sendKeys({ press: 'Tab' });
    await element.updateComplete;
    const focused = element.shadowRoot!.activeElement!;
    expect(focusedPart(element)).to.be.oneOf(['file-name', 'file-remove button']);
    const position = Number(focused.closest('[aria-posinset]')!.getAttribute('aria-posinset'));
    expect(position).to.be.above(start);
    await until(
      element,
      () => {
        const box = focused.getBoundingClientRect();
        const viewport = part(element, 'file-list-viewport').getBoundingClientRect();
        return box.top >= viewport.top - 1 && box.bottom <= viewport.bottom + 1;
      },
      'the focused row scrolled into view',
    );
  });
});
