import { expect } from '@open-wc/testing';
import type { EngineOptions } from '../../../engine/index.js';
import {
  ascii,
  bytesOf,
  canvasImage,
  comSegment,
  concat,
  containsAscii,
  decode,
  degreesRationals,
  exifApp1,
  exifTiff,
  extendedXmpApp1,
  fromSos,
  indexOfBytes,
  insertAfterSoi,
  insertBefore,
  jpegSegments,
  mpfApp2,
  photoshopApp13,
  pngChunk,
  pngChunks,
  pngCompressedTextChunk,
  pngInternationalTextChunk,
  pngTextChunk,
  pngTimeChunk,
  readIfd0,
  readMpf,
  tinyGif,
  VP8X_FLAGS,
  webpChunks,
  webpWithMetadata,
  withPngChunks,
  xmpApp1,
  type Bytes,
  type DecodedPixels,
  type ExifFields,
} from './exif-fixtures.js';
import { uploadAndReadBack } from './helpers.js';

const LATITUDE = 48.85837;
const LONGITUDE = 2.294481;

/** A camera's Exif: who made it, when, where, and how it was held. */
function cameraExif(orientation: number | undefined, littleEndian = true): ExifFields {
  return {
    make: 'PlantedMake',
    model: 'PlantedModel X100',
    dateTime: '2023:07:14 09:26:53',
    gps: { latitude: LATITUDE, longitude: LONGITUDE },
    orientation,
    littleEndian,
  };
}

const PLANTED_STRINGS = [
  'PlantedMake',
  'PlantedModel',
  '2023:07:14',
  'PlantedTool',
  'PlantedExtended',
  'PlantedCopyright',
  'PlantedComment',
  'ns.adobe.com',
  'Photoshop 3.0',
  'Exif\0\0II',
];

function expectNoPlantedMetadata(bytes: Uint8Array): void {
  for (const text of PLANTED_STRINGS) expect(containsAscii(bytes, text), `"${text}" still in the stored file`).to.equal(false);
  for (const littleEndian of [true, false]) {
    expect(indexOfBytes(bytes, degreesRationals(LATITUDE, littleEndian)), 'GPS latitude still in the stored file').to.equal(-1);
    expect(indexOfBytes(bytes, degreesRationals(LONGITUDE, littleEndian)), 'GPS longitude still in the stored file').to.equal(-1);
  }
}

/** A photo as a phone writes it: Exif, XMP (and extended XMP), IPTC, and a comment before the scan. */
async function cameraJpeg(orientation: number | undefined, littleEndian = true): Promise<{ plain: Bytes; photo: Bytes }> {
  const plain = await canvasImage('image/jpeg', 48, 32);
  const photo = insertBefore(
    insertAfterSoi(
      plain,
      exifApp1(cameraExif(orientation, littleEndian)),
      xmpApp1('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description xmp:CreatorTool="PlantedTool" exif:GPSLatitude="48,51.502N"/></x:xmpmeta>'),
      extendedXmpApp1('0123456789ABCDEF0123456789ABCDEF', '<rdf:Description PlantedExtended="yes"/>'),
      photoshopApp13('PlantedCopyright'),
    ),
    0xda,
    comSegment('PlantedComment'),
  );
  return { plain, photo };
}

async function upload(file: File, options: Partial<EngineOptions> = { stripExifData: true }) {
  const {
    uploads: [{ record, stored }],
    errors,
  } = await uploadAndReadBack([file], options);
  return { record, stored: await bytesOf(stored), errors };
}

function jpegFile(bytes: Bytes, name = 'IMG_0001.jpg'): File {
  return new File([bytes], name, { type: 'image/jpeg', lastModified: 1_700_000_000_000 });
}

/** Segments other than the ones the step removes: marker and payload bytes, in order. */
function keptSegments(bytes: Uint8Array): Array<[number, number[]]> {
  return jpegSegments(bytes)
    .filter((segment) => ![0xe1, 0xed, 0xfe].includes(segment.marker))
    .map((segment) => [segment.marker, Array.from(segment.payload)]);
}

function expectSamePixels(actual: DecodedPixels, expected: DecodedPixels): void {
  expect([actual.width, actual.height]).to.deep.equal([expected.width, expected.height]);
  const differing = actual.data.findIndex((value, i) => value !== expected.data[i]);
  expect(differing, 'first differing pixel byte').to.equal(-1);
}

describe('stripExifData: JPEG', () => {
  it('removes Exif, GPS, XMP, IPTC and comments, keeping only Orientation 6 in a minimal APP1', async () => {
    const { plain, photo } = await cameraJpeg(6);
    const file = jpegFile(photo);
    const { record, stored, errors } = await upload(file);

    expect(errors).to.deep.equal([]);
    expectNoPlantedMetadata(stored);
    const app1s = jpegSegments(stored).filter((segment) => segment.marker === 0xe1);
    expect(app1s).to.have.length(1);
    expect(containsAscii(app1s[0]!.payload.subarray(0, 6), 'Exif\0\0')).to.equal(true);
    const ifd0 = readIfd0(app1s[0]!.payload.subarray(6));
    expect(ifd0.entries).to.deep.equal([{ tag: 0x0112, type: 3, count: 1, short: 6 }]);
    expect(ifd0.next).to.equal(0);
    expect(jpegSegments(stored).some((segment) => segment.marker === 0xed || segment.marker === 0xfe)).to.equal(false);
    // APP0, the ICC profile, tables and frame header untouched; entropy-coded data byte-identical.
    expect(keptSegments(stored)).to.deep.equal(keptSegments(plain));
    expect(jpegSegments(plain).some((segment) => segment.marker === 0xe2 && containsAscii(segment.payload, 'ICC_PROFILE'))).to.equal(true);
    expect(Array.from(fromSos(stored))).to.deep.equal(Array.from(fromSos(plain)));

    const shown = await decode(stored);
    expect([shown.width, shown.height], 'turned upright like the original').to.deep.equal([32, 48]);
    expectSamePixels(shown, await decode(photo));

    expect(record.file).to.not.equal(file);
    expect(record.file.name).to.equal('IMG_0001.jpg');
    expect(record.file.type).to.equal('image/jpeg');
    expect(record.file.lastModified).to.equal(file.lastModified);
    expect(record.size).to.equal(stored.length);
    expect(record.originalFile).to.equal(file);
  });

  it('writes no APP1 at all when the orientation is 1 (big-endian Exif)', async () => {
    const { plain, photo } = await cameraJpeg(1, false);
    const { stored, errors } = await upload(jpegFile(photo));
    expect(errors).to.deep.equal([]);
    expectNoPlantedMetadata(stored);
    // With nothing to keep, the stored file is exactly what the encoder wrote before the metadata went in.
    expect(Array.from(stored)).to.deep.equal(Array.from(plain));
    expectSamePixels(await decode(stored), await decode(photo));
  });

  it('writes no APP1 when the Exif has no orientation', async () => {
    const { plain, photo } = await cameraJpeg(undefined);
    const { stored } = await upload(jpegFile(photo));
    expect(Array.from(stored)).to.deep.equal(Array.from(plain));
  });

  it('walks fill bytes and length-less markers, and keeps them', async () => {
    const plain = await canvasImage('image/jpeg', 40, 24);
    // Fill bytes before a kept table, a TEM marker, and fill bytes before a dropped comment.
    const photo = insertBefore(
      insertAfterSoi(plain, exifApp1(cameraExif(3))),
      0xdb,
      new Uint8Array([0xff, 0xff, 0xff, 0x01, 0xff, 0xff]),
      comSegment('PlantedComment'),
      new Uint8Array([0xff, 0xff]),
    );
    expect((await decode(photo)).width, 'the decoder accepts the fixture').to.equal(40);
    const { stored, errors } = await upload(jpegFile(photo));
    expect(errors).to.deep.equal([]);
    expectNoPlantedMetadata(stored);
    expect(indexOfBytes(stored, new Uint8Array([0xff, 0xff, 0xff, 0x01])), 'TEM and its fill bytes kept').to.be.greaterThan(0);
    expect(
      readIfd0(
        jpegSegments(stored)
          .find((segment) => segment.marker === 0xe1)!
          .payload.subarray(6),
      ).entries[0]!.short,
    ).to.equal(3);
    expect(Array.from(fromSos(stored))).to.deep.equal(Array.from(fromSos(plain)));
    expectSamePixels(await decode(stored), await decode(photo));
  });

  it('moves the Multi-Picture offsets so the appended image is still found', async () => {
    const plain = await canvasImage('image/jpeg', 48, 32);
    const secondary = await canvasImage('image/jpeg', 24, 16);
    const afterMpf = [xmpApp1('<x:xmpmeta PlantedTool="1"/>'), comSegment('PlantedComment')];
    const layout = (offset: number) => concat(insertAfterSoi(plain, exifApp1(cameraExif(6)), mpfApp2(0, secondary.length, offset), ...afterMpf), secondary);
    const draft = layout(0);
    const secondaryStart = draft.length - secondary.length;
    const photo = layout(secondaryStart - readMpf(draft).headerStart);
    const original = readMpf(photo);
    expect(Array.from(photo.subarray(original.headerStart + original.images[1]!.offset, original.headerStart + original.images[1]!.offset + 2))).to.deep.equal([
      0xff, 0xd8,
    ]);

    const { stored, errors } = await upload(jpegFile(photo));
    expect(errors).to.deep.equal([]);
    expectNoPlantedMetadata(stored);
    const mpf = readMpf(stored);
    const removedAfterMpf = afterMpf.reduce((sum, segment) => sum + segment.length, 0);
    expect(mpf.images[1]!.offset).to.equal(original.images[1]!.offset - removedAfterMpf);
    expect(Array.from(stored.subarray(mpf.headerStart + mpf.images[1]!.offset)), 'the appended image at its recorded offset').to.deep.equal(
      Array.from(secondary),
    );
    expectSamePixels(await decode(stored), await decode(photo));
  });

  it('leaves a cleaned JPEG alone the second time (no new file)', async () => {
    const { photo } = await cameraJpeg(6);
    const first = await upload(jpegFile(photo));
    const cleaned = jpegFile(first.stored, 'again.jpg');
    const { record, stored, errors } = await upload(cleaned);
    expect(errors).to.deep.equal([]);
    expect(record.file).to.equal(cleaned);
    expect(Array.from(stored)).to.deep.equal(Array.from(first.stored));
  });

  it('tells JPEG by its bytes, not by its name or type', async () => {
    const { photo } = await cameraJpeg(6);
    const file = new File([photo], 'scan.png', { type: 'image/png' });
    const { record, stored } = await upload(file);
    expectNoPlantedMetadata(stored);
    expect(record.file.name).to.equal('scan.png');
    expect(record.file.type).to.equal('image/png');
  });

  it('reports a malformed JPEG as a pipeline error and uploads the original bytes', async () => {
    const { photo } = await cameraJpeg(6);
    const dqt = jpegSegments(photo).find((segment) => segment.marker === 0xdb)!;
    const sos = jpegSegments(photo).find((segment) => segment.marker === 0xda)!;
    const noMarker = photo.slice();
    noMarker[dqt.start] = 0x00;
    const cases: Array<[string, Bytes]> = [
      ['cut inside the Exif segment', photo.slice(0, 60)],
      ['cut before the first scan', photo.slice(0, sos.start)],
      ['a data byte where a marker belongs', noMarker],
      ['a segment length pointing past the end', concat(photo.subarray(0, 2), new Uint8Array([0xff, 0xe1, 0xff, 0xf0]), ascii('Exif\0\0PlantedModel'))],
    ];
    for (const [label, bytes] of cases) {
      const file = jpegFile(bytes, 'broken.jpg');
      const { record, stored, errors } = await upload(file);
      expect(errors, label).to.have.length(1);
      expect(errors[0]!.step, label).to.equal('strip-exif');
      expect(errors[0]!.message, label).to.match(/malformed JPEG/);
      expect(record.file, label).to.equal(file);
      expect(Array.from(stored), label).to.deep.equal(Array.from(bytes));
    }
  });

  it('strips nothing without the flag', async () => {
    const { photo } = await cameraJpeg(6);
    const file = jpegFile(photo);
    const { record, stored, errors } = await upload(file, {});
    expect(errors).to.deep.equal([]);
    expect(record.file).to.equal(file);
    expect(Array.from(stored)).to.deep.equal(Array.from(photo));
    expect(containsAscii(stored, 'PlantedModel')).to.equal(true);
  });
});

describe('stripExifData: PNG', () => {
  async function cameraPng(orientation: number | undefined): Promise<{ plain: Bytes; photo: Bytes }> {
    // A display-p3 canvas makes Chromium write an iCCP chunk, which must survive.
    const plain = await canvasImage('image/png', 48, 32, { colorSpace: 'display-p3' });
    const photo = withPngChunks(
      plain,
      [
        pngTextChunk('Author', 'PlantedMake'),
        pngChunk('eXIf', exifTiff(cameraExif(orientation, false))),
        pngChunk('pHYs', new Uint8Array([0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1])),
      ],
      [pngInternationalTextChunk('Comment', 'PlantedComment'), await pngCompressedTextChunk('Description', 'PlantedTool'), pngTimeChunk()],
    );
    return { plain, photo };
  }

  it('removes eXIf, tEXt, zTXt, iTXt and tIME and keeps iCCP, pHYs and the image data', async () => {
    const { plain, photo } = await cameraPng(1);
    const file = new File([photo], 'chart.png', { type: 'image/png', lastModified: 1_700_000_000_000 });
    const { record, stored, errors } = await upload(file);
    expect(errors).to.deep.equal([]);
    expectNoPlantedMetadata(stored);
    expect(pngChunks(stored).map((chunk) => chunk.type)).to.deep.equal(['IHDR', 'pHYs', 'iCCP', 'IDAT', 'IDAT', 'IEND']);
    const rawOf = (bytes: Uint8Array, type: string) =>
      pngChunks(bytes)
        .filter((chunk) => chunk.type === type)
        .map((chunk) => Array.from(chunk.raw));
    for (const type of ['IHDR', 'iCCP', 'IDAT', 'IEND']) expect(rawOf(stored, type), type).to.deep.equal(rawOf(plain, type));
    expectSamePixels(await decode(stored), await decode(plain));
    expect(record.file.name).to.equal('chart.png');
    expect(record.file.lastModified).to.equal(file.lastModified);
  });

  it('keeps a non-default orientation in a minimal eXIf, so the image still shows upright', async () => {
    const { photo } = await cameraPng(6);
    expect((await decode(photo)).width, 'Chromium turns PNGs by eXIf').to.equal(32);
    const { stored, errors } = await upload(new File([photo], 'turned.png', { type: 'image/png' }));
    expect(errors).to.deep.equal([]);
    expectNoPlantedMetadata(stored);
    const exif = pngChunks(stored).filter((chunk) => chunk.type === 'eXIf');
    expect(exif).to.have.length(1);
    expect(readIfd0(exif[0]!.data).entries).to.deep.equal([{ tag: 0x0112, type: 3, count: 1, short: 6 }]);
    expectSamePixels(await decode(stored), await decode(photo));
  });
});

describe('stripExifData: WebP', () => {
  it('removes EXIF and XMP chunks, clears their VP8X flags, fixes the RIFF size and keeps ICCP', async () => {
    const plain = await canvasImage('image/webp', 48, 32);
    const photo = webpWithMetadata(plain, { exif: exifTiff(cameraExif(1)), xmp: ascii('<x:xmpmeta PlantedTool="1"/>') });
    const flagsOf = (bytes: Uint8Array) => webpChunks(bytes).chunks[0]!.data[0]!;
    expect(flagsOf(photo) & (VP8X_FLAGS.exif | VP8X_FLAGS.xmp)).to.equal(VP8X_FLAGS.exif | VP8X_FLAGS.xmp);

    const { stored, errors } = await upload(new File([photo], 'shot.webp', { type: 'image/webp' }));
    expect(errors).to.deep.equal([]);
    expectNoPlantedMetadata(stored);
    const { riffSize, chunks } = webpChunks(stored);
    expect(riffSize).to.equal(stored.length - 8);
    expect(chunks.map((chunk) => chunk.fourcc)).to.deep.equal(['VP8X', 'ICCP', 'VP8 ']);
    expect(flagsOf(stored) & VP8X_FLAGS.icc).to.equal(VP8X_FLAGS.icc);
    expect(flagsOf(stored) & (VP8X_FLAGS.exif | VP8X_FLAGS.xmp)).to.equal(0);
    // Cutting exactly what was added gives back the encoder's own bytes.
    expect(Array.from(stored)).to.deep.equal(Array.from(plain));
    expectSamePixels(await decode(stored), await decode(photo));
  });

  it('keeps a non-default orientation as a minimal EXIF chunk with its flag set', async () => {
    const plain = await canvasImage('image/webp', 48, 32);
    const photo = webpWithMetadata(plain, { exif: concat(ascii('Exif\0\0'), exifTiff(cameraExif(8))), xmp: ascii('<x:xmpmeta PlantedTool="1"/>') });
    const { stored, errors } = await upload(new File([photo], 'shot.webp', { type: 'image/webp' }));
    expect(errors).to.deep.equal([]);
    expectNoPlantedMetadata(stored);
    const { riffSize, chunks } = webpChunks(stored);
    expect(riffSize).to.equal(stored.length - 8);
    expect(chunks.map((chunk) => chunk.fourcc)).to.deep.equal(['VP8X', 'ICCP', 'VP8 ', 'EXIF']);
    expect(chunks[0]!.data[0]! & (VP8X_FLAGS.exif | VP8X_FLAGS.xmp)).to.equal(VP8X_FLAGS.exif);
    expect(readIfd0(chunks[3]!.data).entries).to.deep.equal([{ tag: 0x0112, type: 3, count: 1, short: 8 }]);
    expectSamePixels(await decode(stored), await decode(photo));
  });
});

describe('stripExifData: damaged PNG and WebP', () => {
  it('reports a truncated PNG or WebP as a pipeline error and uploads the original bytes', async () => {
    const png = withPngChunks(await canvasImage('image/png', 32, 32), [pngTextChunk('Author', 'PlantedMake')], []);
    const webp = webpWithMetadata(await canvasImage('image/webp', 32, 32), { exif: exifTiff(cameraExif(6)) });
    const cases: Array<[string, File, RegExp]> = [
      ['PNG cut inside its image data', new File([png.slice(0, png.length - 40)], 'cut.png', { type: 'image/png' }), /malformed PNG/],
      [
        'PNG with garbage for a chunk type',
        new File([concat(png.subarray(0, 33), new Uint8Array([0, 0, 0, 4, 0x00, 0x01, 0x02, 0x03]), png.subarray(33))], 'garbage.png', { type: 'image/png' }),
        /malformed PNG/,
      ],
      ['WebP cut short of its RIFF size', new File([webp.slice(0, webp.length - 30)], 'cut.webp', { type: 'image/webp' }), /malformed WebP/],
    ];
    for (const [label, file, message] of cases) {
      const { record, stored, errors } = await upload(file);
      expect(
        errors.map((error) => error.step),
        label,
      ).to.deep.equal(['strip-exif']);
      expect(errors[0]!.message, label).to.match(message);
      expect(record.file, label).to.equal(file);
      expect(Array.from(stored), label).to.deep.equal(Array.from(await bytesOf(file)));
    }
  });

  it('accepts a WebP whose last chunk lacks its pad byte', async () => {
    const plain = await canvasImage('image/webp', 48, 32);
    const padded = webpWithMetadata(plain, { xmp: ascii('<x:xmpmeta PlantedTool="1"/>!') });
    expect(padded.length - plain.length, 'odd XMP: 8 + 29 + 1 pad byte').to.equal(38);
    const unpadded = padded.slice(0, padded.length - 1);
    new DataView(unpadded.buffer).setUint32(4, unpadded.length - 8, true);
    const { stored, errors } = await upload(new File([unpadded], 'shot.webp', { type: 'image/webp' }));
    expect(errors).to.deep.equal([]);
    expect(Array.from(stored)).to.deep.equal(Array.from(plain));
  });
});

describe('stripExifData: other files', () => {
  it('passes text, GIF, HEIC and a JPEG without metadata through unchanged, with no pipeline error', async () => {
    const heic = concat(new Uint8Array([0, 0, 0, 24]), ascii('ftypheic'), new Uint8Array(4), ascii('mif1heic'), ascii('Exif\0\0PlantedModel'));
    const files = [
      new File(['GPS 48.85837 N, PlantedModel, 2023:07:14'], 'notes.jpg', { type: 'image/jpeg' }),
      new File([tinyGif()], 'dot.gif', { type: 'image/gif' }),
      new File([heic], 'IMG_0002.HEIC', { type: 'image/heic' }),
      new File([await canvasImage('image/jpeg', 16, 16)], 'plain.jpg', { type: 'image/jpeg' }),
      new File([new Uint8Array([0xff, 0xd8])], 'tiny.jpg', { type: 'image/jpeg' }),
    ];
    for (const file of files) {
      const { record, stored, errors } = await upload(file);
      expect(errors, file.name).to.deep.equal([]);
      expect(record.file, file.name).to.equal(file);
      expect(Array.from(stored), file.name).to.deep.equal(Array.from(await bytesOf(file)));
    }
  });
});
