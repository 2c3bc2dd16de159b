// A page in German (`<html lang="de">`, how a page picks the element's language without an `i18n`
// prop): the refused files' notice before the engine's and the file views' chunks have loaded, and
// the file list once they have, each in German from its first render. Runs in a page of its own, so
// nothing but this file has loaded them; the page's idle callbacks are held.
import { expect } from '@open-wc/testing';
import { createTranslator } from '../../../elements/i18n/index.js';
import de from '../../../locales/de.js';
import { holdIdleCallbacks } from '../element/idle-callbacks.js';
import { randomFile, recordEvents, type SvcUploader } from '../element/helpers.js';
import { eventually } from '../eventually.js';
import { fetched, recordTexts } from './first-appearance.js';

holdIdleCallbacks();

const root = document.documentElement;
const german = createTranslator({ bundle: de });

describe('a German page: messages the drop zone does not show', () => {
  let element: SvcUploader;

  before(async () => {
    root.lang = 'de';
    element = document.createElement('svc-uploader');
    element.setAttribute('max-file-size', '1KB');
    document.body.append(element);
    await eventually(() => element.shadowRoot?.textContent?.includes(de.messages['dropZone.title']) === true, 'the German drop zone');
  });

  after(() => {
    element.remove();
    root.removeAttribute('lang');
  });

  it('shows a refusal in German from its first render, before the engine and the file views have loaded', async () => {
    expect(fetched('/file-list/file-views.ts'), 'the file views, before any use').to.equal(false);
    expect(fetched('/engine-views/engine-chunk.ts'), 'the engine, before any use').to.equal(false);
    const rejections = recordEvents(element, ['svc-file-reject']);
    const notice = recordTexts(element, 'rejection');

    await element.addFiles([randomFile('gross.bin', 4096)]);
    await element.updateComplete;
    notice.stop();

    const limit = rejections[0]!.detail.limit as number;
    expect(notice.texts).to.deep.equal([german.t('rejection.FILE_TOO_LARGE', { name: 'gross.bin', maxSize: german.formatBytes(limit) })]);
  });

  it('shows the file list in German from its first render once its views have loaded', async () => {
    const count = recordTexts(element, 'file-count');

    await element.addFiles([randomFile('klein.bin', 100)]);
    await element.updateComplete;
    count.stop();

    expect(fetched('/file-list/file-views.ts')).to.equal(true);
    expect(count.texts).to.deep.equal([german.t('fileList.count', { count: 1 })]);
  });
});
