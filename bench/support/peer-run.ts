/**
 * Browser side of the peer benchmark, shared by every uploader's page module: the test file, and
 * what one timed upload looked like on the wire (Resource Timing of the part PUTs to storage).
 */

import { maxOverlap } from '../../test/support/overlap.js';
import { breakDownRun, requestKind, watchLongTasks, type RunBreakdown } from './run-breakdown.js';

export interface RunFigures {
  ms: number;
  /** Most part PUTs open at the same moment. */
  maxInFlight: number;
  /** From the start of the upload call to the start of the first part PUT; NaN when the file went in one PUT (no part to time). */
  firstByteMs: number;
  parts: number;
  /** Element runs only: DOM mutation batches per second while uploading (renders). */
  rendersPerSecond?: number;
  breakdown: RunBreakdown;
}

/** The file under test: one on disk, chosen through the page's file input (as a user would). */
export function benchFile(): File {
  const file = (document.getElementById('bench-file') as HTMLInputElement | null)?.files?.[0];
  if (!file) throw new Error('No file chosen in #bench-file');
  return file;
}

/** Times `upload` and reads its requests back from Resource Timing. */
export async function measureRun(upload: () => Promise<void>): Promise<RunFigures> {
  performance.setResourceTimingBufferSize(100_000);
  performance.clearResourceTimings();
  const longTasks = watchLongTasks();
  const started = performance.now();
  await upload();
  const ended = performance.now();
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const puts = entries.filter((entry) => requestKind(entry.name) === 'put').map((entry) => ({ start: entry.startTime, end: entry.responseEnd }));
  const firstStart = puts.length > 0 ? Math.min(...puts.map((put) => put.start)) : Number.NaN;
  const maxInFlight = maxOverlap(puts);
  return {
    ms: ended - started,
    maxInFlight,
    firstByteMs: firstStart - started,
    parts: puts.length,
    breakdown: breakDownRun(entries, started, ended, maxInFlight, longTasks.stop()),
  };
}
