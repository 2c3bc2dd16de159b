/**
 * Benchmark: what a part PUT costs Chromium depending on the body it is given. With
 * `checksumVerification` the digest worker reads each part to hash it, and the PUT then reads
 * the same slice again; sending the bytes the worker already read (as an ArrayBuffer, or
 * wrapped in a new Blob) would skip that read. This times all three over loopback, to a sink
 * that reads and drops the body (storage would only add the same cost to each), rounds
 * interleaved:
 *   node --import tsx bench/part-body.ts [fileMiB=128] [partMiB=8]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { BROWSER_ARGS, findBrowser } from '../scripts/lib/find-browser.mjs';
import type { PartBodyForm } from './part-body-page.js';
import { formatFigure as format, median } from './support/upload-bench.js';

const FILE_MIB = Number(process.argv[2] ?? 128);
const PART_MIB = Number(process.argv[3] ?? 8);
const ROUNDS = 5;
const FORMS: PartBodyForm[] = ['slice', 'buffer', 'blob-of-buffer'];

type Page = { makeFile(sizeMiB: number): number; sendParts(form: PartBodyForm, partMiB: number): Promise<{ ms: number }> };

const bundle = await build({
  entryPoints: [new URL('./part-body-page.ts', import.meta.url).pathname],
  bundle: true,
  format: 'esm',
  write: false,
  logLevel: 'silent',
});
const script = bundle.outputFiles[0]!.text;
const server = createServer((request, response) => {
  if (request.url === '/sink') {
    request.on('data', () => undefined).on('end', () => response.writeHead(200).end());
  } else if (request.url === '/bench.js') {
    response.writeHead(200, { 'content-type': 'application/javascript' }).end(script);
  } else {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><meta charset="utf-8"><script type="module" src="/bench.js"></script>');
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: BROWSER_ARGS });
try {
  const page = await browser.newPage();
  await page.goto(origin);
  await page.waitForFunction(() => 'sendParts' in window);
  await page.evaluate((mib) => (window as unknown as Page).makeFile(mib), FILE_MIB);
  // Warm-up: a fresh Chromium is slow on its first large uploads.
  for (const form of FORMS) await page.evaluate(([f, p]) => (window as unknown as Page).sendParts(f as PartBodyForm, p as number), [form, PART_MIB] as const);
  const times = new Map<PartBodyForm, number[]>(FORMS.map((form) => [form, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const form of FORMS)
      times
        .get(form)!
        .push((await page.evaluate(([f, p]) => (window as unknown as Page).sendParts(f as PartBodyForm, p as number), [form, PART_MIB] as const)).ms);
  }
  console.log(`part-body benchmark: ${FILE_MIB} MiB sent in ${PART_MIB} MiB parts, one at a time, to a loopback sink; ${ROUNDS} interleaved rounds`);
  for (const form of FORMS) {
    const values = times.get(form)!;
    console.log(
      `  ${form.padEnd(14)} ${values.map(format).join(', ')} ms (median ${format(median(values))}, ${format(FILE_MIB / (median(values) / 1000))} MiB/s)`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
