/** Sizes, percentages, counts and lists through `Intl`, with formatters cached per locale. */

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const cacheKey = `${lang}|${JSON.stringify(options)}`;
  let format = numberFormats.get(cacheKey);
  if (format === undefined) {
    format = new Intl.NumberFormat(lang, options);
    numberFormats.set(cacheKey, format);
  }
  return format;
}

/** The largest byte unit `Intl.NumberFormat` sanctions is the petabyte. */
const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

export interface FormatBytesOptions {
  /**
   * 1024 (default) counts sizes as the engine's limits do (`{size: 1, unit: 'GB'}` is 1024³ bytes),
   * so a limit shows as the number the host configured; 1000 gives SI multiples.
   */
  base?: 1000 | 1024;
}

/**
 * `1.5 MB`, `1,5 Mo`, `1.5 م.ب`: the locale's own unit abbreviations. One decimal below ten units,
 * none above, as file managers show sizes.
 */
export function formatBytes(bytes: number, lang: string, { base = 1024 }: FormatBytesOptions = {}): string {
  let exponent = 0;
  let value = Math.max(0, bytes);
  while (value >= base && exponent < BYTE_UNITS.length - 1) {
    value /= base;
    exponent += 1;
  }
  return numberFormat(lang, {
    style: 'unit',
    unit: BYTE_UNITS[exponent],
    // Short forms of the byte itself are poor ("11 byte" in English and Japanese); the long ones read well.
    unitDisplay: exponent === 0 ? 'long' : 'short',
    maximumFractionDigits: exponent === 0 || value >= 10 ? 0 : 1,
  }).format(value);
}

/**
 * An upload rate in the locale's own units: `2.4 MB/s`, `2,4 МБ/c`, `2.4 MB/秒`. Powers of 1024 as
 * for sizes, one decimal below ten units.
 */
export function formatByteRate(bytesPerSecond: number, lang: string): string {
  let exponent = 0;
  let value = Math.max(0, bytesPerSecond);
  while (value >= 1024 && exponent < BYTE_UNITS.length - 1) {
    value /= 1024;
    exponent += 1;
  }
  return numberFormat(lang, {
    style: 'unit',
    unit: `${BYTE_UNITS[exponent]}-per-second`,
    unitDisplay: 'short',
    maximumFractionDigits: exponent === 0 || value >= 10 ? 0 : 1,
  }).format(value);
}

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
