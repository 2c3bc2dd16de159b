/**
 * CPU time of every process of a launched browser, read from Linux's `/proc`, by Chromium process
 * type (`browser`, `renderer`, `gpu-process`, `network`, other utilities by sub-type). The page's
 * main-thread time (CDP `TaskDuration`) leaves out what an uploader costs elsewhere: compositor
 * and raster frames, workers, the network service sending the bodies, the browser process reading
 * blobs. On a 2-core machine all of it competes with storage for the same cores.
 */
import { readdir, readFile } from 'node:fs/promises';

/** Linux reports `utime` and `stime` in clock ticks of `USER_HZ`, 100 on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

export type CpuByProcessType = Map<string, number>;

interface ProcessEntry {
  pid: number;
  parent: number;
  cpuSeconds: number;
}

/** `/proc/<pid>/stat`: the name in brackets may hold spaces and brackets, so fields are read after the last `)`. */
function parseStat(pid: number, text: string): ProcessEntry | undefined {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const parent = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(parent) && Number.isFinite(ticks) ? { pid, parent, cpuSeconds: ticks / TICKS_PER_SECOND } : undefined;
}

/** Chromium's child processes rewrite their command line as one space-separated title, so both separators count. */
function commandArgs(commandLine: string): string[] {
  return commandLine.split(/[\0 ]/);
}

function processType(commandLine: string): string {
  const args = commandArgs(commandLine);
  const value = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const type = value('type');
  if (type === undefined) return 'browser';
  if (type !== 'utility') return type;
  const subType = value('utility-sub-type') ?? 'utility';
  return subType === 'network.mojom.NetworkService' ? 'network' : subType;
}

async function readProcess(pid: number): Promise<ProcessEntry | undefined> {
  try {
    return parseStat(pid, await readFile(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined; // gone between the listing and the read
  }
}

/**
 * CPU seconds so far of the browsers this process launched through Playwright (every process
 * under them), summed by process type; undefined where there is no `/proc` or no such browser (the
 * figure is then left out, not guessed).
 */
export async function browserCpuSeconds(): Promise<CpuByProcessType | undefined> {
  let names: string[];
  try {
    names = await readdir('/proc');
  } catch {
    return undefined;
  }
  const entries = (await Promise.all(names.filter((name) => /^\d+$/.test(name)).map((name) => readProcess(Number(name))))).filter(
    (entry): entry is ProcessEntry => entry !== undefined,
  );
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of entries) {
    const siblings = children.get(entry.parent);
    if (siblings) siblings.push(entry);
    else children.set(entry.parent, [entry]);
  }
  const byType: CpuByProcessType = new Map();
  const pending: Array<{ entry: ProcessEntry; underBrowser: boolean }> = (children.get(process.pid) ?? []).map((entry) => ({ entry, underBrowser: false }));
  while (pending.length > 0) {
    const { entry, underBrowser } = pending.pop()!;
    const commandLine = await readFile(`/proc/${entry.pid}/cmdline`, 'utf8').catch(() => '');
    // Playwright drives the browsers it launches over a pipe; other children of this process (a
    // bundler's service) are not a browser's. Matched by flag: the launched path may be a wrapper script.
    if (!underBrowser && !commandArgs(commandLine).includes('--remote-debugging-pipe')) continue;
    pending.push(...(children.get(entry.pid) ?? []).map((child) => ({ entry: child, underBrowser: true })));
    const type = processType(commandLine);
    byType.set(type, (byType.get(type) ?? 0) + entry.cpuSeconds);
  }
  return byType.size > 0 ? byType : undefined;
}

/** What each process type spent between two readings. */
export function cpuSpent(before: CpuByProcessType, after: CpuByProcessType): CpuByProcessType {
  const spent: CpuByProcessType = new Map();
  for (const [type, seconds] of after) spent.set(type, seconds - (before.get(type) ?? 0));
  return spent;
}

export function totalCpu(byType: CpuByProcessType): number {
  let total = 0;
  for (const seconds of byType.values()) total += seconds;
  return total;
}

/**
 * Each process type's median over `samples`, the busiest first; types under 5 ms left out. The
 * caller's `median`, so each benchmark's figures agree with its other medians (they differ on an
 * even count of rounds).
 */
export function medianByType(samples: CpuByProcessType[], median: (values: number[]) => number): Array<{ type: string; seconds: number }> {
  return [...new Set(samples.flatMap((sample) => [...sample.keys()]))]
    .map((type) => ({ type, seconds: median(samples.map((sample) => sample.get(type) ?? 0)) }))
    .filter(({ seconds }) => seconds >= 0.005)
    .sort((a, b) => b.seconds - a.seconds);
}
