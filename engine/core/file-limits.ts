/** The size limits of the restriction props (`maxFileSize`, `minFileSize`, `maxTotalFileSize`). */

/**
 * Decimal size units, powers of 1000 as sizes are shown (`kB` and `KB` are both 1,000 bytes), as
 * macOS, iOS, Android and `Intl.NumberFormat` count them.
 */
type DecimalSizeUnit = 'B' | 'kB' | 'KB' | 'MB' | 'GB' | 'TB' | 'PB' | 'EB' | 'ZB' | 'YB';

/** Binary size units, powers of 1024 (IEC), for hosts who count limits that way. */
type BinarySizeUnit = 'KiB' | 'MiB' | 'GiB' | 'TiB' | 'PiB' | 'EiB' | 'ZiB' | 'YiB';

/** Size units accepted by `maxFileSize`, `minFileSize` and `maxTotalFileSize`. */
export type SizeUnit = DecimalSizeUnit | BinarySizeUnit;

/** A size limit as the uploader props express it, e.g. `{size: 20, unit: 'MB'}` (20,000,000 bytes). */
export interface FileSizeLimit {
  size: number;
  unit: SizeUnit;
}
