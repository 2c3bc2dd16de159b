import { expect } from '@open-wc/testing';
import ar from '../../../locales/ar.js';
import en from '../../../locales/en.js';
import he from '../../../locales/he.js';
import ja from '../../../locales/ja.js';
import ru from '../../../locales/ru.js';
import { createTranslator, loadMessageFormat, type PartialLocaleBundle, type TranslationError } from '../../../elements/i18n/index.js';
import { loadEnglishMessages } from '../../../elements/i18n/english-messages.js';

/** A made-up partial bundle, so the tests do not depend on any shipped translation's wording. */
const pirate: PartialLocaleBundle = {
  lang: 'en-GB',
  messages: {
    'dropZone.title': 'Heave yer files aboard',
    'action.upload': '{count, plural, one {Send # chest} other {Send # chests}}',
  },
};
const spanishPart: PartialLocaleBundle = {
  lang: 'es',
  messages: {
    'dropZone.title': 'Arrastra archivos aquí',
    'dropZone.browse': 'Buscar archivos',
    'fileList.count': '{count, plural, one {# archivo seleccionado} many {# de archivos seleccionados} other {# archivos seleccionados}}',
  },
};
const arabicPart: PartialLocaleBundle = { lang: 'ar', messages: { 'view.back': 'رجوع' } };

describe('createTranslator', () => {
  // English past the drop zone's messages loads on its own (lazy-english.test.ts covers that); these
  // tests format messages as a translator does once it has.
  before(() => loadEnglishMessages());

  before(async () => {
    await loadMessageFormat();
  });

  describe('resolving the i18n prop', () => {
    it('is English, left to right, without any option', () => {
      const translator = createTranslator();
      expect([translator.lang, translator.dir]).to.deep.equal(['en', 'ltr']);
      expect(translator.t('dropZone.title')).to.equal(en.messages['dropZone.title']);
    });

    it('prefers bundle over locale, for text and for lang/dir', () => {
      const translator = createTranslator({ bundle: pirate, locale: spanishPart });
      expect(translator.t('dropZone.title')).to.equal('Heave yer files aboard');
      expect(translator.lang).to.equal('en-GB');
      expect(translator.t('dropZone.browse')).to.equal(en.messages['dropZone.browse']);
    });

    it('uses a locale bundle when no bundle is given', () => {
      const translator = createTranslator({ locale: spanishPart });
      expect([translator.lang, translator.t('dropZone.title')]).to.deep.equal(['es', 'Arrastra archivos aquí']);
    });

    it('treats a bare BCP-47 locale as lang/dir only: the text stays English', () => {
      const hebrew = createTranslator({ locale: 'he-IL' });
      expect([hebrew.lang, hebrew.dir]).to.deep.equal(['he-IL', 'rtl']);
      expect(hebrew.t('dropZone.title')).to.equal(en.messages['dropZone.title']);
      const german = createTranslator({ locale: 'de-ch' });
      expect([german.lang, german.dir]).to.deep.equal(['de-CH', 'ltr']);
    });

    it('ignores a locale string that is not a language tag', () => {
      const translator = createTranslator({ locale: 'not a tag!' });
      expect([translator.lang, translator.dir]).to.deep.equal(['en', 'ltr']);
    });

    it('detects the direction of a bundle that does not declare one', () => {
      const translator = createTranslator({ bundle: arabicPart });
      expect([translator.lang, translator.dir, translator.t('view.back')]).to.deep.equal(['ar', 'rtl', 'رجوع']);
    });

    it('fills keys the bundle lacks from fallbackLocale before English', () => {
      const translator = createTranslator({ bundle: pirate, fallbackLocale: spanishPart });
      expect(translator.t('dropZone.title')).to.equal('Heave yer files aboard');
      expect(translator.t('dropZone.browse')).to.equal('Buscar archivos');
      expect(translator.t('view.back')).to.equal(en.messages['view.back']);
      expect(translator.lang).to.equal('en-GB');
    });

    it('formats a fallback message with the plural rules of its own language', () => {
      const translator = createTranslator({ bundle: pirate, fallbackLocale: spanishPart });
      // Spanish has a "many" category for millions; the English-ish bundle has not.
      expect(translator.t('fileList.count', { count: 1_000_000 })).to.equal('1.000.000 de archivos seleccionados');
    });

    it('merges overrides last, flat or grouped by namespace', () => {
      const translator = createTranslator({
        bundle: pirate,
        fallbackLocale: spanishPart,
        overrides: { 'dropZone.title': 'Drop it', view: { back: 'Go back' }, action: { upload: '{count, plural, one {Ship it} other {Ship # of them}}' } },
      });
      expect(translator.t('dropZone.title')).to.equal('Drop it');
      expect(translator.t('view.back')).to.equal('Go back');
      expect(translator.t('action.upload', { count: 1 })).to.equal('Ship it');
      expect(translator.t('action.upload', { count: 4 })).to.equal('Ship 4 of them');
      expect(translator.t('dropZone.browse')).to.equal('Buscar archivos');
    });

    it('ignores override keys that no message has and values that are not text', () => {
      const overrides = JSON.parse('{"dropZone": {"nope": "x", "title": 42}, "made.up": "y", "view.back": "Zurück"}');
      const translator = createTranslator({ overrides });
      expect(translator.t('dropZone.title')).to.equal(en.messages['dropZone.title']);
      expect(translator.t('view.back')).to.equal('Zurück');
    });
  });

  describe('shipped bundles', () => {
    it('set lang and dir from the bundle: Arabic and Hebrew are right to left', () => {
      for (const bundle of [ar, he]) {
        const translator = createTranslator({ locale: bundle });
        expect([translator.lang, translator.dir]).to.deep.equal([bundle.lang, 'rtl']);
      }
      expect(createTranslator({ locale: ja }).dir).to.equal('ltr');
    });

    it('use every plural form of their language', () => {
      const arabic = createTranslator({ locale: ar });
      const count = (value: number) => arabic.formatCount(value);
      expect(arabic.t('fileList.count', { count: 1 })).to.equal('تم تحديد ملف واحد');
      expect(arabic.t('fileList.count', { count: 2 })).to.equal('تم تحديد ملفين');
      expect(arabic.t('fileList.count', { count: 3 })).to.equal(`تم تحديد ${count(3)} ملفات`);
      expect(arabic.t('fileList.count', { count: 11 })).to.equal(`تم تحديد ${count(11)} ملفًا`);
      expect(arabic.t('fileList.count', { count: 100 })).to.equal(`تم تحديد ${count(100)} ملف`);

      const russian = createTranslator({ locale: ru });
      expect(russian.t('action.upload', { count: 21 })).to.equal('Загрузить 21 файл');
      expect(russian.t('action.upload', { count: 3 })).to.equal('Загрузить 3 файла');
      expect(russian.t('action.upload', { count: 12 })).to.equal('Загрузить 12 файлов');
    });

    it('take overrides over a shipped bundle', () => {
      const translator = createTranslator({ locale: ja, overrides: { action: { done: 'OK' } } });
      expect(translator.t('action.done')).to.equal('OK');
      expect(translator.t('view.back')).to.equal('戻る');
    });
  });

  describe('formatting', () => {
    it('chooses plural branches and selects', () => {
      const translator = createTranslator();
      expect(translator.t('action.upload', { count: 1 })).to.equal('Upload 1 file');
      expect(translator.t('action.upload', { count: 1200 })).to.equal('Upload 1,200 files');
      expect(translator.t('drive.item', { kind: 'folder', name: 'Taxes' })).to.equal('Folder Taxes');
      expect(translator.t('drive.item', { kind: 'file', name: 'a.pdf' })).to.equal('File a.pdf');
      expect(translator.t('rejection.LIMIT_EXCEEDED', { maxFiles: 1, name: 'b.png' })).to.equal('b.png was not added: only 1 file is allowed.');
    });

    it('inserts simple arguments as given', () => {
      const translator = createTranslator();
      expect(translator.t('aria.removeFile', { name: 'report.pdf' })).to.equal('Remove report.pdf');
      expect(translator.t('progress.file', { percent: '42%', uploadedSize: '1 MB', totalSize: '2 MB' })).to.equal('42% · 1 MB of 2 MB');
    });

    it('reports a missing argument and shows the raw message rather than throwing', () => {
      const errors: TranslationError[] = [];
      const translator = createTranslator({}, { onError: (error) => errors.push(error) });
      expect(translator.t('aria.removeFile')).to.equal('Remove {name}');
      expect(translator.t('action.upload')).to.equal(en.messages['action.upload']);
      expect(errors.map((error) => error.key)).to.deep.equal(['aria.removeFile', 'action.upload']);
    });

    it('falls back to English for an override that does not compile, and says so', () => {
      const errors: TranslationError[] = [];
      const translator = createTranslator({ overrides: { 'action.upload': '{count, plural, one {broken' } }, { onError: (error) => errors.push(error) });
      expect(translator.t('action.upload', { count: 2 })).to.equal('Upload 2 files');
      expect(errors).to.have.length(1);
      expect(errors[0]!.key).to.equal('action.upload');
    });

    it('returns the key for a key no bundle knows (callers without types)', () => {
      const translator = createTranslator();
      expect(translator.t('no.such' as never)).to.equal('no.such');
    });

    it('formats sizes, percentages, counts and lists in the resolved language', () => {
      const translator = createTranslator({ locale: 'de' });
      expect(translator.formatBytes(1_500_000)).to.equal('1,5 MB');
      expect(translator.formatPercent(0.425).replace(/\s/g, ' ')).to.equal('42 %');
      expect(translator.formatCount(1234567)).to.equal('1.234.567');
      expect(translator.formatList(['JPG', 'PNG', 'PDF'])).to.equal('JPG, PNG oder PDF');
    });
  });
});
