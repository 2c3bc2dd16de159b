// Runs in a page of its own, so nothing but this file has loaded the engine, the file views or the
// rest of English (elements/i18n/english-messages.ts). The page's idle callbacks are held, so the
// engine loads only when the test uses the element.
import { expect } from '@open-wc/testing';
import { createTranslator } from '../../../elements/i18n/index.js';
import { isEnglishComplete } from '../../../elements/i18n/english-messages.js';
import { holdIdleCallbacks } from '../element/idle-callbacks.js';
import { randomFile, recordEvents, unmountAll, type SvcUploader } from '../element/helpers.js';
import { eventually } from '../eventually.js';
import { fetched, recordTexts } from './first-appearance.js';

holdIdleCallbacks();

/** Placed without awaiting `updateComplete`, which would load the engine. */
async function place(markup: string): Promise<SvcUploader> {
  const host = document.createElement('div');
  host.className = 'test-host';
  host.innerHTML = markup;
  document.body.append(host);
  const element = host.querySelector('svc-uploader')!;
  await eventually(() => element.shadowRoot?.textContent?.includes('Drag and drop files here') === true, 'the drop zone');
  return element;
}

describe('English messages the drop zone does not show', () => {
  afterEach(unmountAll);

  it('words a refusal made before the engine, the file views and the rest of English had loaded, from its first render', async () => {
    const element = await place('<svc-uploader max-file-size="1KB"></svc-uploader>');
    expect(isEnglishComplete(), 'the rest of English, before any use').to.equal(false);
    expect(fetched('/file-list/file-views.ts'), 'the file views, before any use').to.equal(false);
    const rejections = recordEvents(element, ['svc-file-reject']);
    const notice = recordTexts(element, 'rejection');

    await element.addFiles([randomFile('big.bin', 4096)]);
    await element.updateComplete;
    notice.stop();

    const translator = createTranslator();
    const limit = rejections[0]!.detail.limit as number;
    expect(notice.texts).to.deep.equal([translator.t('rejection.FILE_TOO_LARGE', { name: 'big.bin', maxSize: translator.formatBytes(limit) })]);
    expect(notice.texts[0]).to.include('is too large');
  });

  it('words the file list from its first render when its views arrive with the first file', async () => {
    const element = await place('<svc-uploader></svc-uploader>');
    const count = recordTexts(element, 'file-count');

    await element.addFiles([randomFile('small.bin', 100)]);
    await element.updateComplete;
    count.stop();

    expect(fetched('/file-list/file-views.ts')).to.equal(true);
    expect(count.texts).to.deep.equal(['1 file selected']);
  });
});
