/** The size limits of the restriction props (`maxFileSize`, `minFileSize`, `maxTotalFileSize`). */
/** Size units accepted by `maxFileSize`, `minFileSize` and `maxTotalFileSize` (powers of 1024). */
export type SizeUnit = 'B' | 'KB' | 'MB' | 'GB' | 'TB' | 'PB' | 'EB' | 'ZB' | 'YB';

/** A size limit as the uploader props express it, e.g. `{size: 20, unit: 'MB'}`. */
export interface FileSizeLimit {
  size: number;
  unit: SizeUnit;
}
