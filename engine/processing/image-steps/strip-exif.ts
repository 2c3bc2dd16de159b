/**
 * The `stripExifData` step: removes Exif (GPS position, camera make and model, timestamps), XMP,
 * IPTC, comments and text chunks from JPEG, PNG and WebP by cutting bytes, never re-encoding, so
 * the pixels stay bit-identical. Only a non-default Orientation survives, in a minimal new Exif,
 * so photos still display upright. The format is told by its first bytes, not by name or type;
 * anything else (HEIC, GIF, non-images) passes through untouched.
 */
import type { PipelineContext, PipelineStepOutput } from '../../core/types.js';
import { BlobWindow, applyEdits, editsChangeNothing, type ByteEdit } from './blob-edits.js';
import { jpegMetadataEdits } from './jpeg-segments.js';
import { PNG_SIGNATURE, pngMetadataEdits } from './png-chunks.js';
import { webpMetadataEdits } from './webp-chunks.js';

type Format = 'JPEG' | 'PNG' | 'WebP';

const PLANNERS: Record<Format, (reader: BlobWindow) => Promise<ByteEdit[]>> = {
  JPEG: jpegMetadataEdits,
  PNG: pngMetadataEdits,
  WebP: webpMetadataEdits,
};

function sniff(head: Uint8Array): Format | undefined {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'JPEG';
  if (PNG_SIGNATURE.every((byte, i) => head[i] === byte)) return 'PNG';
  const ascii = String.fromCharCode(...head.subarray(0, 12));
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'WebP';
  return undefined;
}

export async function stripExif({ file, signal }: PipelineContext): Promise<PipelineStepOutput | void> {
  const reader = new BlobWindow(file, signal);
  const format = sniff(await reader.read(0, Math.min(12, file.size)));
  if (!format) return;
  let edits: ByteEdit[];
  try {
    edits = await PLANNERS[format](reader);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    // Thrown, not guessed around: the engine then reports it and uploads the original bytes.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Metadata not removed from ${file.name}: malformed ${format} (${reason})`);
  }
  if (await editsChangeNothing(reader, edits)) return;
  return { file: new File(applyEdits(file, edits), file.name, { type: file.type, lastModified: file.lastModified }) };
}
