// A name made to hide its real extension: padded with characters that draw a blank or nothing,
// reordered by a bidi control, or simply too long for the row. Whatever the layout (list rows,
// the single-file card, `mini`, the refusal notice) and width, the real extension is on screen:
// the text that holds it is not cut by any box around it, and nothing invisible is drawn as
// nothing.
import { expect } from '@open-wc/testing';
import { animationsSettled, mount, part, parts, unmountAll, type SvcUploader } from './helpers.js';

const pad = (character: string, count: number) => character.repeat(count);

/** Names whose last extension is the real one; each looks like something else when drawn naively. */
const SPOOFED_NAMES = [
  `statement-2024.pdf${pad('W', 40)}xxxx.exe`,
  `invoice.pdf${pad('\u2800', 32)}.exe`,
  `invoice.pdf${pad('\u3164', 32)}.exe`,
  `invoice.pdf${pad('\u115F', 32)}.exe`,
  `invoice.pdf${pad('\u1160', 32)}.exe`,
  `invoice.pdf${pad('\uFFA0', 32)}.exe`,
  `invoice.pdf${pad('\u200B', 40)}.exe`,
  `invoice.pdf${pad('\u2003', 40)}.exe`,
  `invoice.pdf${pad(' ', 60)}.exe`,
  'invoice\u202Efdp.exe',
  `photo.jpg${pad('\uFF2D', 30)}.scr`,
];

/** Characters that draw a blank or nothing, and bidi controls: none may reach the screen as they are. */
const HIDDEN_CHARACTERS = /[\u061C\u115F\u1160\u2000-\u200F\u202A-\u202F\u2066-\u2069\u2800\u3164\uFFA0]/;

const realExtension = (name: string) => name.slice(name.lastIndexOf('.'));
const file = (name: string) => new File(['content'], name, { type: 'application/octet-stream' });

/** The last text node under `root` (shadow-free) and the offset at which `text` starts in the joined text. */
function rangeOfLast(root: Element, text: string): Range {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  const joined = nodes.map((node) => node.data).join('');
  let at = joined.lastIndexOf(text);
  expect(at, `"${text}" in "${joined}"`).to.be.greaterThan(-1);
  const range = document.createRange();
  let end = at + text.length;
  for (const node of nodes) {
    if (at >= 0 && at < node.length) range.setStart(node, at);
    if (end > 0 && end <= node.length) {
      range.setEnd(node, end);
      break;
    }
    at -= node.length;
    end -= node.length;
  }
  return range;
}

/**
 * The extension's characters lie inside every box that clips them, up to the page, and none of
 * those boxes overflows (an overflowing box with `text-overflow: ellipsis` draws `…` over its end,
 * where the extension is).
 */
function expectExtensionInView(container: Element, name: string, where: string): void {
  const extension = realExtension(name);
  const text = container.textContent!;
  expect(text.trimEnd().endsWith(extension), `${where}: "${text}" ends with ${extension}`).to.equal(true);
  const range = rangeOfLast(container, extension);
  const box = range.getBoundingClientRect();
  expect(box.width, `${where}: ${extension} is drawn`).to.be.greaterThan(0);
  let element: Element | null = range.startContainer.parentElement;
  while (element) {
    const style = getComputedStyle(element);
    if (style.overflowX !== 'visible') {
      const clip = element.getBoundingClientRect();
      const label = `${where}: ${extension} of ${JSON.stringify(name)} inside <${element.localName} class="${element.className}">`;
      expect(box.left, label).to.be.at.least(clip.left - 0.5);
      expect(box.right, label).to.be.at.most(clip.right + 0.5);
      expect(element.scrollWidth, `${label} that does not overflow`).to.be.at.most(element.clientWidth + 1);
    }
    element = element.parentElement ?? ((element.getRootNode() as ShadowRoot).host || null);
  }
  expect(box.right, `${where}: ${extension} inside the window`).to.be.at.most(document.documentElement.clientWidth);
}

function expectNothingHidden(container: Element, name: string, where: string): void {
  const text = container.textContent!;
  expect(HIDDEN_CHARACTERS.test(text), `${where}: ${JSON.stringify(text)} draws no blank or invisible character as it is`).to.equal(false);
  if (HIDDEN_CHARACTERS.test(name)) expect(text, `${where}: the odd characters of ${JSON.stringify(name)} are shown`).to.include('\uFFFD');
}

async function mountAt(width: number, attributes = ''): Promise<SvcUploader> {
  const element = await mount(`<svc-uploader server-url="/api/upload" ${attributes}></svc-uploader>`);
  element.parentElement!.style.inlineSize = `${width}px`;
  await element.updateComplete;
  return element;
}

async function nameOfOnlyFile(element: SvcUploader, name: string): Promise<Element> {
  await element.addFiles([file(name)]);
  await animationsSettled(element);
  return part(element, 'file-name');
}

describe('<svc-uploader> spoofed file names keep their real extension in view', function () {
  this.timeout(120_000);
  afterEach(unmountAll);

  for (const width of [480, 360]) {
    it(`in list rows at ${width} px`, async () => {
      const element = await mountAt(width, 'max-files="20"');
      await element.addFiles(SPOOFED_NAMES.map(file));
      await animationsSettled(element);
      const names = parts(element, 'file-name');
      expect(names).to.have.length(SPOOFED_NAMES.length);
      SPOOFED_NAMES.forEach((name, index) => {
        expectExtensionInView(names[index]!, name, `row at ${width} px`);
        expectNothingHidden(names[index]!, name, `row at ${width} px`);
      });
    });

    it(`on the single-file card at ${width} px`, async () => {
      const element = await mountAt(width);
      for (const name of SPOOFED_NAMES) {
        const shown = await nameOfOnlyFile(element, name);
        expectExtensionInView(shown, name, `card at ${width} px`);
        expectNothingHidden(shown, name, `card at ${width} px`);
        element.reset();
        await element.updateComplete;
      }
    });

    it(`in mini at ${width} px`, async () => {
      const element = await mountAt(width, 'mini');
      for (const name of SPOOFED_NAMES) {
        const shown = await nameOfOnlyFile(element, name);
        expectExtensionInView(shown, name, `mini at ${width} px`);
        expectNothingHidden(shown, name, `mini at ${width} px`);
        element.reset();
        await element.updateComplete;
      }
    });

    it(`in the refusal notice at ${width} px`, async () => {
      const element = await mountAt(width, 'allowed-file-types="image/*"');
      await element.addFiles(SPOOFED_NAMES.slice(0, 4).map(file));
      await animationsSettled(element);
      const refusals = parts(element, 'rejection');
      expect(refusals).to.have.length(4);
      SPOOFED_NAMES.slice(0, 4).forEach((name, index) => {
        const line = refusals[index]!;
        const extension = realExtension(name);
        const range = rangeOfLast(line, extension);
        const box = range.getBoundingClientRect();
        const clip = line.getBoundingClientRect();
        expect(box.right, `refusal at ${width} px: ${extension} inside its line`).to.be.at.most(clip.right + 0.5);
        expect(line.scrollWidth, `refusal at ${width} px: the line does not overflow`).to.be.at.most(line.clientWidth + 1);
        expect(box.right).to.be.at.most(document.documentElement.clientWidth);
        expectNothingHidden(line, name, `refusal at ${width} px`);
      });
    });
  }
});
