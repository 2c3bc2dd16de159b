import { expect } from '@open-wc/testing';
import { canonicalizeLang, detectDirection } from '../../../elements/i18n/index.js';

describe('detectDirection', () => {
  it('is rtl for languages written in right-to-left scripts', () => {
    for (const lang of ['ar', 'ar-EG', 'he', 'he-IL', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb', 'ug']) {
      expect(detectDirection(lang), lang).to.equal('rtl');
    }
  });

  it('follows an explicit script subtag over the language', () => {
    expect(detectDirection('ku-Arab')).to.equal('rtl');
    expect(detectDirection('az-Arab')).to.equal('rtl');
    expect(detectDirection('pa-Arab')).to.equal('rtl');
    expect(detectDirection('uz-Latn')).to.equal('ltr');
  });

  it('is ltr for left-to-right languages and for strings that are not tags', () => {
    for (const lang of ['en', 'ja', 'zh-Hant-TW', 'hi', 'ru', 'tr', 'ko']) expect(detectDirection(lang), lang).to.equal('ltr');
    expect(detectDirection('not a tag')).to.equal('ltr');
    expect(detectDirection('')).to.equal('ltr');
  });
});

describe('canonicalizeLang', () => {
  it('returns the canonical tag, or undefined for anything else', () => {
    expect(canonicalizeLang('pt-br')).to.equal('pt-BR');
    expect(canonicalizeLang('ZH-hant-tw')).to.equal('zh-Hant-TW');
    expect(canonicalizeLang(' en ')).to.equal('en');
    expect(canonicalizeLang('en_US')).to.equal(undefined);
    expect(canonicalizeLang(42)).to.equal(undefined);
  });
});
