/**
 * The one size format of the project: decimal units with decimal values (1 kB is 1,000 bytes, as
 * macOS, iOS and Android count and as `Intl.NumberFormat` names them), in the locale's own digits
 * and abbreviations. The element's rows, summary, limits and announcements, the engine's rejection
 * messages and the demo's bucket list all use it, so one file reads the same everywhere.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();

/** One `Intl.NumberFormat` per locale and options: building one costs far more than formatting. */
export function numberFormat(lang: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
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
   * 1000 (default): decimal values for the decimal units `Intl` writes (`kB`, `MB`), as macOS, iOS
   * and Android show sizes, so the element, its events and a page's own list agree. 1024 divides
   * by powers of 1024 under the same unit names; nothing in the element uses it.
   */
  base?: 1000 | 1024;
}

interface ScaledBytes {
  exponent: number;
  value: number;
  fractionDigits: number;
}

/**
 * The unit a byte count reads best in: one decimal below ten units, none above, as file managers
 * show sizes. A value that would round up to a whole next unit (999,999 bytes) takes that unit
 * (`1 MB`, not `1,000 kB`).
 */
function scaleBytes(bytes: number, base: number): ScaledBytes {
  let exponent = 0;
  let value = Math.max(0, bytes);
  for (;;) {
    const fractionDigits = exponent === 0 || value >= 10 ? 0 : 1;
    const rounded = Number(value.toFixed(fractionDigits));
    if (rounded < base || exponent === BYTE_UNITS.length - 1) return { exponent, value, fractionDigits };
    value /= base;
    exponent += 1;
  }
}

/**
 * `1.5 MB`, `1,5 Mo`, `1.5 م.ب`: the locale's own unit abbreviations, decimal (1 MB is 1,000,000
 * bytes, as macOS, iOS and Android count).
 */
export function formatBytes(bytes: number, lang: string, { base = 1000 }: FormatBytesOptions = {}): string {
  const { exponent, value, fractionDigits } = scaleBytes(bytes, base);
  return formatUnit(value, exponent, lang, fractionDigits);
}

/**
 * A size limit's exact bytes in the decimal unit they read best in, with up to two decimals
 * (`52.43 MB` for 50 MiB): a limit is compared with, not glanced at, so it keeps the digits a
 * file's `52 MB` rounds away.
 */
export function formatLimitBytes(bytes: number, lang: string): string {
  const { exponent, value } = scaleBytes(bytes, 1000);
  return formatUnit(value, exponent, lang, 2);
}

/**
 * `value` in the byte unit of `exponent` (0 bytes, 1 kilobytes ...), or undefined beyond the
 * petabyte, which `Intl` cannot name.
 */
export function formatInUnit(value: number, exponent: number, lang: string, maximumFractionDigits = 2): string | undefined {
  return exponent < BYTE_UNITS.length ? formatUnit(value, exponent, lang, maximumFractionDigits) : undefined;
}

function formatUnit(value: number, exponent: number, lang: string, maximumFractionDigits: number): string {
  return numberFormat(lang, {
    style: 'unit',
    unit: BYTE_UNITS[exponent],
    // Short forms of the byte itself are poor ("11 byte" in English and Japanese); the long ones read well.
    unitDisplay: exponent === 0 ? 'long' : 'short',
    maximumFractionDigits,
  }).format(value);
}

/** An upload rate in the locale's own units, decimal as sizes are: `2.4 MB/s`, `2,4 МБ/c`, `2.4 MB/秒`. */
export function formatByteRate(bytesPerSecond: number, lang: string): string {
  const { exponent, value, fractionDigits } = scaleBytes(bytesPerSecond, 1000);
  return numberFormat(lang, {
    style: 'unit',
    unit: `${BYTE_UNITS[exponent]}-per-second`,
    unitDisplay: 'short',
    maximumFractionDigits: fractionDigits,
  }).format(value);
}
