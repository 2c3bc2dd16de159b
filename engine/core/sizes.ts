import { formatLimitBytes, formatInUnit } from './byte-format.js';
import type { FileSizeLimit, SizeUnit } from './file-limits.js';

interface UnitScale {
  base: 1000 | 1024;
  exponent: number;
}

/**
 * Decimal units count in powers of 1000, as every size the uploader shows does (a "50 MB" limit
 * refuses a file shown as 52 MB); the IEC units (`MiB`) count in powers of 1024.
 */
const UNIT_SCALES: Record<SizeUnit, UnitScale> = {
  B: { base: 1000, exponent: 0 },
  kB: { base: 1000, exponent: 1 },
  KB: { base: 1000, exponent: 1 },
  MB: { base: 1000, exponent: 2 },
  GB: { base: 1000, exponent: 3 },
  TB: { base: 1000, exponent: 4 },
  PB: { base: 1000, exponent: 5 },
  EB: { base: 1000, exponent: 6 },
  ZB: { base: 1000, exponent: 7 },
  YB: { base: 1000, exponent: 8 },
  KiB: { base: 1024, exponent: 1 },
  MiB: { base: 1024, exponent: 2 },
  GiB: { base: 1024, exponent: 3 },
  TiB: { base: 1024, exponent: 4 },
  PiB: { base: 1024, exponent: 5 },
  EiB: { base: 1024, exponent: 6 },
  ZiB: { base: 1024, exponent: 7 },
  YiB: { base: 1024, exponent: 8 },
};

/** Whether a string names a size unit (props may come from JSON attributes). */
function isSizeUnit(unit: unknown): unit is SizeUnit {
  return typeof unit === 'string' && Object.hasOwn(UNIT_SCALES, unit);
}

const UNITS_BY_LOWER_CASE = new Map(Object.keys(UNIT_SCALES).map((unit) => [unit.toLowerCase(), unit as SizeUnit]));

/** The unit a short form names, as written or in any letter case (`mb` → `MB`, `mib` → `MiB`). */
export function readSizeUnit(word: string): SizeUnit | undefined {
  return isSizeUnit(word) ? word : UNITS_BY_LOWER_CASE.get(word.toLowerCase());
}

/**
 * Bytes of a `{size, unit}` limit: decimal units in powers of 1000 (1 MB = 1,000,000 B), IEC units
 * in powers of 1024 (1 MiB = 1,048,576 B). Units beyond PB exceed 2^53 and lose integer precision,
 * which is harmless for a ceiling: no browser file comes near it.
 */
export function toBytes(limit: FileSizeLimit): number {
  if (!isSizeUnit(limit.unit)) throw new TypeError(`Unknown size unit: ${String(limit.unit)}`);
  if (typeof limit.size !== 'number' || !(limit.size >= 0)) {
    throw new TypeError(`Size must be a non-negative number, got ${String(limit.size)}`);
  }
  const { base, exponent } = UNIT_SCALES[limit.unit];
  return limit.size * base ** exponent;
}

/**
 * A limit in the units the files it is compared with are shown in. A decimal limit reads as the
 * host wrote it (`{size: 50, unit: 'MB'}` reads "50 MB"); a binary one reads in decimal units with
 * up to two decimals (`1 GiB` reads "1.07 GB", `50 MiB` "52.43 MB"), since a file row never shows
 * `MiB` and a limit that read "50 MiB" beside a file of "52 MB" would look broken. In the locale's
 * digits; throws for an invalid limit, as `toBytes` does.
 */
export function formatSizeLimit(limit: FileSizeLimit, lang: string): string {
  const bytes = toBytes(limit);
  const { base, exponent } = UNIT_SCALES[limit.unit];
  return (base === 1000 ? formatInUnit(limit.size, exponent, lang) : undefined) ?? formatLimitBytes(bytes, lang);
}

/** A limit in bytes for the engine's English messages, as `formatSizeLimit` shows one: `52.43 MB`. */
export function describeSizeLimit(bytes: number): string {
  return formatLimitBytes(bytes, 'en');
}
