// Runs in a page of its own (web-test-runner isolates test files), so whether intl-messageformat was
// fetched is decided by this file alone.
import { expect } from '@open-wc/testing';
import { createTranslator } from '../../../elements/i18n/index.js';
import { loadEnglishMessages } from '../../../elements/i18n/english-messages.js';

/** A message only ICU formats (a select nested in a plural), as a page's override. */
const NESTED = {
  'action.upload': '{count, plural, one {Upload # file} other {{kind, select, folder {Upload {count, number} folders} other {Upload {count, number} files}}}}',
};

function messageFormatRequested(): boolean {
  return performance.getEntriesByType('resource').some((entry) => entry.name.includes('intl-messageformat'));
}

describe('loading intl-messageformat on demand', () => {
  it('formats plain messages, simple arguments and flat plurals without fetching it', async () => {
    // English past the drop zone's messages loads on its own (english-messages.ts); this file is about intl-messageformat.
    await loadEnglishMessages();
    const translator = createTranslator();
    expect(translator.t('dropZone.title')).to.equal('Drag and drop files here');
    expect(translator.t('dropZone.limitFiles', { maxFiles: 10 })).to.equal('Up to 10 files');
    expect(translator.t('file.kind', { kind: 'image' })).to.equal('Image');
    expect(translator.t('aria.removeFile', { name: 'cat.png' })).to.equal('Remove cat.png');
    expect(translator.t('file.thumbnail', { name: 'cat.png' })).to.equal('Preview of cat.png');
    await translator.ready();
    expect(translator.pending).to.equal(false);
    expect(messageFormatRequested()).to.equal(false);
  });

  it('fetches it for the first ICU message, then re-renders subscribers with the exact text', async () => {
    const translator = createTranslator({ overrides: NESTED });
    let updates = 0;
    translator.subscribe(() => {
      updates += 1;
    });

    expect(translator.t('action.upload', { count: 3, kind: 'file' })).to.equal('');
    expect(translator.pending).to.equal(true);
    await translator.ready();

    expect(messageFormatRequested()).to.equal(true);
    expect(translator.pending).to.equal(false);
    expect(updates).to.equal(1);
    expect(translator.t('action.upload', { count: 3, kind: 'file' })).to.equal('Upload 3 files');
  });

  it('formats ICU at once in translators created after it arrived', () => {
    const translator = createTranslator({ overrides: NESTED });
    expect(translator.t('action.upload', { count: 2, kind: 'folder' })).to.equal('Upload 2 folders');
    expect(translator.pending).to.equal(false);
  });
});
