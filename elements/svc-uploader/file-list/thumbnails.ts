/**
 * Object URLs for thumbnails and previews, created when a row is first drawn (a virtualised list
 * of 10,000 images only ever makes URLs for the rows on screen) and revoked when their file leaves
 * the list or the element leaves the page.
 */
import type { UploadFileRecord } from '../../../engine/index.js';
import { RowPreviews, type RowPreviewsHost } from './row-previews.js';

/** SVG by type or, when the browser gave none, by name: an `<img>` would sniff and draw it all the same. */
function isSvg(file: UploadFileRecord): boolean {
  return file.type.toLowerCase().startsWith('image/svg') || /\.svgz?$/i.test(file.name);
}

interface Entry {
  readonly blob: Blob;
  readonly url: string;
}

export class ObjectUrls {
  #entries = new Map<string, Entry>();
  #previews: RowPreviews;
  /**
   * Images the browser could not decode (HEIC, broken files): shown as a glyph. Kept by content,
   * not by file, so the picture appears once a step (HEIC to JPEG) or an edit replaces the bytes.
   */
  #undecodable = new WeakSet<Blob>();

  /** `changed` re-renders once a row preview is ready. */
  constructor(host: RowPreviewsHost) {
    this.#previews = new RowPreviews(host);
  }

  /**
   * A small image for the row: the pipeline's thumbnail, else a reduced copy of the image (see
   * row-previews.ts), undefined until it is ready. An SVG file gets none (see #rowPicture).
   */
  thumbnail(file: UploadFileRecord): string | undefined {
    const blob = file.thumbnail?.file ?? this.#rowPicture(file);
    if (!blob || this.#undecodable.has(blob)) return undefined;
    return this.#url(`thumb:${file.id}`, blob);
  }

  #rowPicture(file: UploadFileRecord): Blob | undefined {
    const type = file.type.toLowerCase();
    if (!type.startsWith('image/')) return undefined;
    // SVG is never drawn from the file's bytes: the page's own thread renders it, and a 1 KB file
    // of nested `<use>` fans out into minutes of layout and gigabytes. Its type glyph stands in.
    if (isSvg(file)) return undefined;
    return this.#previews.get(file.file);
  }

  /**
   * The file itself, for the expanded preview's image, video or audio player; no source ('') for
   * a picture the list found above the pixel budget or undecodable, which an `<img>` would try to
   * decode at full size.
   */
  media(file: UploadFileRecord): string {
    if (isSvg(file)) return '';
    if (file.type.toLowerCase().startsWith('image/') && this.#previews.refused(file.file)) return '';
    return this.#url(`media:${file.id}`, file.file);
  }

  /** Whether the list read this image's header and found it above `maxImagePixels`. */
  abovePixelBudget(file: UploadFileRecord): boolean {
    return this.#previews.abovePixelBudget(file.file);
  }

  markUndecodable(id: string): void {
    const shown = this.#entries.get(`thumb:${id}`);
    if (shown) this.#undecodable.add(shown.blob);
  }

  /** Revokes the URLs of files no longer in the list. */
  keep(files: readonly UploadFileRecord[]): void {
    if (this.#entries.size === 0) return;
    const ids = new Set(files.map((file) => file.id));
    for (const [key, entry] of this.#entries) {
      if (!ids.has(key.slice(key.indexOf(':') + 1))) this.#revoke(key, entry);
    }
  }

  clear(): void {
    for (const [key, entry] of this.#entries) this.#revoke(key, entry);
  }

  #url(key: string, blob: Blob): string {
    const existing = this.#entries.get(key);
    // A pipeline step may replace the bytes (compression, HEIC to JPEG): the URL follows.
    if (existing?.blob === blob) return existing.url;
    if (existing) URL.revokeObjectURL(existing.url);
    const url = URL.createObjectURL(blob);
    this.#entries.set(key, { blob, url });
    return url;
  }

  #revoke(key: string, entry: Entry): void {
    URL.revokeObjectURL(entry.url);
    this.#entries.delete(key);
  }
}
