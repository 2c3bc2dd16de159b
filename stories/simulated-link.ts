/**
 * A slow upload link inside the Storybook page, for stories that show an upload in progress
 * without a server: `server-url="/story-link"` gets presigned URLs from here, and each PUT to
 * them "sends" its bytes at `BYTES_PER_SECOND`, reporting progress as a browser does. Everything
 * else goes to the network as usual. Stories only: tests upload to real storage.
 */
const PREFIX = '/story-link';
const BYTES_PER_SECOND = 1.5 * 1024 * 1024;
const TICK_MS = 100;

class SimulatedPut extends XMLHttpRequest {
  #url = '';
  #timer: ReturnType<typeof setInterval> | undefined;
  #done = false;

  override open(method: string, url: string | URL): void {
    this.#url = new URL(url, location.href).pathname;
    if (!this.#url.startsWith(`${PREFIX}/object/`)) super.open(method, url);
  }

  override setRequestHeader(name: string, value: string): void {
    if (!this.#url.startsWith(`${PREFIX}/object/`)) super.setRequestHeader(name, value);
  }

  override send(body?: Document | XMLHttpRequestBodyInit | null): void {
    if (!this.#url.startsWith(`${PREFIX}/object/`)) return super.send(body);
    const total = body instanceof Blob ? body.size : 0;
    let loaded = 0;
    this.#timer = setInterval(() => {
      loaded = Math.min(total, loaded + (BYTES_PER_SECOND * TICK_MS) / 1000);
      this.upload.dispatchEvent(new ProgressEvent('progress', { loaded, total, lengthComputable: true }));
      if (loaded < total) return;
      clearInterval(this.#timer);
      this.#done = true;
      this.dispatchEvent(new ProgressEvent('load'));
    }, TICK_MS);
  }

  override abort(): void {
    if (!this.#url.startsWith(`${PREFIX}/object/`)) return super.abort();
    clearInterval(this.#timer);
    this.dispatchEvent(new ProgressEvent('abort'));
  }

  override get status(): number {
    return this.#done ? 200 : super.status;
  }

  override get responseText(): string {
    return this.#done ? '' : super.responseText;
  }

  override getAllResponseHeaders(): string {
    return this.#done ? 'etag: "simulated"\r\n' : super.getAllResponseHeaders();
  }
}

let installed = false;
let sequence = 0;

/** Installs the simulated link once per page. */
export function installSimulatedLink(): void {
  if (installed) return;
  installed = true;
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.pathname !== `${PREFIX}/presign`) return realFetch(input, init);
    sequence += 1;
    const { name } = JSON.parse(String(init?.body ?? '{}')) as { name?: string };
    return Response.json({ key: `stories/${sequence}/${name ?? 'file'}`, uploadUrl: `${PREFIX}/object/${sequence}`, expiresIn: 3600 });
  };
  window.XMLHttpRequest = SimulatedPut;
}

export const SIMULATED_SERVER_URL = PREFIX;
