import { expect } from '@open-wc/testing';
import { SvcUploader, svcUploaderEvents, uploaderProps, UPLOAD_SOURCES } from '../../../elements/index.js';
import { documentedProps } from '../../../elements/svc-uploader/property-docs.js';
import { documentedEvents, documentEvents } from '../../../elements/svc-uploader/event-docs.js';
import { maybePart, mount, nextEvent, part, parts, textFile, unmountAll, until, type SvcUploader as Uploader } from './helpers.js';
import { EVENTS_MARKERS, PROPS_MARKERS, readBetween, renderEventsTable, renderPropsTable } from '../../../scripts/lib/element-api-tables.js';

/** The element suites; every event of the table must be exercised in one of them. */
const SUITES = [
  'accessibility',
  'appearance',
  'bundle',
  'file-list',
  'image-editor',
  'interface',
  'media',
  'properties',
  'run-controls',
  'sources',
  'theme-and-motion',
  'upload',
  'url-import',
  'virtual-list',
  'large-batch',
  'displayed-names',
  'folder-limit',
];
/** The cloud-drive sources' suites, in their own folder next to their fixtures. */
const DRIVE_SUITES = ['sign-in', 'browse', 'import'];

/** Pages that carry the generated prop and event tables. */
const API_PAGES = ['/docs/element.md'];

async function text(path: string): Promise<string> {
  const response = await fetch(path);
  expect(response.ok, path).to.equal(true);
  return response.text();
}

describe('<svc-uploader> API documentation', () => {
  it('lists every prop and attribute as the prop table defines them, on the element page', async () => {
    for (const path of API_PAGES) {
      expect(readBetween(await text(path), PROPS_MARKERS), path).to.equal(renderPropsTable(documentedProps));
    }
  });

  it('lists every event, its detail and whether it is cancelable, as the event table defines them', async () => {
    for (const path of API_PAGES) {
      expect(readBetween(await text(path), EVENTS_MARKERS), path).to.equal(renderEventsTable(documentedEvents));
    }
    expect(Object.keys(svcUploaderEvents).length).to.be.at.least(34);
    // `svc-<noun>-<verb>`, apart from the two diagnostic channels.
    const names = Object.keys(svcUploaderEvents).filter((name) => name !== 'svc-error' && name !== 'svc-warn');
    expect(names.filter((name) => !/^svc-[a-z]+(-[a-z]+)+$/.test(name))).to.deep.equal([]);
  });

  it('documents exactly the events the element declares, and refuses a table that drifts from them', () => {
    expect(Object.keys(documentedEvents)).to.deep.equal(Object.keys(svcUploaderEvents));
    for (const [name, definition] of Object.entries(documentedEvents)) {
      expect(definition.cancelable, name).to.equal(svcUploaderEvents[name as keyof typeof svcUploaderEvents].cancelable);
      expect(definition.doc, name).to.not.equal('');
    }
    const words = { group: 'files', callback: 'onFileAdded', detailType: '{}', doc: 'A file joined the list.' } as const;
    const events = { 'svc-file-add': { cancelable: false }, 'svc-file-remove': { cancelable: true } };
    expect(() => documentEvents(events, { 'svc-file-add': words })).to.throw('events without documentation (event-docs.ts): svc-file-remove');
    expect(() => documentEvents(events, { 'svc-file-add': words, 'svc-file-remove': words, 'svc-file-gone': words })).to.throw(
      'documentation for events that events.ts does not declare: svc-file-gone',
    );
  });

  it('documents every public method and read-only property on the element page', async () => {
    const elementPage = await text('/docs/element.md');
    const sections = [elementPage.slice(elementPage.indexOf('\n## Methods'), elementPage.indexOf('\n## Sources\n'))];
    const members = new Set<string>();
    for (let prototype = SvcUploader.prototype; prototype !== HTMLElement.prototype; prototype = Object.getPrototypeOf(prototype)) {
      for (const name of Object.getOwnPropertyNames(prototype)) members.add(name);
      if (Object.getPrototypeOf(prototype).constructor.name === 'LitElement') break;
    }
    const lifecycle = [
      'constructor',
      'connectedCallback',
      'disconnectedCallback',
      'attributeChangedCallback',
      'willUpdate',
      'firstUpdated',
      'render',
      'getUpdateComplete',
      'emit',
      'engineOptions',
      'effectiveMaxFiles',
      'updated',
      'isDisabled',
    ];
    const props = Object.keys(uploaderProps);
    for (const section of sections) {
      const undocumented = [...members].filter((name) => !lifecycle.includes(name) && !props.includes(name) && !section.includes(`\`${name}`));
      expect(undocumented).to.deep.equal([]);
    }
  });

  describe('parts', () => {
    afterEach(unmountAll);

    const seen = new Set<string>();
    const collect = (element: Uploader) => {
      for (const node of element.shadowRoot!.querySelectorAll('[part]')) for (const name of node.getAttribute('part')!.split(' ')) seen.add(name);
    };
    /** `file-<state>`, `source-chip-<source>`, `source-view-<source>` are documented as patterns. */
    const isVariant = (name: string) =>
      /^file-(queued|processing|uploading|paused|uploaded|successful|failed|canceled)$/.test(name) ||
      UPLOAD_SOURCES.some((source) => name === `source-chip-${source}` || name === `source-view-${source}`);

    /** Hero card, rows with previews, a run in progress and paused, its summary, the drop overlay, the preview. */
    async function collectListStates(collectFrom: (element: Uploader) => void): Promise<void> {
      const canvas = new OffscreenCanvas(16, 16);
      canvas.getContext('2d')!.fillRect(0, 0, 16, 16);
      const picture = new File([await canvas.convertToBlob({ type: 'image/png' })], 'p.png', { type: 'image/png' });
      const gate = crypto.randomUUID();
      const element = await mount(`<svc-uploader server-url="/element-fixtures/gated/${gate}/api"></svc-uploader>`);
      await element.addFiles([picture]);
      await element.updateComplete;
      collectFrom(element);
      await element.addFiles([textFile('t.txt')]);
      const started = nextEvent(element, 'svc-file-upload-start');
      const run = element.upload();
      await started;
      await element.updateComplete;
      collectFrom(element);
      element.pause();
      await element.updateComplete;
      collectFrom(element);
      await fetch(`/element-fixtures/gate/${gate}`, { method: 'POST' });
      element.resume();
      await run;
      await element.updateComplete;
      collectFrom(element);
      const transfer = new DataTransfer();
      transfer.items.add(textFile('d.txt'));
      part(element, 'file-list').dispatchEvent(new DragEvent('dragenter', { dataTransfer: transfer, bubbles: true, composed: true }));
      await element.updateComplete;
      collectFrom(element);
      part(element, 'file-preview-button').click();
      await until(element, () => maybePart(element, 'preview') !== null, 'the preview');
      collectFrom(element);
      part(element, 'preview-close').click();
      await until(element, () => maybePart(element, 'preview') === null, 'the preview to close');
      element.reset();
      await element.addFiles([picture]);
      for (const display of ['inline', 'modal'] as const) {
        element.imageEditor = { display };
        await element.updateComplete;
        part(element, 'file-edit').click();
        await until(element, () => maybePart(element, 'editor-canvas') !== null, 'the editor');
        for (const tab of parts(element, 'editor-tab')) {
          tab.click();
          await element.updateComplete;
          collectFrom(element);
        }
        part(element, 'editor-cancel').click();
        await until(element, () => maybePart(element, 'editor') === null, 'the editor to close');
      }
    }

    it('documents every part the interface renders', async () => {
      const element = await mount(`<svc-uploader server-url="/element-fixtures/failing" max-retries="0" max-files="2" enable-paste
        max-file-size="1 MB" allowed-file-types="text/plain" folder-upload='{"showSelectFolderButton":true}'></svc-uploader>`);
      collect(element);
      element.isProcessing = true;
      window.dispatchEvent(new Event('offline'));
      await element.updateComplete;
      collect(element);
      element.isProcessing = false;
      window.dispatchEvent(new Event('online'));
      await element.addFiles([textFile('a.txt'), textFile('b.txt'), textFile('c.txt')]);
      await element.upload();
      await element.updateComplete;
      collect(element);
      element.reset();
      await element.updateComplete;
      part(element, 'source-chip-url').click();
      await until(element, () => maybePart(element, 'url-input') !== null, 'the link panel');
      part<HTMLInputElement>(element, 'url-input').value = 'not a link';
      part<HTMLInputElement>(element, 'url-input').dispatchEvent(new InputEvent('input'));
      part(element, 'url-submit').click();
      await element.updateComplete;
      collect(element);
      await collectListStates(collect);

      const page = await text('/docs/element.md');
      const styling = page.slice(page.indexOf('\n## Styling'), page.indexOf('\n## Bundle'));
      const undocumented = [...seen].filter((name) => !isVariant(name) && !styling.includes(`\`${name}\``));
      expect(undocumented).to.deep.equal([]);
      expect(seen.size).to.be.greaterThan(40);
    });
  });

  it('exercises every event in the element suites', async () => {
    const sources = await Promise.all([
      ...SUITES.map((suite) => text(`/test/browser/element/${suite}.test.ts`)),
      ...DRIVE_SUITES.map((suite) => text(`/test/browser/drives/${suite}.test.ts`)),
    ]);
    const untested = Object.keys(svcUploaderEvents).filter((name) => !sources.some((source) => source.includes(`'${name}'`) || source.includes(`"${name}"`)));
    expect(untested).to.deep.equal([]);
  });
});
