/**
 * Benchmark: what `checksumVerification` costs a multipart upload (Chromium → handler → storage):
 * throughput with it off, with the per-part Content-MD5 alone, and with the whole option (which
 * also computes the file's SHA-256 before the upload, timed alone too, with its reading and its
 * hashing each alone, and one part's digest), rounds interleaved; and the peak JS heap
 * during each, for two file sizes, to show the heap follows part size and concurrency, not file
 * size, the main thread's time in long tasks (over 50 ms) during each, and the CPU of every
 * browser process per GiB (what the digests cost the machine, wherever they run). Run with storage:
 *   node scripts/with-storage.mjs node --import tsx bench/checksum.ts [sizesMiB=128,256] [--uplink-mbps=N]
 * `--uplink-mbps` puts a proxy between the browser and storage whose uplink sends N Mbit/s, shared
 * by every connection (a real access link: the upload is bound by the link, not by loopback's
 * CPU, so what the hashing takes from the upload is what a user on such a link would see).
 * `--strict-csp` serves the page with a Content-Security-Policy that refuses workers and
 * WebAssembly: every digest then runs in plain JS on the page's thread.
 */
import { chromium } from 'playwright';
import { BROWSER_ARGS, findBrowser } from '../scripts/lib/find-browser.mjs';
import type { ChecksumMode } from './checksum-page.js';
import { browserCpuSeconds, cpuSpent, medianByType, totalCpu, type CpuByProcessType } from './support/browser-cpu.js';
import { startDelayProxy } from './support/delay-proxy.js';
import { formatFigure as format, median, openUploadBenchPage, requireStorage, serveUploadBenchPage } from './support/upload-bench.js';

const positional = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const SIZES_MIB = (positional[0] ?? '128,256').split(',').map(Number);
const STRICT_CSP = process.argv.includes('--strict-csp');
const UPLINK_MBPS = Number(process.argv.find((arg) => arg.startsWith('--uplink-mbps='))?.split('=')[1] ?? 0);
const CHUNK_MIB = 8;
const CONCURRENCY = 4;
const ROUNDS = 3;
const MODES: ChecksumMode[] = ['off', 'md5-only', 'full'];
const MIB = 1024 * 1024;

requireStorage('bench/checksum.ts');
const uplink = UPLINK_MBPS > 0 ? await startDelayProxy(process.env.S3_TEST_ENDPOINT!, 0, { uplinkBytesPerSecond: (UPLINK_MBPS * 1e6) / 8 }) : undefined;
const pageServer = await serveUploadBenchPage(
  new URL('./checksum-page.ts', import.meta.url),
  [new URL('../engine/processing/digest-worker.ts', import.meta.url)],
  uplink?.origin,
  STRICT_CSP ? "script-src 'self'; worker-src 'none'" : undefined,
);

type Page = {
  makeFile(size: number): number;
  runEngine(mode: ChecksumMode, c: number, m: number): Promise<{ ms: number; state: string; longTaskMs: number }>;
  timeShaPass(): Promise<number>;
  timePartDigest(chunkMiB: number): Promise<number>;
  timePassParts(): Promise<{ readMs: number; hashMs: number }>;
};

/**
 * `; browser CPU 1.23 s per GiB (renderer 0.40, ...)`: every browser process during the upload
 * (support/browser-cpu.ts; the digest worker runs in the renderer), medians; empty without `/proc`.
 */
function browserCpuText(samples: CpuByProcessType[], size: number): string {
  if (samples.length === 0) return '';
  const perGiB = (seconds: number) => (seconds / (size / (1024 * MIB))).toFixed(2);
  const types = medianByType(samples, median);
  return `; browser CPU ${perGiB(median(samples.map(totalCpu)))} s per GiB (${types.map(({ type, seconds }) => `${type} ${perGiB(seconds)}`).join(', ')})`;
}

const browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: BROWSER_ARGS });
try {
  const { page, heap } = await openUploadBenchPage(browser, pageServer);
  // Warm-up: a fresh Chromium is slow on its first large Blob uploads, and the hasher loads once.
  await page.evaluate(() => (window as unknown as Page).makeFile(32));
  for (const mode of MODES)
    await page.evaluate(([m, c, s]) => (window as unknown as Page).runEngine(m as ChecksumMode, c as number, s as number), [mode, CONCURRENCY, CHUNK_MIB]);

  const workerScripts = await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('digest-worker')).length);
  console.log(
    `checksum benchmark: ${CHUNK_MIB} MiB parts, ${CONCURRENCY} in flight, storage ${process.env.S3_TEST_KIND}${uplink ? ` behind a ${UPLINK_MBPS} Mbit/s uplink` : ' on loopback'}, ${ROUNDS} interleaved rounds; digests ${workerScripts > 0 ? 'in the digest worker' : 'on the main thread (no worker loaded)'}`,
  );
  for (const sizeMiB of SIZES_MIB) {
    const size = await page.evaluate((mib) => (window as unknown as Page).makeFile(mib), sizeMiB);
    const rates = new Map<ChecksumMode, number[]>(MODES.map((mode) => [mode, []]));
    const peaks = new Map<ChecksumMode, number>();
    const longTasks = new Map<ChecksumMode, number[]>(MODES.map((mode) => [mode, []]));
    const cpu = new Map<ChecksumMode, CpuByProcessType[]>(MODES.map((mode) => [mode, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const mode of MODES) {
        await heap.collectGarbage();
        const heapBefore = await heap.used();
        const cpuBefore = await browserCpuSeconds();
        const { result: run, peak } = await heap.peakDuring(
          () =>
            page.evaluate(([m, c, s]) => (window as unknown as Page).runEngine(m as ChecksumMode, c as number, s as number), [mode, CONCURRENCY, CHUNK_MIB]),
          heapBefore,
        );
        const cpuAfter = await browserCpuSeconds();
        if (run.state !== 'successful') throw new Error(`${mode} upload ended ${run.state}`);
        if (cpuBefore && cpuAfter) cpu.get(mode)!.push(cpuSpent(cpuBefore, cpuAfter));
        rates.get(mode)!.push(size / MIB / (run.ms / 1000));
        longTasks.get(mode)!.push(run.longTaskMs);
        peaks.set(mode, Math.max(peaks.get(mode) ?? 0, peak - heapBefore));
      }
    }
    const passes = [];
    for (let round = 0; round < ROUNDS; round += 1) passes.push(await page.evaluate(() => (window as unknown as Page).timeShaPass()));
    const reads = [];
    const hashes = [];
    // Its hashing alone uses hash-wasm, which a strict policy refuses.
    for (let round = 0; round < (STRICT_CSP ? 0 : ROUNDS); round += 1) {
      const { readMs, hashMs } = await page.evaluate(() => (window as unknown as Page).timePassParts());
      reads.push(readMs);
      hashes.push(hashMs);
    }
    const partDigests = [];
    for (let round = 0; round < ROUNDS; round += 1) partDigests.push(await page.evaluate((mib) => (window as unknown as Page).timePartDigest(mib), CHUNK_MIB));
    const offMedian = median(rates.get('off')!);
    console.log(`  ${sizeMiB} MiB:`);
    console.log(
      `    the SHA-256 pass alone ${passes.map(format).join(', ')} ms (median ${format(median(passes))}); the upload without verification ${format((size / MIB / offMedian) * 1000)} ms (median)`,
    );
    if (reads.length > 0)
      console.log(
        `    its parts alone, on the page's thread: reading ${reads.map(format).join(', ')} ms (median ${format(median(reads))}), SHA-256 of bytes in memory ${hashes.map(format).join(', ')} ms (median ${format(median(hashes))})`,
      );
    console.log(
      `    one part's read and MD5 (${CHUNK_MIB} MiB, digest worker) ${partDigests.map(format).join(', ')} ms (median ${format(median(partDigests))})`,
    );
    for (const mode of MODES) {
      const values = rates.get(mode)!;
      const ratio = mode === 'off' ? '' : `, ratio to off ${(median(values) / offMedian).toFixed(2)}`;
      console.log(
        `    ${mode.padEnd(8)} ${values.map(format).join(', ')} MiB/s (median ${format(median(values))}${ratio}); peak JS heap +${format(peaks.get(mode)! / MIB)} MiB; main-thread long tasks ${format(median(longTasks.get(mode)!))} ms (median)${browserCpuText(cpu.get(mode)!, size)}`,
      );
    }
  }
} finally {
  await browser.close();
  pageServer.close();
  await uplink?.close();
}
