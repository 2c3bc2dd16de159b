import { expect } from '@open-wc/testing';
import de from '../../../locales/de.js';
import { sendMouse } from '@web/test-runner-commands';
import { animationsSettled, maybePart, nextEvent, part, randomFile, sha256, storedBytes, textFile, type SvcUploader } from './helpers.js';

/** A real form holding the uploader (and a text field beside it), attached to the page. */
async function formWith(uploaderMarkup: string, { fieldsetDisabled = false } = {}): Promise<{ form: HTMLFormElement; element: SvcUploader }> {
  const form = document.createElement('form');
  form.className = 'form-test-host';
  form.action = '/never-submitted';
  form.innerHTML = `<fieldset ${fieldsetDisabled ? 'disabled' : ''}>${uploaderMarkup}</fieldset><input name="title" value="Holiday">`;
  document.body.append(form);
  const element = form.querySelector('svc-uploader')!;
  await element.updateComplete;
  return { form, element };
}

/** What `requestSubmit()` would send, or undefined when the browser refused to submit. */
function trySubmit(form: HTMLFormElement): FormData | undefined {
  let sent: FormData | undefined;
  const listener = (event: SubmitEvent) => {
    event.preventDefault();
    sent = new FormData(form);
  };
  form.addEventListener('submit', listener);
  form.requestSubmit();
  form.removeEventListener('submit', listener);
  return sent;
}

async function clickAtCentre(target: Element): Promise<void> {
  const box = target.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

function gatedServer(): { serverUrl: string; open(): Promise<void> } {
  const id = crypto.randomUUID();
  return {
    serverUrl: `/element-fixtures/gated/${id}/api`,
    open: async () => {
      await fetch(`/element-fixtures/gate/${id}`, { method: 'POST' });
    },
  };
}

describe('<svc-uploader> in a form', () => {
  afterEach(() => {
    for (const form of document.querySelectorAll('.form-test-host')) form.remove();
  });

  it('submits one entry per stored file under its name: the object key, whose bytes are in the bucket', async () => {
    const { form, element } = await formWith('<svc-uploader name="attachments" server-url="/api/upload"></svc-uploader>');
    expect(element.form).to.equal(form);
    const files = [randomFile('one.bin', 3000), randomFile('two.bin', 5000)];
    await element.addFiles(files);
    expect(trySubmit(form), 'a form with queued files is not sent').to.equal(undefined);
    await element.upload();
    await element.updateComplete;

    const sent = trySubmit(form)!;
    const keys = element.files.map((file) => file.result!.key);
    expect(sent.getAll('attachments')).to.deep.equal(keys);
    expect(sent.get('title')).to.equal('Holiday');
    for (const [index, file] of element.files.entries()) {
      expect(await sha256(await storedBytes(file.result!.downloadUrl!))).to.equal(await sha256(files[index]!));
    }
  });

  it('a page that submits as soon as the uploads complete finds every key in the form, before any render', async () => {
    const { form, element } = await formWith('<svc-uploader name="attachments" server-url="/api/upload"></svc-uploader>');
    await element.addFiles([randomFile('first.bin', 3000), randomFile('second.bin', 4000)]);
    let sentOnComplete: string[] | undefined;
    element.addEventListener('svc-files-upload-complete', () => {
      sentOnComplete = trySubmit(form)?.getAll('attachments') as string[] | undefined;
    });
    await element.upload();
    expect(sentOnComplete).to.deep.equal(element.files.map((file) => file.result!.key));
  });

  it('without an upload target, submits the listed files themselves', async () => {
    const { form, element } = await formWith('<svc-uploader name="documents"></svc-uploader>');
    const files = [textFile('letter.txt', 'Dear reader'), textFile('notes.txt', 'Remember the milk')];
    await element.addFiles(files);
    await element.updateComplete;
    const sent = trySubmit(form)!.getAll('documents') as File[];
    expect(sent.map((file) => [file.name, file.size])).to.deep.equal([
      ['letter.txt', 11],
      ['notes.txt', 17],
    ]);
    expect(await sent[1]!.text()).to.equal('Remember the milk');
  });

  it('required: the form will not submit until a file is stored, and says why', async () => {
    const { form, element } = await formWith('<svc-uploader name="attachments" required server-url="/api/upload"></svc-uploader>');
    expect(element.validity.valueMissing).to.equal(true);
    expect(element.validationMessage).to.equal('Upload at least one file.');
    expect(form.checkValidity()).to.equal(false);
    const invalid = nextEvent(element as unknown as EventTarget, 'invalid' as never);
    expect(element.reportValidity()).to.equal(false);
    await invalid;
    expect(trySubmit(form), 'submitted while empty').to.equal(undefined);

    await element.addFiles([textFile('proof.txt')]);
    await element.updateComplete;
    expect(element.validity.valueMissing, 'a queued file is not stored yet').to.equal(true);
    await element.upload();
    await element.updateComplete;
    expect(element.validity.valid).to.equal(true);
    expect(trySubmit(form)!.getAll('attachments')).to.deep.equal([element.files[0]!.result!.key]);
  });

  it('will not submit while an upload is on its way', async () => {
    const gate = gatedServer();
    const { form, element } = await formWith(`<svc-uploader name="attachments" server-url="${gate.serverUrl}"></svc-uploader>`);
    await element.addFiles([textFile('slow.txt')]);
    const started = nextEvent(element, 'svc-file-upload-start');
    const run = element.upload();
    await started;
    await element.updateComplete;
    expect(element.validity.customError).to.equal(true);
    expect(element.validationMessage).to.equal('Wait until the uploads finish.');
    expect(trySubmit(form), 'submitted mid-upload').to.equal(undefined);
    await gate.open();
    await run;
    await element.updateComplete;
    expect(element.validity.valid).to.equal(true);
    expect(trySubmit(form)!.getAll('attachments')).to.have.length(1);
  });

  it('a disabled fieldset makes the Browse button and the drop zone inert, and submits nothing; enabling it restores them', async () => {
    const { form, element } = await formWith('<svc-uploader name="attachments"></svc-uploader>', { fieldsetDisabled: true });
    await element.addFiles([textFile('kept.txt')]);
    element.reset();
    await element.updateComplete;
    await animationsSettled(element);
    const base = part(element, 'base');
    expect(base.hasAttribute('inert')).to.equal(true);
    expect(base.getAttribute('aria-disabled')).to.equal('true');
    expect(getComputedStyle(base).opacity).to.equal('0.55');

    const browse = part(element, 'browse-button');
    browse.focus();
    expect(element.shadowRoot!.activeElement, 'focus on an inert button').to.equal(null);
    let pickerOpened = false;
    part(element, 'file-input').addEventListener('click', () => {
      pickerOpened = true;
    });
    await clickAtCentre(browse);
    expect(pickerOpened, 'a real click on Browse').to.equal(false);

    const transfer = new DataTransfer();
    transfer.items.add(textFile('dropped.txt'));
    part(element, 'drop-zone').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, composed: true, cancelable: true }));
    await element.updateComplete;
    expect(element.files, 'files dropped while disabled').to.deep.equal([]);

    // A disabled control is left out of the form data, as a disabled file input is.
    await element.addFiles([textFile('script-added.txt')]);
    expect(trySubmit(form)!.has('attachments')).to.equal(false);

    form.querySelector('fieldset')!.disabled = false;
    await element.updateComplete;
    expect(part(element, 'base').hasAttribute('inert')).to.equal(false);
    expect(trySubmit(form)!.getAll('attachments')).to.have.length(1);
    element.reset();
    await element.updateComplete;
    part(element, 'browse-button').focus();
    expect(element.shadowRoot!.activeElement).to.equal(part(element, 'browse-button'));
    await clickAtCentre(part(element, 'browse-button'));
    expect(pickerOpened, 'a real click on Browse once enabled').to.equal(true);
  });

  it('the disabled attribute does the same on its own', async () => {
    const { element } = await formWith('<svc-uploader name="attachments" disabled></svc-uploader>');
    expect(part(element, 'base').hasAttribute('inert')).to.equal(true);
    const transfer = new DataTransfer();
    transfer.items.add(textFile('dropped.txt'));
    part(element, 'drop-zone').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, composed: true, cancelable: true }));
    await element.updateComplete;
    expect(element.files).to.deep.equal([]);
    element.disabled = false;
    await element.updateComplete;
    expect(part(element, 'base').hasAttribute('inert')).to.equal(false);
  });

  it('passes the automated accessibility checks (axe) disabled, and invalid in a form', async () => {
    const { element } = await formWith('<svc-uploader name="attachments" required server-url="/api/upload"></svc-uploader>', { fieldsetDisabled: true });
    await animationsSettled(element);
    await expect(element).to.be.accessible();
    element.closest('fieldset')!.disabled = false;
    await element.addFiles([textFile('listed.txt')]);
    await animationsSettled(element);
    expect(element.validity.valueMissing).to.equal(true);
    await expect(element).to.be.accessible();
  });

  it('form.reset() empties the list and the submitted value', async () => {
    const { form, element } = await formWith('<svc-uploader name="attachments" server-url="/api/upload"></svc-uploader>');
    await element.addFiles([textFile('gone.txt')]);
    await element.upload();
    await element.updateComplete;
    expect(trySubmit(form)!.getAll('attachments')).to.have.length(1);
    form.reset();
    await element.updateComplete;
    expect(element.files).to.deep.equal([]);
    expect(trySubmit(form)!.getAll('attachments')).to.deep.equal([]);
  });

  it('restores the stored keys it saved as form state, and ignores a state it did not write', async () => {
    const { form, element } = await formWith('<svc-uploader name="attachments" required server-url="/api/upload"></svc-uploader>');
    // What an earlier visit saved with setFormValue(value, state), handed back by the browser.
    element.formStateRestoreCallback(JSON.stringify([{ key: 'uploads/anonymous/a1/photo.jpg', name: 'photo.jpg' }]));
    await element.updateComplete;
    expect(trySubmit(form)!.getAll('attachments')).to.deep.equal(['uploads/anonymous/a1/photo.jpg']);
    expect(part(element, 'restored-uploads').querySelector('span')!.textContent).to.equal('1 file uploaded');
    expect(element.validity.valid).to.equal(true);

    for (const state of [
      '{"key":"x"}',
      'not json',
      JSON.stringify([{ key: 42, name: 'n' }]),
      JSON.stringify([{ key: 'k'.repeat(5000), name: 'n' }]),
      'x'.repeat(300_000),
    ]) {
      element.formStateRestoreCallback(state);
      await element.updateComplete;
      expect(trySubmit(form), state.slice(0, 30)).to.equal(undefined);
      expect(maybePart(element, 'restored-uploads')).to.equal(null);
    }

    element.formStateRestoreCallback(JSON.stringify([{ key: 'uploads/k', name: 'k.txt' }]));
    form.reset();
    await element.updateComplete;
    expect(maybePart(element, 'restored-uploads')).to.equal(null);
    expect(element.validity.valueMissing).to.equal(true);
  });

  it('will not submit with a queued or failed file, says why in the page language, and submits once the file is gone', async () => {
    const { form, element } = await formWith('<svc-uploader name="attachments" server-url="/element-fixtures/failing" max-retries="0"></svc-uploader>');
    await element.addFiles([textFile('queued.txt')]);
    await element.updateComplete;
    expect(element.validity.customError, 'a queued file').to.equal(true);
    expect(element.validationMessage).to.equal('Upload or remove the listed files first.');
    expect(trySubmit(form), 'submitted with a queued file').to.equal(undefined);

    await element.upload();
    await element.updateComplete;
    expect(element.files[0]!.state).to.equal('failed');
    expect(element.validity.customError, 'a failed file').to.equal(true);
    expect(trySubmit(form), 'submitted with a failed file').to.equal(undefined);
    element.i18n = { bundle: de };
    await element.updateComplete;
    expect(element.validationMessage).to.equal('Laden Sie die aufgeführten Dateien zuerst hoch oder entfernen Sie sie.');

    element.removeFile(element.files[0]!.id);
    await element.updateComplete;
    expect(element.validity.valid).to.equal(true);
    const sent = trySubmit(form)!;
    expect(sent.has('attachments')).to.equal(false);
    expect(sent.get('title')).to.equal('Holiday');
  });

  it('submits restored keys only within max-files after the new uploads, and the user can remove them', async () => {
    const { form, element } = await formWith('<svc-uploader name="attachments" max-files="2" server-url="/api/upload"></svc-uploader>');
    const earlier = [
      { key: 'uploads/anonymous/a1/first.txt', name: 'first.txt' },
      { key: 'uploads/anonymous/a2/second.txt', name: 'second.txt' },
    ];
    element.formStateRestoreCallback(JSON.stringify(earlier));
    await element.updateComplete;
    expect(trySubmit(form)!.getAll('attachments')).to.deep.equal(earlier.map((upload) => upload.key));

    await element.addFiles([textFile('new.txt')]);
    await element.upload();
    await element.updateComplete;
    const newKey = element.files[0]!.result!.key;
    const sent = trySubmit(form)!.getAll('attachments');
    expect(sent, 'at most max-files keys, the new upload among them').to.deep.equal([earlier[0]!.key, newKey]);
    await element.updateComplete;
    expect(part(element, 'restored-uploads').querySelector('span')!.textContent).to.equal('1 file uploaded');

    part(element, 'restored-uploads-remove').click();
    await element.updateComplete;
    expect(maybePart(element, 'restored-uploads')).to.equal(null);
    expect(trySubmit(form)!.getAll('attachments')).to.deep.equal([newKey]);
  });
});
