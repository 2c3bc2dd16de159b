/**
 * Default of `maxImagePixels`: 50 megapixels, 200 MB once decoded (4 bytes a pixel). It covers what
 * phones and nearly all cameras write; larger images are not decoded (see image-dimensions.ts).
 * Kept apart so the options can name it without loading the header reader.
 */
export const DEFAULT_MAX_IMAGE_PIXELS = 50_000_000;
