// A valid PNG that is small on disk and huge once decoded: 20,000 × 20,000 grey pixels compress to
// about 400 KB, and a browser decoding it holds 1.6 GB of RGBA. Built once per process (~2 s).
import { crc32, createDeflate } from 'node:zlib';

export const BOMB_SIDE = 20_000;

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

async function deflateRows(width, height) {
  const row = Buffer.alloc(width + 1);
  const deflate = createDeflate({ level: 9 });
  const parts = [];
  deflate.on('data', (part) => parts.push(part));
  const ended = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  for (let y = 0; y < height; y += 1) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(parts);
}

/** An 8-bit greyscale PNG of `side` × `side` black pixels. */
export async function createImageBomb(side = BOMB_SIDE) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', await deflateRows(side, side)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let cached;
/** The 20,000 px bomb, built on first use. */
export function imageBomb() {
  cached ??= createImageBomb();
  return cached;
}
