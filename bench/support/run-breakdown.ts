/**
 * Where the time of one benchmarked upload went, read back from Resource Timing: the handler
 * calls (this project's `/multipart/*` routes and Uppy's companion-style ones), the part PUTs to
 * storage, and the page's long tasks. Runs in the page; imports nothing.
 */

export interface RunBreakdown {
  /** From the upload call to the start of the init request: the uploader's own work before its first call. */
  initSentMs?: number;
  /** From the upload call to the end of the init answer (no init inside the floor's clock). */
  initMs?: number;
  /** From the upload call to the start of the first sign-part request. */
  firstSignSentMs?: number;
  /** From the upload call to the end of the first sign-part answer. */
  firstSignMs?: number;
  /** Sign-part requests made inside the clock. */
  signs: number;
  /** From the upload call to the start of the last of the first `slots` PUTs: every slot busy. */
  allSlotsBusyMs: number;
  /**
   * Idle time of a connection slot between one PUT's end and the next PUT's start: ends and starts
   * are paired in time order, each start with the oldest end not yet followed by one.
   */
  idleGapMedianMs: number;
  idleGapMaxMs: number;
  /** Sum of every idle gap, in slot-milliseconds. */
  idleGapTotalMs: number;
  /** Median PUT from its start to its answer's end (a CORS preflight included: storage is cross-origin). */
  putMedianMs: number;
  /** From the first PUT's start to the last PUT's end. */
  transferMs: number;
  /** From the last PUT's end to the end of the upload call (complete, and what follows it). */
  tailMs: number;
  /** The complete request alone, from its start to its answer's end. */
  completeMs?: number;
  /** Share of `slots` × (first PUT start to last PUT end) that PUTs were open. */
  slotUse: number;
  /** Long tasks (over 50 ms) on the page's main thread during the upload: count and total ms. */
  longTasks: number;
  longTaskMs: number;
  /** From the upload call to the start of the longest long task. */
  longestTaskAtMs?: number;
  /** Filled by the Node side through the delay proxies: TCP connections opened to storage and to the handler. */
  storageConnections?: number;
  handlerConnections?: number;
}

type Kind = 'init' | 'sign' | 'complete' | 'put' | 'other';

/** What a request was, from its URL alone (Resource Timing has no method). Lengths are ours. */
export function requestKind(url: string): Kind {
  const { pathname, search } = new URL(url, location.href);
  if (/[?&]partNumber=\d+/.test(search) && /[?&]uploadId=/.test(search)) return 'put';
  if (pathname.endsWith('/multipart/init') || pathname.endsWith('/s3/multipart')) return 'init';
  if (pathname.endsWith('/multipart/complete') || (pathname.includes('/s3/multipart/') && pathname.endsWith('/complete'))) return 'complete';
  if (pathname.endsWith('/multipart/sign-part') || /\/s3\/multipart\/[^/]+\/\d+$/.test(pathname)) return 'sign';
  return 'other';
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Idle gaps between PUTs on `slots` connection slots: each start takes the oldest free slot. */
function idleGaps(puts: PerformanceResourceTiming[], slots: number): number[] {
  const events = puts.flatMap((put) => [
    { at: put.startTime, start: true },
    { at: put.responseEnd, start: false },
  ]);
  // At one instant an end comes first: a PUT that starts as another ends reuses its slot.
  events.sort((a, b) => a.at - b.at || Number(a.start) - Number(b.start));
  const freeSince: number[] = [];
  let opened = 0;
  const gaps: number[] = [];
  for (const event of events) {
    if (!event.start) freeSince.push(event.at);
    else if (opened < slots) opened += 1;
    else if (freeSince.length > 0) gaps.push(event.at - freeSince.shift()!);
  }
  return gaps;
}

/** Collects long tasks from now on; `stop()` gives their count and total duration. */
export interface LongTasks {
  count: number;
  ms: number;
  longest?: PerformanceEntry;
}

/** Collects long tasks from now on; `stop()` gives their count, total duration and the longest. */
export function watchLongTasks(): { stop(): LongTasks } {
  const tasks: LongTasks = { count: 0, ms: 0 };
  const take = (entries: PerformanceEntryList): void => {
    for (const entry of entries) {
      tasks.count += 1;
      tasks.ms += entry.duration;
      if (!tasks.longest || entry.duration > tasks.longest.duration) tasks.longest = entry;
    }
  };
  const observer = new PerformanceObserver((list) => take(list.getEntries()));
  observer.observe({ type: 'longtask', buffered: false });
  return {
    stop() {
      take(observer.takeRecords());
      observer.disconnect();
      return tasks;
    },
  };
}

/** The breakdown of one run timed from `started` to `ended`, with up to `slots` PUTs at once. */
export function breakDownRun(entries: PerformanceResourceTiming[], started: number, ended: number, slots: number, longTasks: LongTasks): RunBreakdown {
  const ofKind = (kind: Kind): PerformanceResourceTiming[] => entries.filter((entry) => requestKind(entry.name) === kind);
  const puts = ofKind('put').sort((a, b) => a.startTime - b.startTime);
  const init = ofKind('init')[0];
  const signs = ofKind('sign').sort((a, b) => a.startTime - b.startTime);
  const complete = ofKind('complete')[0];
  const gaps = idleGaps(puts, slots);
  const firstStart = puts[0]?.startTime ?? started;
  const lastEnd = Math.max(...puts.map((put) => put.responseEnd));
  const busy = puts.reduce((sum, put) => sum + (put.responseEnd - put.startTime), 0);
  const breakdown: RunBreakdown = {
    signs: signs.length,
    allSlotsBusyMs: (puts[Math.min(slots, puts.length) - 1]?.startTime ?? started) - started,
    idleGapMedianMs: median(gaps),
    idleGapMaxMs: gaps.length > 0 ? Math.max(...gaps) : 0,
    idleGapTotalMs: gaps.reduce((sum, gap) => sum + gap, 0),
    putMedianMs: median(puts.map((put) => put.responseEnd - put.startTime)),
    transferMs: lastEnd - firstStart,
    tailMs: ended - lastEnd,
    slotUse: busy / (slots * (lastEnd - firstStart)),
    longTasks: longTasks.count,
    longTaskMs: longTasks.ms,
  };
  if (init) {
    breakdown.initSentMs = init.startTime - started;
    breakdown.initMs = init.responseEnd - started;
  }
  if (signs[0]) {
    breakdown.firstSignSentMs = signs[0].startTime - started;
    breakdown.firstSignMs = Math.min(...signs.map((sign) => sign.responseEnd)) - started;
  }
  if (longTasks.longest) breakdown.longestTaskAtMs = longTasks.longest.startTime - started;
  if (complete) breakdown.completeMs = complete.responseEnd - complete.startTime;
  return breakdown;
}
