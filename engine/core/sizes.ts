import { formatBytes, formatInUnit } from './byte-format.js';
import type { FileSizeLimit, SizeUnit } from './file-limits.js';

const UNIT_EXPONENTS: Record<SizeUnit, number> = {
  B: 0,
  KB: 1,
  MB: 2,
  GB: 3,
  TB: 4,
  PB: 5,
  EB: 6,
  ZB: 7,
  YB: 8,
};

/** Whether a string names a size unit (props may come from JSON attributes). */
function isSizeUnit(unit: unknown): unit is SizeUnit {
  return typeof unit === 'string' && Object.hasOwn(UNIT_EXPONENTS, unit);
}

/**
 * Bytes of a `{size, unit}` limit, with binary multiples (1 KB = 1024 B), as file managers and the
 * handler's 5 MiB part floor count them. Units beyond PB exceed 2^53 and lose integer precision,
 * which is harmless for a ceiling: no browser file comes near it.
 */
export function toBytes(limit: FileSizeLimit): number {
  if (!isSizeUnit(limit.unit)) throw new TypeError(`Unknown size unit: ${String(limit.unit)}`);
  if (typeof limit.size !== 'number' || !(limit.size >= 0)) {
    throw new TypeError(`Size must be a non-negative number, got ${String(limit.size)}`);
  }
  return limit.size * 1024 ** UNIT_EXPONENTS[limit.unit];
}

/**
 * A limit as the host wrote it (`{size: 50, unit: 'MB'}` reads "50 MB"), in the locale's digits,
 * whatever number of bytes `toBytes` counts for it. Throws for an invalid limit, as `toBytes` does.
 */
export function formatSizeLimit(limit: FileSizeLimit, lang: string): string {
  const bytes = toBytes(limit);
  return formatInUnit(limit.size, UNIT_EXPONENTS[limit.unit], lang) ?? formatBytes(bytes, lang);
}

/** `1.5 MB`-style label for the engine's English messages, in the same units the element shows. */
export function describeBytes(bytes: number): string {
  return formatBytes(bytes, 'en');
}
