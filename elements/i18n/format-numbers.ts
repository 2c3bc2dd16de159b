/**
 * Sizes, percentages, counts and lists through `Intl`, with formatters cached per locale. Sizes
 * come from the engine's formatter, so the engine's own messages and the element read alike.
 */
import { numberFormat } from '../../engine/core/byte-format.js';

export { formatByteRate, formatBytes, type FormatBytesOptions } from '../../engine/core/byte-format.js';

/**
 * A fraction (0 to 1) as a whole percentage. Rounds down, so an upload reads 100 % only once every
 * byte is sent, never while the last ones are in flight.
 */
export function formatPercent(fraction: number, lang: string): string {
  const clamped = Math.min(1, Math.max(0, fraction));
  return numberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(Math.floor(clamped * 100) / 100);
}

/** A count with the locale's digits and grouping (`1,234`, `1.234`, `1 234`). */
export function formatCount(count: number, lang: string): string {
  return numberFormat(lang, { maximumFractionDigits: 0 }).format(count);
}

const listFormats = new Map<string, Intl.ListFormat>();

/** `JPG, PNG or PDF` (`disjunction`), `a, b and c` (`conjunction`), in the locale's own words. */
export function formatList(items: readonly string[], lang: string, type: Intl.ListFormatType = 'disjunction'): string {
  const cacheKey = `${lang}|${type}`;
  let format = listFormats.get(cacheKey);
  if (format === undefined) {
    format = new Intl.ListFormat(lang, { type, style: 'long' });
    listFormats.set(cacheKey, format);
  }
  return format.format(items);
}
