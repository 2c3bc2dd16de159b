/**
 * The refusal notice in a bounded size, however many files were refused: every refusal over
 * `maxFiles` becomes one line ("9,990 files were not added: at most 10 can be added"), and past
 * `MAX_REFUSAL_ROWS` lines the rest is counted ("and 25 more"). A line per refused file made
 * refusing 10,000 files draw 10,000 lines, 430,000 px tall.
 */
import type { FileRejection } from '../../../engine/core/types.js';

/** Lines of the notice, at most; a screenful in the smallest uploader. */
const MAX_REFUSAL_ROWS = 5;

export type RefusalRow = { kind: 'file'; rejection: FileRejection } | { kind: 'over-limit'; count: number; maxFiles: number | undefined };

export interface RefusalSummary {
  rows: RefusalRow[];
  /** Refused files that no shown line stands for. */
  hiddenFiles: number;
}

/** Lines for `rejections` in the order they were refused; one pass, whatever the count. */
export function summarizeRefusals(rejections: readonly FileRejection[], maxRows = MAX_REFUSAL_ROWS): RefusalSummary {
  let overLimit = 0;
  for (const rejection of rejections) if (rejection.reason === 'LIMIT_EXCEEDED') overLimit += 1;
  const rows: RefusalRow[] = [];
  let hiddenFiles = 0;
  let overLimitPlaced = false;
  for (const rejection of rejections) {
    const grouped = overLimit > 1 && rejection.reason === 'LIMIT_EXCEEDED';
    if (grouped && overLimitPlaced) continue;
    const row: RefusalRow = grouped
      ? { kind: 'over-limit', count: overLimit, maxFiles: typeof rejection.limit === 'number' ? rejection.limit : undefined }
      : { kind: 'file', rejection };
    overLimitPlaced ||= grouped;
    if (rows.length < maxRows) rows.push(row);
    else hiddenFiles += row.kind === 'over-limit' ? row.count : 1;
  }
  return { rows, hiddenFiles };
}
