// Runs in a page of its own (web-test-runner isolates test files), so the rest of English is loaded
// by this file alone: the translator starts with the empty uploader's messages only.
import { expect } from '@open-wc/testing';
import { createTranslator } from '../../../elements/i18n/index.js';
import { isEnglishComplete } from '../../../elements/i18n/english-messages.js';
import { fetched } from './first-appearance.js';

describe('the rest of English, loaded on first use', () => {
  it("formats the empty uploader's messages at once, and waits for the others instead of showing their keys", async () => {
    expect(isEnglishComplete()).to.equal(false);
    const translator = createTranslator();
    // Built before English arrives, asked only after: it reads the English another translator loaded.
    const german = createTranslator({ bundle: { lang: 'de', messages: { 'fileList.label': 'Ausgewählte Dateien' } } });
    let updates = 0;
    translator.subscribe(() => {
      updates += 1;
    });

    expect(translator.t('dropZone.title')).to.equal('Drag and drop files here');
    expect(translator.t('dropZone.limitFiles', { maxFiles: 3 })).to.equal('Up to 3 files');
    // A required uploader's validity needs these before anything else loads: ElementInternals
    // refuses (throws) an empty validation message, and a form may be submitted at once.
    expect(translator.t('form.valueMissing')).to.equal('Upload at least one file.');
    expect(translator.t('form.uploadsInFlight')).to.equal('Wait until the uploads finish.');
    expect(translator.pending).to.equal(false);
    expect(fetched('/locales/en.ts')).to.equal(false);

    expect(translator.t('fileList.count', { count: 2 })).to.equal('');
    expect(translator.pending).to.equal(true);
    await translator.ready();

    expect(translator.pending).to.equal(false);
    expect(updates).to.equal(1);
    expect(translator.t('fileList.count', { count: 2 })).to.equal('2 files selected');
    expect(translator.t('no.such' as never)).to.equal('no.such');

    expect(german.t('fileList.removeAll')).to.equal('Remove all');
    expect(german.t('fileList.label'), "the bundle's own words stay over English").to.equal('Ausgewählte Dateien');
    expect(german.pending).to.equal(false);
  });
});
