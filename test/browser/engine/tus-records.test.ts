import { expect } from '@open-wc/testing';
import { UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { nextEvent, randomFile, sha256Of } from './helpers.js';

const MIB = 1024 * 1024;
const TUS_PREFIX = 'svc-uploader:tus:';
const ENDPOINT = '/test-fixtures/tus';

const options: EngineOptions = { resumable: { protocol: 'tus', endpoint: ENDPOINT, chunkSizeBytes: 256 * 1024, retryDelays: [] } };

interface StoredTusUpload {
  scope: string;
  uploadUrl: string | null;
  parallelUploadUrls: string[] | null;
  size: number | null;
  creationTime: string;
  expiresAt: number;
}

/** Leaves a real record for `file` (an upload paused half way) and returns its key and value. */
async function rememberedUpload(file: File): Promise<{ key: string; stored: StoredTusUpload }> {
  const engine = new UploadEngine(options);
  await engine.addFiles([file]);
  void engine.start();
  await nextEvent(engine, 'file-upload-progress', ({ bytesUploaded }) => bytesUploaded >= 512 * 1024);
  engine.pause();
  engine.destroy();
  const [key] = Object.keys(localStorage).filter((name) => name.startsWith(TUS_PREFIX));
  return { key: key!, stored: JSON.parse(localStorage.getItem(key!)!) as StoredTusUpload };
}

/** Records a script of the origin could have written over a real one, made from the real one. */
const hostileRecords: Array<[string, (stored: StoredTusUpload) => unknown]> = [
  ['an upload URL on another origin', (stored) => ({ ...stored, uploadUrl: `https://127.0.0.1:1${ENDPOINT}/${stored.uploadUrl!.split('/').pop()!}` })],
  ['an upload URL off the endpoint', (stored) => ({ ...stored, uploadUrl: `${location.origin}/api/upload/${stored.uploadUrl!.split('/').pop()!}` })],
  ['a URL that is not a string', (stored) => ({ ...stored, uploadUrl: { href: stored.uploadUrl } })],
  ['a megabyte of URL', (stored) => ({ ...stored, uploadUrl: `${stored.uploadUrl}?${'a'.repeat(MIB)}` })],
  ['parallel URLs that are not a list', (stored) => ({ ...stored, uploadUrl: null, parallelUploadUrls: { length: 1e9 } })],
  ['a negative size', (stored) => ({ ...stored, size: -1 })],
  ['a size of the wrong type', (stored) => ({ ...stored, size: '2097152' })],
  ['a creation time that is not a date', (stored) => ({ ...stored, creationTime: { toString: 'x' } })],
  ['an expiry beyond the resume window', (stored) => ({ ...stored, creationTime: new Date().toString(), expiresAt: Date.now() + 1000 * 86_400_000 })],
];

describe('Remembered tus uploads read back from storage', () => {
  afterEach(() => localStorage.clear());

  for (const [what, plant] of hostileRecords) {
    it(`drops a record with ${what}, and uploads the file afresh at the endpoint`, async () => {
      const file = randomFile('planted.bin', 2 * MIB);
      const { key, stored } = await rememberedUpload(file);
      const planted = plant(stored) as { uploadUrl?: unknown };
      localStorage.setItem(key, JSON.stringify(planted));
      performance.clearResourceTimings();
      const engine = new UploadEngine(options);
      await engine.addFiles([file]);
      const summary = await engine.start();
      const [uploaded] = engine.files;
      expect(summary.successful, uploaded?.error?.message).to.equal(1);
      const url = new URL(uploaded!.result!.url!);
      expect(url.origin).to.equal(location.origin);
      expect(url.pathname.startsWith(`${ENDPOINT}/`)).to.equal(true);
      expect(url.href).not.to.equal(stored.uploadUrl);
      expect(await sha256Of(await (await fetch(url)).blob())).to.equal(await sha256Of(file));
      // Not a byte, not even a HEAD, went to a planted URL.
      const requested = performance.getEntriesByType('resource').map((entry) => entry.name);
      if (typeof planted.uploadUrl === 'string' && planted.uploadUrl !== stored.uploadUrl) expect(requested).not.to.include(planted.uploadUrl);
      // The planted record is gone, not offered again.
      expect(localStorage.getItem(key)).to.equal(null);
      engine.destroy();
    });
  }

  it('still resumes a record within the rules', async () => {
    const file = randomFile('kept.bin', 2 * MIB);
    const { stored } = await rememberedUpload(file);
    const engine = new UploadEngine(options);
    await engine.addFiles([file]);
    expect((await engine.start()).successful).to.equal(1);
    expect(engine.files[0]!.result!.url).to.equal(stored.uploadUrl);
    engine.destroy();
  });
});
