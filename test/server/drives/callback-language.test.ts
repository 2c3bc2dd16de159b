/**
 * The OAuth callback page speaks the browser's language (`Accept-Language`), through the handler:
 * `lang`, `dir`, title and sentence, English when nothing fits, and hostile headers cost nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseAcceptLanguage } from '../../../server/drives/callback-strings.js';
import { startFakeDrives, type FakeDrives } from '../../support/fake-drives/index.js';
import { createDriveHandler, openCallback, readCallbackData, startConsent, uniqueUser, type DriveHandler } from './support/drive-harness.js';

interface Page {
  lang: string | undefined;
  dir: string | undefined;
  title: string | undefined;
  status: string | undefined;
}

function readPage(html: string): Page {
  const root = /<html lang="([^"]*)" dir="([^"]*)">/.exec(html);
  return {
    lang: root?.[1],
    dir: root?.[2],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    status: /<p id="status">([^<]*)<\/p>/.exec(html)?.[1],
  };
}

describe('the OAuth callback page language', () => {
  let fakes: FakeDrives;
  let drive: DriveHandler;
  before(async () => {
    fakes = await startFakeDrives();
    drive = await createDriveHandler(fakes);
  });
  after(() => fakes.close());

  async function callbackPage(acceptLanguage?: string): Promise<Page> {
    const user = uniqueUser();
    const { callbackUrl } = await startConsent(drive, fakes.byId.googleDrive, user);
    const headers: Record<string, string> = acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage };
    const response = await openCallback(drive, callbackUrl, user, { headers });
    assert.equal(response.status, 200, response.text);
    assert.equal(readCallbackData(response.text).message.type, 'svc:oauth-success');
    return readPage(response.text);
  }

  it('answers in German for a German browser', async () => {
    assert.deepEqual(await callbackPage('de-DE,de;q=0.9,en;q=0.8'), {
      lang: 'de',
      dir: 'ltr',
      title: 'Google Drive verbunden',
      status: 'Google Drive ist verbunden. Sie können dieses Fenster schließen.',
    });
  });

  it('is right to left in Arabic and Hebrew', async () => {
    const arabic = await callbackPage('ar-EG');
    assert.deepEqual([arabic.lang, arabic.dir], ['ar', 'rtl']);
    assert.equal(arabic.status, 'تم الاتصال بـ Google Drive. يمكنك إغلاق هذه النافذة.');
    const hebrew = await callbackPage('he');
    assert.deepEqual([hebrew.lang, hebrew.dir], ['he', 'rtl']);
  });

  it('follows q-values, skips q=0 and languages it lacks, and maps regional variants', async () => {
    assert.equal((await callbackPage('fr;q=0.5, ja;q=0.9')).lang, 'ja');
    assert.equal((await callbackPage('es;q=0, xh, it;q=0.3')).lang, 'it');
    assert.equal((await callbackPage('zh-HK')).lang, 'zh-TW');
    assert.equal((await callbackPage('zh-Hant-TW')).lang, 'zh-TW');
    assert.equal((await callbackPage('zh')).lang, 'zh-CN');
    assert.equal((await callbackPage('pt-PT')).lang, 'pt-BR');
  });

  it('picks the closest language by CLDR likely subtags, as the element does', async () => {
    const cases: Record<string, string> = {
      no: 'nb',
      'nn-NO': 'nb',
      sr: 'sr-Cyrl',
      'sr-RS': 'sr-Cyrl',
      'sr-ME': 'sr-Latn',
      'sr-Latn': 'sr-Latn',
      'zh-Hant': 'zh-TW',
      'zh-MO': 'zh-TW',
      'zh-Hans-HK': 'zh-CN',
      iw: 'he',
      'hy-AM': 'hy',
      'de-CH': 'de',
    };
    for (const [header, lang] of Object.entries(cases)) assert.equal((await callbackPage(header)).lang, lang, header);
    assert.deepEqual(await callbackPage('sr'), {
      lang: 'sr-Cyrl',
      dir: 'ltr',
      title: 'Google Drive је повезан',
      status: 'Google Drive је повезан. Можете да затворите овај прозор.',
    });
  });

  it('falls back to English without a header, for unknown languages and for garbage', async () => {
    const english = { lang: 'en', dir: 'ltr', title: 'Google Drive connected', status: 'Google Drive is connected. You can close this window.' };
    assert.deepEqual(await callbackPage(), english);
    assert.deepEqual(await callbackPage('xh, *'), english);
    assert.deepEqual(await callbackPage('<script>;q=1, de"onload=;q=2'), english);
  });

  it('reads only the start of an oversized header', async () => {
    const padded = `${'xx-yy;q=0.1,'.repeat(20_000)}de`;
    assert.equal((await callbackPage(padded)).lang, 'en');
  });
});

describe('parseAcceptLanguage', () => {
  it('orders by weight, keeps header order on ties and drops malformed ranges', () => {
    assert.deepEqual(parseAcceptLanguage('en;q=0.5, de, fr;q=0.5, x_y, it;q=1.5, nl;q=abc'), [['de'], ['en'], ['fr']]);
  });

  it('reads at most 16 ranges', () => {
    const header = [...Array.from({ length: 16 }, () => 'xh'), 'de'].join(',');
    assert.deepEqual(parseAcceptLanguage(header).length, 16);
  });
});
