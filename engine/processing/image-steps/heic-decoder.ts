/**
 * Where the `heicConversion` step finds its decoder. `heic-to` (libheif, LGPL-3.0, about 24 MB
 * installed) is an optional peer dependency, so this package never names it in a module every
 * bundler sees: a bundler would refuse to build an app that has not installed it, even one that
 * never converts a photo. The app opts in once with `import 'svc-uploader/heic'`, which hands over
 * a loader; the browser bundle (`svc-uploader/browser`) does so itself.
 */

/** The part of `heic-to/csp` the step uses. */
export interface HeicDecoder {
  heicTo(options: { blob: Blob; type: string; quality?: number }): Promise<Blob>;
}

/** Imports the decoder module when the first HEIC file arrives. */
export type HeicDecoderLoader = () => Promise<HeicDecoder>;

let loadDecoder: HeicDecoderLoader | undefined;
let loaded: Promise<HeicDecoder> | undefined;

/** Registers the decoder's loader (done by `svc-uploader/heic`); the last one registered wins. */
export function provideHeicDecoder(load: HeicDecoderLoader): void {
  loadDecoder = load;
  loaded = undefined;
}

/** The decoder, loaded once; rejects with a message that says how to install it when it is missing. */
export function loadHeicDecoder(): Promise<HeicDecoder> {
  if (!loadDecoder) {
    return Promise.reject(
      new Error("HEIC conversion needs the optional heic-to package: install it (npm install heic-to) and import 'svc-uploader/heic' once in the app"),
    );
  }
  loaded ??= loadDecoder().catch(() => {
    loaded = undefined;
    throw new Error('HEIC conversion could not load its decoder (the heic-to package): check that it is installed and served');
  });
  return loaded;
}
