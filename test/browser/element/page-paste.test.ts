/**
 * `paste-scope="document"`: files pasted anywhere on the page are added, except pastes into the
 * page's editable fields; nothing is taken once the element is removed.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../../elements/index.js';
import type { SvcUploader } from '../../../elements/index.js';

const mounted: HTMLElement[] = [];

function textFile(name: string): File {
  return new File([`contents of ${name}`], name, { type: 'text/plain' });
}

function paste(target: EventTarget, files: File[]): ClipboardEvent {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, composed: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

async function mount(markup: string): Promise<HTMLElement> {
  const host = document.createElement('div');
  host.innerHTML = markup;
  document.body.append(host);
  mounted.push(host);
  for (const element of host.querySelectorAll('svc-uploader')) await element.updateComplete;
  return host;
}

function names(element: SvcUploader): string[] {
  return element.files.map((file) => file.name);
}

afterEach(() => {
  for (const host of mounted.splice(0)) host.remove();
});

describe('paste-scope="document"', () => {
  it('adds files pasted outside the element, with svc-files-paste', async () => {
    const host = await mount(`<p tabindex="0">Elsewhere on the page</p>
      <svc-uploader enable-paste paste-scope="document"></svc-uploader>`);
    const element = host.querySelector('svc-uploader')!;
    const events: string[][] = [];
    element.addEventListener('svc-files-paste', (event) => events.push((event as CustomEvent<{ files: File[] }>).detail.files.map((file) => file.name)));
    const event = paste(host.querySelector('p')!, [textFile('outside.txt')]);
    expect(event.defaultPrevented).to.equal(true);
    await waitUntil(() => element.files.length === 1, 'the pasted file was not added', { timeout: 20_000 });
    expect(names(element)).to.deep.equal(['outside.txt']);
    expect(events).to.deep.equal([['outside.txt']]);
  });

  it('leaves pastes into inputs, text areas and contenteditable to the page', async () => {
    const host = await mount(`<input><textarea></textarea><div contenteditable="true"><span>x</span></div>
      <svc-uploader enable-paste paste-scope="document"></svc-uploader>`);
    const element = host.querySelector('svc-uploader')!;
    for (const field of [host.querySelector('input')!, host.querySelector('textarea')!, host.querySelector('span')!]) {
      expect(paste(field, [textFile('into-field.txt')]).defaultPrevented, field.tagName).to.equal(false);
    }
    await element.updateComplete;
    expect(element.files).to.have.length(0);
  });

  it('is off by default: the element takes only pastes inside it', async () => {
    const host = await mount('<p>Elsewhere</p><svc-uploader enable-paste></svc-uploader>');
    const element = host.querySelector('svc-uploader')!;
    expect(paste(host.querySelector('p')!, [textFile('outside.txt')]).defaultPrevented).to.equal(false);
    await element.updateComplete;
    expect(element.files).to.have.length(0);
  });

  it('needs enable-paste', async () => {
    const host = await mount('<p>Elsewhere</p><svc-uploader paste-scope="document"></svc-uploader>');
    const element = host.querySelector('svc-uploader')!;
    expect(paste(host.querySelector('p')!, [textFile('outside.txt')]).defaultPrevented).to.equal(false);
    await element.updateComplete;
    expect(element.files).to.have.length(0);
  });

  it('gives each paste to one uploader: the first connected', async () => {
    const host = await mount(`<p>Elsewhere</p>
      <svc-uploader id="first" enable-paste paste-scope="document"></svc-uploader>
      <svc-uploader id="second" enable-paste paste-scope="document"></svc-uploader>`);
    const first = host.querySelector<SvcUploader>('#first')!;
    const second = host.querySelector<SvcUploader>('#second')!;
    paste(host.querySelector('p')!, [textFile('once.txt')]);
    await waitUntil(() => first.files.length === 1, 'the first uploader did not take the paste', { timeout: 20_000 });
    await second.updateComplete;
    expect(second.files).to.have.length(0);
  });

  it('stops listening once the element is removed', async () => {
    const host = await mount('<p>Elsewhere</p><svc-uploader enable-paste paste-scope="document"></svc-uploader>');
    const element = host.querySelector('svc-uploader')!;
    element.remove();
    expect(paste(host.querySelector('p')!, [textFile('after.txt')]).defaultPrevented).to.equal(false);
    expect(element.files).to.have.length(0);
  });

  it('leaves pastes into fields inside open and closed shadow roots to those fields', async () => {
    let closedInput!: HTMLInputElement;
    class ClosedField extends HTMLElement {
      constructor() {
        super();
        const root = this.attachShadow({ mode: 'closed' });
        root.innerHTML = '<label>Title <input></label>';
        closedInput = root.querySelector('input')!;
      }
    }
    class OpenField extends HTMLElement {
      constructor() {
        super();
        this.attachShadow({ mode: 'open' }).innerHTML = '<label>Title <input></label>';
      }
    }
    const suffix = crypto.randomUUID().slice(0, 8);
    customElements.define(`closed-field-${suffix}`, ClosedField);
    customElements.define(`open-field-${suffix}`, OpenField);
    const host = await mount(`<closed-field-${suffix}></closed-field-${suffix}><open-field-${suffix}></open-field-${suffix}>
      <p>Elsewhere</p><svc-uploader enable-paste paste-scope="document"></svc-uploader>`);
    const element = host.querySelector('svc-uploader')!;
    const openInput = host.querySelector(`open-field-${suffix}`)!.shadowRoot!.querySelector('input')!;
    for (const [field, label] of [
      [closedInput, 'input in a closed shadow root'],
      [openInput, 'input in an open shadow root'],
    ] as const) {
      field.focus();
      expect(paste(field, [textFile('into-field.txt')]).defaultPrevented, label).to.equal(false);
    }
    await element.updateComplete;
    expect(names(element)).to.deep.equal([]);
    // The page's own pastes still arrive.
    expect(paste(host.querySelector('p')!, [textFile('outside.txt')]).defaultPrevented).to.equal(true);
    await waitUntil(() => element.files.length === 1, 'the pasted file was not added', { timeout: 20_000 });
  });
});
