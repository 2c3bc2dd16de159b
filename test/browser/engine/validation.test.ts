import { expect } from '@open-wc/testing';
import { ConfigurationError, FILE_TYPE_PRESETS, UploadEngine, toBytes } from '../../../engine/index.js';
import type { FileRejection, SizeUnit } from '../../../engine/index.js';
import { randomFile, recordEvents, sha256Of, textFile } from './helpers.js';

const PRESET_NAMES = [
  'images',
  'video',
  'audio',
  'documents',
  'spreadsheets',
  'presentations',
  'archives',
  'code',
  'fonts',
  '3d',
  'design',
  'ebooks',
  'photography',
  'animation',
  'ar',
  'vector',
  'cad',
  'gis',
  'data',
  'markup',
  'subtitles',
  'email',
  'calendar',
  'contacts',
  'disk',
  'ml',
  'database',
  'certificates',
  'firmware',
  'executable',
  'config',
  'financial',
  'scientific',
  'medical',
];

function reasons(rejected: FileRejection[]): string[] {
  return rejected.map((rejection) => rejection.reason);
}

describe('UploadEngine validation', () => {
  describe('maxFiles', () => {
    it('rejects files beyond the limit with LIMIT_EXCEEDED and keeps the first ones', async () => {
      const engine = new UploadEngine({ maxFiles: 2 });
      const result = await engine.addFiles([textFile('a.txt', 'a'), textFile('b.txt', 'b'), textFile('c.txt', 'c')]);
      expect(result.added.map((file) => file.name)).to.deep.equal(['a.txt', 'b.txt']);
      expect(reasons(result.rejected)).to.deep.equal(['LIMIT_EXCEEDED']);
      expect(result.rejected[0]!.limit).to.equal(2);
      const later = await engine.addFiles([textFile('d.txt', 'd')]);
      expect(reasons(later.rejected)).to.deep.equal(['LIMIT_EXCEEDED']);
      expect(engine.files).to.have.length(2);
    });

    it('hands the main thread back while it takes a large batch, keeping the order of its events', async () => {
      const engine = new UploadEngine({ maxFiles: 10 });
      const order: string[] = [];
      engine.on('file-add', ({ file }) => order.push(file.name));
      engine.on('file-reject', ({ file }) => order.push(file.name));
      let settled = false;
      let timerRanWhileTaking = false;
      setTimeout(() => {
        timerRanWhileTaking = !settled;
      });
      const files = Array.from({ length: 3_000 }, (_, index) => textFile(`f-${String(index).padStart(4, '0')}.txt`, 'x'));
      const result = await engine.addFiles(files);
      settled = true;
      expect(timerRanWhileTaking).to.equal(true);
      expect(result.added).to.have.length(10);
      expect(result.rejected).to.have.length(2_990);
      expect(order).to.deep.equal(files.map((file) => file.name));
    });

    it('clamps values below 1 to 1, and mini forces 1', async () => {
      for (const options of [{ maxFiles: 0 }, { maxFiles: -5 }, { maxFiles: 4, mini: true }]) {
        const engine = new UploadEngine(options);
        const result = await engine.addFiles([textFile('a.txt', 'a'), textFile('b.txt', 'b')]);
        expect(result.added, JSON.stringify(options)).to.have.length(1);
        expect(reasons(result.rejected)).to.deep.equal(['LIMIT_EXCEEDED']);
      }
    });

    it('defaults to 10 files', async () => {
      const engine = new UploadEngine();
      const files = Array.from({ length: 11 }, (_, index) => textFile(`${index}.txt`, String(index)));
      const result = await engine.addFiles(files);
      expect(result.added).to.have.length(10);
      expect(reasons(result.rejected)).to.deep.equal(['LIMIT_EXCEEDED']);
    });
  });

  describe('allowedFileTypes', () => {
    it('matches exact MIME types, MIME families and extensions', async () => {
      const engine = new UploadEngine({ allowedFileTypes: ['application/pdf', 'image/*', '.csv'] });
      const result = await engine.addFiles([
        textFile('doc.pdf', 'x', 'application/pdf'),
        textFile('photo.png', 'x', 'image/png'),
        textFile('table.CSV', 'x', ''),
        textFile('notes.txt', 'x', 'text/plain'),
      ]);
      expect(result.added.map((file) => file.name)).to.deep.equal(['doc.pdf', 'photo.png', 'table.CSV']);
      expect(reasons(result.rejected)).to.deep.equal(['TYPE_MISMATCH']);
      expect(result.rejected[0]!.file.name).to.equal('notes.txt');
    });

    it('accepts a comma-separated string the same way as an array', async () => {
      const engine = new UploadEngine({ allowedFileTypes: 'text/plain, .md' });
      const result = await engine.addFiles([textFile('a.txt', 'x'), textFile('b.md', 'x', ''), textFile('c.png', 'x', 'image/png')]);
      expect(result.added).to.have.length(2);
      expect(reasons(result.rejected)).to.deep.equal(['TYPE_MISMATCH']);
    });

    it('resolves every named preset and rejects what it does not cover', async () => {
      expect(Object.keys(FILE_TYPE_PRESETS).sort()).to.deep.equal([...PRESET_NAMES].sort());
      for (const preset of PRESET_NAMES) {
        const engine = new UploadEngine({ allowedFileTypes: preset, maxFiles: 5 });
        const sample = FILE_TYPE_PRESETS[preset as keyof typeof FILE_TYPE_PRESETS][0];
        const accepted = sample.startsWith('.') ? textFile(`sample${sample}`, 'x', '') : textFile('sample', 'x', sample.replace('/*', '/anything'));
        const result = await engine.addFiles([accepted, textFile('unrelated.zzz', 'x', 'x-unknown/zzz')]);
        expect(
          result.added.map((file) => file.name),
          preset,
        ).to.deep.equal([accepted.name]);
        expect(reasons(result.rejected), preset).to.deep.equal(['TYPE_MISMATCH']);
      }
    });

    it('accepts everything by default', async () => {
      const engine = new UploadEngine();
      const result = await engine.addFiles([textFile('a.weird', 'x', 'x-unknown/thing'), textFile('noext', 'x', '')]);
      expect(result.rejected).to.deep.equal([]);
    });
  });

  describe('size limits', () => {
    it('counts decimal units in powers of 1000 and binary units in powers of 1024', () => {
      const decimal: SizeUnit[] = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
      decimal.forEach((unit, exponent) => expect(toBytes({ size: 2, unit }), unit).to.equal(2 * 1000 ** exponent));
      expect(toBytes({ size: 2, unit: 'kB' })).to.equal(2000);
      const binary: SizeUnit[] = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'];
      binary.forEach((unit, index) => expect(toBytes({ size: 2, unit }), unit).to.equal(2 * 1024 ** (index + 1)));
    });

    it('rejects with FILE_TOO_LARGE above maxFileSize and FILE_TOO_SMALL below minFileSize', async () => {
      const engine = new UploadEngine({ maxFileSize: { size: 1, unit: 'KB' }, minFileSize: { size: 10, unit: 'B' } });
      const result = await engine.addFiles([randomFile('big.bin', 1001), randomFile('tiny.bin', 9), randomFile('ok.bin', 1000), randomFile('edge.bin', 10)]);
      expect(result.added.map((file) => file.name)).to.deep.equal(['ok.bin', 'edge.bin']);
      expect(result.rejected.map((rejection) => [rejection.file.name, rejection.reason, rejection.limit, rejection.message])).to.deep.equal([
        ['big.bin', 'FILE_TOO_LARGE', 1000, 'big.bin is larger than 1 kB'],
        ['tiny.bin', 'FILE_TOO_SMALL', 10, 'tiny.bin is smaller than 10 bytes'],
      ]);
    });

    it('takes a binary limit in KiB, and names it in decimal units in its message', async () => {
      const engine = new UploadEngine({ maxFileSize: { size: 1, unit: 'KiB' } });
      const result = await engine.addFiles([randomFile('big.bin', 1025), randomFile('ok.bin', 1024)]);
      expect(result.added.map((file) => file.name)).to.deep.equal(['ok.bin']);
      expect(result.rejected.map((rejection) => [rejection.file.name, rejection.limit, rejection.message])).to.deep.equal([
        ['big.bin', 1024, 'big.bin is larger than 1.02 kB'],
      ]);
    });

    it('defaults maxFileSize to 1 GB', async () => {
      const engine = new UploadEngine();
      // Blob parts that are Blobs are referenced, not copied: 1025 MiB costs 1 MiB.
      const chunk = new Blob([new Uint8Array(1024 * 1024)]);
      const oversized = new File(
        Array.from({ length: 1025 }, () => chunk),
        'huge.bin',
      );
      const result = await engine.addFiles([oversized]);
      expect(reasons(result.rejected)).to.deep.equal(['FILE_TOO_LARGE']);
    });

    it('rejects with TOTAL_SIZE_EXCEEDED when the list would exceed maxTotalFileSize', async () => {
      const engine = new UploadEngine({ maxTotalFileSize: { size: 2, unit: 'KB' } });
      const first = await engine.addFiles([randomFile('a.bin', 1500)]);
      expect(first.added).to.have.length(1);
      const second = await engine.addFiles([randomFile('b.bin', 600), randomFile('c.bin', 500)]);
      expect(second.rejected.map((rejection) => [rejection.file.name, rejection.reason])).to.deep.equal([['b.bin', 'TOTAL_SIZE_EXCEEDED']]);
      expect(second.added.map((file) => file.name)).to.deep.equal(['c.bin']);
    });

    it('measures the total on the list as it is now: removed files free their share, processed files count at their new size', async () => {
      const engine = new UploadEngine({
        maxTotalFileSize: { size: 2, unit: 'KB' },
        pipeline: [{ name: 'shrink', run: ({ file }) => ({ file: new File([file.slice(0, 100)], file.name) }) }],
      });
      await engine.addFiles([randomFile('large.bin', 1500)]);
      const medium = (await engine.addFiles([randomFile('medium.bin', 500)])).added[0]!;
      expect(reasons((await engine.addFiles([randomFile('over.bin', 100)])).rejected)).to.deep.equal(['TOTAL_SIZE_EXCEEDED']);
      engine.removeFile(medium.id);
      expect((await engine.addFiles([randomFile('fits.bin', 500)])).added.map((file) => file.name)).to.deep.equal(['fits.bin']);
      // The step shrinks both files to 100 bytes (the upload itself has no target and fails).
      await engine.start();
      expect(engine.files.map((file) => file.size)).to.deep.equal([100, 100]);
      const later = await engine.addFiles([randomFile('later.bin', 1800)]);
      expect(later.added.map((file) => file.name)).to.deep.equal(['later.bin']);
      expect(reasons((await engine.addFiles([randomFile('one-more.bin', 1)])).rejected)).to.deep.equal(['TOTAL_SIZE_EXCEEDED']);
    });
  });

  describe('onBeforeFileAdded', () => {
    it('accepts on true or undefined, rejects on false, substitutes a returned File, and awaits promises', async () => {
      const substitute = textFile('renamed.txt', 'replaced');
      const engine = new UploadEngine({
        onBeforeFileAdded: async (file) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (file.name === 'yes.txt') return true;
          if (file.name === 'no.txt') return false;
          if (file.name === 'swap.txt') return substitute;
          return undefined;
        },
      });
      const events = recordEvents(engine, ['file-reject', 'file-add']);
      const result = await engine.addFiles([textFile('yes.txt', 'y'), textFile('no.txt', 'n'), textFile('swap.txt', 's'), textFile('plain.txt', 'p')]);
      expect(result.added.map((file) => file.name)).to.deep.equal(['yes.txt', 'renamed.txt', 'plain.txt']);
      expect(result.added[1]!.file).to.equal(substitute);
      expect(result.added[1]!.originalFile.name).to.equal('swap.txt');
      expect(reasons(result.rejected)).to.deep.equal(['REJECTED_BY_HOOK']);
      expect(events.map((event) => event.name)).to.deep.equal(['file-add', 'file-reject', 'file-add', 'file-add']);
    });

    it('runs before validation: a substitute is what gets validated', async () => {
      const engine = new UploadEngine({ allowedFileTypes: 'image/*', onBeforeFileAdded: () => textFile('x.txt', 'x') });
      const result = await engine.addFiles([textFile('photo.png', 'x', 'image/png')]);
      expect(reasons(result.rejected)).to.deep.equal(['TYPE_MISMATCH']);
    });

    it('rejects when the hook throws', async () => {
      const engine = new UploadEngine({ onBeforeFileAdded: () => Promise.reject(new Error('boom')) });
      const result = await engine.addFiles([textFile('a.txt', 'a')]);
      expect(reasons(result.rejected)).to.deep.equal(['REJECTED_BY_HOOK']);
    });
  });

  describe('contentDeduplication', () => {
    it('drops a file whose content is already in the list, whatever its name', async () => {
      const engine = new UploadEngine({ contentDeduplication: true });
      const original = randomFile('one.bin', 4096);
      const copy = new File([await original.arrayBuffer()], 'copy.bin');
      const sameSizeOther = randomFile('other.bin', 4096);
      const result = await engine.addFiles([original, copy, sameSizeOther]);
      expect(result.added.map((file) => file.name)).to.deep.equal(['one.bin', 'other.bin']);
      expect(reasons(result.rejected)).to.deep.equal(['DUPLICATE']);
      expect(result.added[0]!.file.name).to.equal('one.bin');
      const later = await engine.addFiles([new File([await original.arrayBuffer()], 'again.bin')]);
      expect(reasons(later.rejected)).to.deep.equal(['DUPLICATE']);
    });

    it('tells same-size files apart by their first and last 64 KiB, without hashing either in full', async () => {
      const engine = new UploadEngine({ contentDeduplication: true });
      const size = 512 * 1024;
      const first = randomFile('first.bin', size);
      const bytes = new Uint8Array(await first.arrayBuffer());
      bytes[size - 1] ^= 0xff;
      const otherEnd = new File([bytes], 'other-end.bin');
      const result = await engine.addFiles([first, otherEnd]);
      expect(result.added.map((file) => file.name)).to.deep.equal(['first.bin', 'other-end.bin']);
      expect(
        engine.files.map((file) => file.contentHash),
        'neither file was hashed in full',
      ).to.deep.equal([undefined, undefined]);
    });

    it('hashes in full the same-size files whose edges match: a difference in the middle keeps both, a copy is dropped (files hashed in the digest worker)', async () => {
      const engine = new UploadEngine({ contentDeduplication: true });
      const size = 12 * 1024 * 1024;
      const original = randomFile('original.bin', size);
      const bytes = new Uint8Array(await original.arrayBuffer());
      bytes[size / 2] ^= 0xff;
      const middle = new File([bytes], 'middle.bin');
      const copy = new File([await original.arrayBuffer()], 'copy.bin');
      const result = await engine.addFiles([original, middle, copy]);
      expect(result.added.map((file) => file.name)).to.deep.equal(['original.bin', 'middle.bin']);
      expect(reasons(result.rejected)).to.deep.equal(['DUPLICATE']);
      expect(result.rejected[0]!.message).to.contain('original.bin');
      expect(engine.files[1]!.contentHash, 'the file differing in the middle was hashed in full').to.equal(`sha256:${await sha256Of(middle)}`);
    });

    it('compares with a processed file at its new content', async () => {
      const engine = new UploadEngine({
        contentDeduplication: true,
        pipeline: [{ name: 'shrink', run: ({ file }) => ({ file: new File([file.slice(0, 100)], file.name) }) }],
      });
      const original = randomFile('one.bin', 1000);
      await engine.addFiles([original]);
      await engine.start();
      expect(engine.files[0]!.size).to.equal(100);
      const result = await engine.addFiles([new File([original.slice(0, 100)], 'head.bin')]);
      expect(reasons(result.rejected)).to.deep.equal(['DUPLICATE']);
      expect(result.rejected[0]!.message).to.contain('one.bin');
    });

    it('keeps duplicates when off', async () => {
      const engine = new UploadEngine();
      const original = randomFile('one.bin', 100);
      const result = await engine.addFiles([original, new File([original], 'copy.bin')]);
      expect(result.added).to.have.length(2);
    });
  });

  describe('setOptions', () => {
    it('applies new limits to later additions without losing files', async () => {
      const engine = new UploadEngine({ maxFiles: 1 });
      await engine.addFiles([textFile('a.txt', 'a')]);
      engine.setOptions({ maxFiles: 3, allowedFileTypes: '.txt' });
      const result = await engine.addFiles([textFile('b.txt', 'b'), textFile('c.png', 'c', 'image/png')]);
      expect(engine.files.map((file) => file.name)).to.deep.equal(['a.txt', 'b.txt']);
      expect(reasons(result.rejected)).to.deep.equal(['TYPE_MISMATCH']);
    });

    it('refuses an invalid change and keeps the previous options', () => {
      const engine = new UploadEngine({ serverUrl: '/api/upload' });
      expect(() => engine.setOptions({ uploadEndpoint: '/token' })).to.throw(ConfigurationError);
      expect(engine.options.uploadEndpoint).to.equal(undefined);
    });
  });
});
