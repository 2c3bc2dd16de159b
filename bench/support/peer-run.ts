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
  const entries = await settledResourceEntries();
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

/** How long a run's last Resource Timing entry may lag its response; the floor, which completes nothing, waits this long. */
const ENTRY_LAG_LIMIT_MS = 250;

/**
 * The run's Resource Timing entries, once the complete request's is among them: an entry is
 * added in a task after its response ends, so an uploader that resolves on the answer's body can
 * be read back before its own complete shows.
 */
async function settledResourceEntries(): Promise<PerformanceResourceTiming[]> {
  const read = () => performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  for (let waited = 0; waited < ENTRY_LAG_LIMIT_MS && !read().some((entry) => requestKind(entry.name) === 'complete'); waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return read();
}
