import { expect } from '@open-wc/testing';
import { formatBytes, formatCount, formatList, formatPercent } from '../../../elements/i18n/index.js';
import { formatByteRate } from '../../../elements/i18n/format-numbers.js';

/** Intl separates numbers and units with no-break spaces that vary by locale; compare them as spaces. */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const MiB = 1024 * 1024;

describe('Intl formatting', () => {
  describe('formatBytes', () => {
    it('writes decimal units with decimal values, one decimal below ten units', () => {
      expect(formatBytes(0, 'en')).to.equal('0 bytes');
      expect(formatBytes(1, 'en')).to.equal('1 byte');
      expect(formatBytes(11, 'ja')).to.equal('11 バイト');
      expect(formatBytes(999, 'en')).to.equal('999 bytes');
      expect(formatBytes(1000, 'en')).to.equal('1 kB');
      expect(formatBytes(1536, 'en')).to.equal('1.5 kB');
      expect(formatBytes(300_000, 'en')).to.equal('300 kB');
      expect(formatBytes(1_500_000, 'en')).to.equal('1.5 MB');
      expect(formatBytes(1.5 * MiB, 'en')).to.equal('1.6 MB');
      expect(formatBytes(12 * MiB, 'en')).to.equal('13 MB');
      expect(formatBytes(42_400_000, 'en')).to.equal('42 MB');
      expect(formatBytes(1e12, 'en')).to.equal('1 TB');
    });

    it('moves to the next unit when the value would round up to a thousand', () => {
      expect(formatBytes(999_999, 'en')).to.equal('1 MB');
      expect(formatBytes(999_499, 'en')).to.equal('999 kB');
    });

    it('can still divide by 1024 when asked', () => {
      expect(formatBytes(1.5 * MiB, 'en', { base: 1024 })).to.equal('1.5 MB');
    });

    it('stops at petabytes, the largest unit Intl has', () => {
      expect(formatBytes(2048e15, 'en')).to.equal('2,048 PB');
    });

    it("uses each locale's decimal separator and unit abbreviation", () => {
      expect(spaces(formatBytes(1_500_000, 'de'))).to.equal('1,5 MB');
      expect(spaces(formatBytes(1_500_000, 'fr'))).to.equal('1,5 Mo');
      expect(spaces(formatBytes(1_500_000, 'ru'))).to.equal('1,5 МБ');
      expect(spaces(formatBytes(1_500_000, 'ja'))).to.equal('1.5 MB');
      expect(formatBytes(1_500_000, 'ar')).to.equal(new Intl.NumberFormat('ar', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(1.5));
      expect(formatBytes(1_500_000, 'ar')).not.to.include('MB');
    });
  });

  describe('formatByteRate', () => {
    it('counts rates in the same decimal units', () => {
      expect(formatByteRate(2_400_000, 'en')).to.equal('2.4 MB/s');
      expect(formatByteRate(2.4 * MiB, 'en')).to.equal('2.5 MB/s');
      expect(formatByteRate(999_999, 'en')).to.equal('1 MB/s');
    });
  });

  describe('formatPercent', () => {
    it('rounds down so that 100 % means every byte is sent', () => {
      expect(formatPercent(0.999, 'en')).to.equal('99%');
      expect(formatPercent(1, 'en')).to.equal('100%');
      expect(formatPercent(0.426, 'en')).to.equal('42%');
    });

    it('clamps values outside 0…1', () => {
      expect(formatPercent(-0.2, 'en')).to.equal('0%');
      expect(formatPercent(1.7, 'en')).to.equal('100%');
    });

    it('places the sign where each locale does', () => {
      expect(spaces(formatPercent(0.42, 'fr'))).to.equal('42 %');
      expect(spaces(formatPercent(0.42, 'de'))).to.equal('42 %');
      expect(formatPercent(0.42, 'tr')).to.equal('%42');
    });
  });

  describe('formatCount', () => {
    it('groups digits the way each locale does', () => {
      expect(formatCount(1234567, 'en')).to.equal('1,234,567');
      expect(formatCount(1234567, 'de')).to.equal('1.234.567');
      expect(spaces(formatCount(1234567, 'fr'))).to.equal('1 234 567');
      expect(formatCount(1234567, 'hi')).to.equal('12,34,567');
    });
  });

  describe('formatList', () => {
    it("joins alternatives with the locale's own word", () => {
      expect(formatList(['JPG', 'PNG', 'PDF'], 'en')).to.equal('JPG, PNG, or PDF');
      expect(formatList(['JPG', 'PNG', 'PDF'], 'es')).to.equal('JPG, PNG o PDF');
      expect(formatList(['JPG', 'PNG'], 'ja')).to.equal('JPGまたはPNG');
    });
  });
});
