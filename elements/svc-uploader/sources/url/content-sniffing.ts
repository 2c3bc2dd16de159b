/**
 * What a downloaded file really is, read from its first bytes. A remote server chooses both the
 * `Content-Type` and the path, so neither says what the bytes are: `text/html` served at
 * `/cat.png` must not pass an allow-list of `.png`. A small table of signatures covers the common
 * image, video, audio, PDF and ZIP types; formats without a signature (text, SVG, CSV...) are not
 * judged here.
 */

interface Signature {
  type: string;
  /** Other names the same format goes by (as a server might declare it). */
  aliases?: readonly string[];
  extensions: readonly string[];
  matches(head: Uint8Array): boolean;
}

function startsWith(head: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  return bytes.every((byte, index) => head[offset + index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}

function readAscii(head: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...head.subarray(offset, offset + length));
}

/** ISO base media files (`....ftyp<brand>`): the major brand names the format. */
function ftypBrand(head: Uint8Array): string | undefined {
  return readAscii(head, 4, 4) === 'ftyp' ? readAscii(head, 8, 4) : undefined;
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const MP4_AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'F4A ']);

const SIGNATURES: readonly Signature[] = [
  { type: 'image/png', extensions: ['.png'], matches: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  {
    type: 'image/jpeg',
    aliases: ['image/jpg', 'image/pjpeg'],
    extensions: ['.jpg', '.jpeg', '.jpe', '.jfif'],
    matches: (head) => startsWith(head, [0xff, 0xd8, 0xff]),
  },
  { type: 'image/gif', extensions: ['.gif'], matches: (head) => startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a')) },
  { type: 'image/webp', extensions: ['.webp'], matches: (head) => startsWith(head, ascii('RIFF')) && readAscii(head, 8, 4) === 'WEBP' },
  { type: 'image/bmp', aliases: ['image/x-ms-bmp'], extensions: ['.bmp'], matches: (head) => startsWith(head, ascii('BM')) && head.length >= 14 },
  {
    type: 'image/tiff',
    extensions: ['.tif', '.tiff'],
    matches: (head) => startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]),
  },
  { type: 'image/avif', extensions: ['.avif'], matches: (head) => ['avif', 'avis'].includes(ftypBrand(head) ?? '') },
  {
    type: 'image/heic',
    aliases: ['image/heif', 'image/heic-sequence', 'image/heif-sequence'],
    extensions: ['.heic', '.heif'],
    matches: (head) => HEIF_BRANDS.has(ftypBrand(head) ?? ''),
  },
  { type: 'audio/mp4', aliases: ['audio/x-m4a', 'audio/m4a'], extensions: ['.m4a', '.m4b'], matches: (head) => MP4_AUDIO_BRANDS.has(ftypBrand(head) ?? '') },
  { type: 'video/quicktime', extensions: ['.mov', '.qt'], matches: (head) => ftypBrand(head) === 'qt  ' },
  {
    type: 'video/mp4',
    aliases: ['video/x-m4v', 'video/3gpp', 'video/3gpp2'],
    extensions: ['.mp4', '.m4v', '.3gp', '.3g2'],
    matches: (head) => {
      const brand = ftypBrand(head);
      return brand !== undefined && !HEIF_BRANDS.has(brand) && !MP4_AUDIO_BRANDS.has(brand) && !['avif', 'avis', 'qt  '].includes(brand);
    },
  },
  {
    type: 'video/webm',
    aliases: ['audio/webm', 'video/x-matroska', 'audio/x-matroska'],
    extensions: ['.webm', '.mkv', '.mka'],
    matches: (head) => startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]),
  },
  {
    type: 'audio/wav',
    aliases: ['audio/wave', 'audio/x-wav', 'audio/vnd.wave'],
    extensions: ['.wav'],
    matches: (head) => startsWith(head, ascii('RIFF')) && readAscii(head, 8, 4) === 'WAVE',
  },
  {
    type: 'video/x-msvideo',
    aliases: ['video/avi'],
    extensions: ['.avi'],
    matches: (head) => startsWith(head, ascii('RIFF')) && readAscii(head, 8, 4) === 'AVI ',
  },
  {
    type: 'audio/ogg',
    aliases: ['video/ogg', 'application/ogg', 'audio/opus'],
    extensions: ['.ogg', '.oga', '.ogv', '.opus'],
    matches: (head) => startsWith(head, ascii('OggS')),
  },
  { type: 'audio/flac', aliases: ['audio/x-flac'], extensions: ['.flac'], matches: (head) => startsWith(head, ascii('fLaC')) },
  {
    type: 'audio/mpeg',
    aliases: ['audio/mp3', 'audio/mpeg3'],
    extensions: ['.mp3'],
    // An ID3 tag, or an MPEG audio frame header (11 sync bits, a layer other than "reserved").
    matches: (head) => startsWith(head, ascii('ID3')) || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0 && ((head[1] ?? 0) & 0x06) !== 0),
  },
  { type: 'application/pdf', extensions: ['.pdf'], matches: (head) => startsWith(head, ascii('%PDF-')) },
  {
    type: 'application/zip',
    aliases: ['application/x-zip-compressed'],
    extensions: ['.zip'],
    matches: (head) =>
      startsWith(head, [0x50, 0x4b]) &&
      [
        [0x03, 0x04],
        [0x05, 0x06],
        [0x07, 0x08],
      ].some((tail) => startsWith(head, tail, 2)),
  },
];

/** Bytes enough for every signature above. */
export const SNIFF_HEAD_BYTES = 64;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** Signatures a file name or declared type lays claim to (empty: a format the table does not know). */
function claimedSignatures(name: string, declaredType: string): Signature[] {
  const extension = extensionOf(name);
  return SIGNATURES.filter(
    (signature) => signature.extensions.includes(extension) || signature.type === declaredType || signature.aliases?.includes(declaredType),
  );
}

export type SniffVerdict = { ok: true; type: string } | { ok: false; claimed: string; sniffed?: string };

const MEDIA_FAMILY = /^(image|audio|video)\//;

/**
 * Decides the type a downloaded file gets. When its name or its declared type claims a format the
 * table knows, the bytes must be that format, else the file is refused. Without such a claim the
 * sniffed type wins over a generic declared one; an image, audio or video type the table does not
 * know and the bytes do not back is dropped (except SVG, which is text), so a `type/*` allow-list
 * cannot be passed by declaring it.
 */
export function decideContentType(name: string, declaredType: string, head: Uint8Array): SniffVerdict {
  const declared = declaredType.toLowerCase();
  const sniffed = SIGNATURES.find((signature) => signature.matches(head));
  const claimed = claimedSignatures(name, declared);
  if (claimed.length > 0) {
    if (!sniffed || !claimed.includes(sniffed)) return { ok: false, claimed: claimed[0]!.type, sniffed: sniffed?.type };
    const declaredMatches = declared === sniffed.type || sniffed.aliases?.includes(declared);
    return { ok: true, type: declaredMatches ? declared : sniffed.type };
  }
  if (sniffed && (declared === '' || declared === 'application/octet-stream' || MEDIA_FAMILY.test(declared))) return { ok: true, type: sniffed.type };
  if (MEDIA_FAMILY.test(declared) && declared !== 'image/svg+xml') return { ok: true, type: '' };
  return { ok: true, type: declared };
}
