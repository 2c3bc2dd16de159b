/**
 * Memory of a drive transfer: a 256 MiB file served by the fake Google Drive streams into the
 * test bucket, first through the handler (5 MiB parts, the production path), then straight through
 * the streaming writer with larger parts. Prints peak RSS / heap / array-buffer growth per run and
 * its ratio to the part size: bounded memory means the growth follows the part size, not the file.
 *
 *   node scripts/with-storage.mjs node --expose-gc --import tsx bench/drive-transfer.ts [sizeMiB]
 */
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { streamToBucket, TRANSFER_PART_SIZE } from '../server/drives/transfer/stream-to-bucket.js';
import { contentStream, startFakeDrives } from '../test/support/fake-drives/index.js';
import { connectDrive, createDriveHandler } from '../test/server/drives/support/drive-harness.js';
import { getTestStorage } from '../test/support/storage.js';

const MIB = 1024 * 1024;
const fileSize = Number(process.argv[2] ?? 256) * MIB;

interface Peak {
  rss: number;
  heapUsed: number;
  arrayBuffers: number;
}

function sample(): Peak {
  const usage = process.memoryUsage();
  return { rss: usage.rss, heapUsed: usage.heapUsed, arrayBuffers: usage.arrayBuffers };
}

/** Runs `work` while sampling memory every 10 ms; returns growth over the settled baseline. */
async function measure(work: () => Promise<void>): Promise<{ growth: Peak; seconds: number }> {
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const baseline = sample();
  const peak = { ...baseline };
  const timer = setInterval(() => {
    const now = sample();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
  }, 10);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return {
    seconds: (performance.now() - started) / 1000,
    growth: { rss: peak.rss - baseline.rss, heapUsed: peak.heapUsed - baseline.heapUsed, arrayBuffers: peak.arrayBuffers - baseline.arrayBuffers },
  };
}

function toMiB(bytes: number): string {
  return (bytes / MIB).toFixed(1).padStart(7);
}

function report(label: string, partSize: number, result: { growth: Peak; seconds: number }): void {
  const { growth, seconds } = result;
  console.log(
    `${label.padEnd(30)} part ${toMiB(partSize)} MiB | peak growth: rss ${toMiB(growth.rss)} MiB, heap ${toMiB(growth.heapUsed)} MiB, ` +
      `buffers ${toMiB(growth.arrayBuffers)} MiB | rss/part ${(growth.rss / partSize).toFixed(1).padStart(5)} | ` +
      `rss/file ${(growth.rss / fileSize).toFixed(3)} | ${(fileSize / MIB / seconds).toFixed(0)} MiB/s`,
  );
}

const storage = await getTestStorage();
const fakes = await startFakeDrives();
const google = fakes.byId.googleDrive;
const item = google.tree.addFile('bench.bin', { size: fileSize, seed: 2024 }, { mimeType: 'application/octet-stream' });
console.log(
  `drive transfer of ${fileSize / MIB} MiB from the fake Google Drive to ${storage.kind} (${process.version}, gc ${globalThis.gc ? 'exposed' : 'not exposed'})`,
);

try {
  const drive = await createDriveHandler(fakes);
  await connectDrive(drive, google, 'bench-user');
  let key = '';
  const viaHandler = await measure(async () => {
    const response = await drive.post('/files/google-drive/transfer', { fileId: item.id }, 'bench-user');
    if (response.status !== 200 || response.body.size !== fileSize) throw new Error(`transfer failed: ${response.status} ${response.text}`);
    key = response.body.key;
  });
  report('handler (production path)', TRANSFER_PART_SIZE, viaHandler);
  await storage.client.send(new DeleteObjectCommand({ Bucket: storage.bucket, Key: key }));

  for (const partSize of [5 * MIB, 16 * MIB, 32 * MIB]) {
    const benchKey = `bench/drive-transfer-${partSize}`;
    const result = await measure(async () => {
      const stored = await streamToBucket(
        contentStream({ size: fileSize, seed: 2024 }),
        { client: storage.client, bucket: storage.bucket, key: benchKey, contentType: 'application/octet-stream' },
        { expectedSize: fileSize, maxBytes: undefined, partSize },
      );
      if (stored.size !== fileSize) throw new Error(`stored ${stored.size} bytes`);
    });
    report('streaming writer, in process', partSize, result);
    await storage.client.send(new DeleteObjectCommand({ Bucket: storage.bucket, Key: benchKey }));
  }
} finally {
  await fakes.close();
}
