// Hostile files behind a link, for the link-import tests, on the web-test-runner server. Every
// answer allows any origin (CORS), as a remote a user links to might.
// - /hostile-media/gif-frame.gif?frame=<px>   a GIF whose header says 1 × 1 px and whose one frame
//                                             is <px> × <px> (at most 20,000)
// - /hostile-media/fan-out.svg?levels=<n>     an SVG whose nested `<use>` fan out to 10^n shapes
//                                             (n at most 7, the default)
// - /hostile-media/drip/<name>?every=<ms>     a PNG sent one byte every <ms> ms (at least 50),
//                                             declaring its whole Content-Length
import { gifWithFrame, useFanOutSvg } from './gif-bomb.mjs';
import { mountFetchHandler } from './wtr-handler.mjs';

const CORS = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };

/** A 1 × 1 PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function gifRoute(request) {
  const side = Math.min(Math.max(1, Number(new URL(request.url).searchParams.get('frame')) || 1), 20_000);
  return new Response(gifWithFrame({ frameWidth: side, frameHeight: side }), { headers: { ...CORS, 'content-type': 'image/gif' } });
}

function svgRoute(request) {
  const levels = Math.min(Math.max(1, Number(new URL(request.url).searchParams.get('levels')) || 7), 7);
  return new Response(useFanOutSvg(levels), { headers: { ...CORS, 'content-type': 'image/svg+xml' } });
}

function dripRoute(request) {
  const every = Math.max(50, Number(new URL(request.url).searchParams.get('every')) || 2000);
  let timer;
  let sent = 0;
  const body = new ReadableStream({
    start(controller) {
      const next = () => {
        if (sent >= TINY_PNG.length) return controller.close();
        controller.enqueue(TINY_PNG.subarray(sent, sent + 1));
        sent += 1;
        timer = setTimeout(next, every);
      };
      next();
    },
    cancel() {
      clearTimeout(timer);
    },
  });
  return new Response(body, { headers: { ...CORS, 'content-type': 'image/png', 'content-length': String(TINY_PNG.length) } });
}

export default [
  mountFetchHandler('/hostile-media/gif-frame.gif', gifRoute),
  mountFetchHandler('/hostile-media/fan-out.svg', svgRoute),
  mountFetchHandler('/hostile-media/drip', dripRoute),
];
