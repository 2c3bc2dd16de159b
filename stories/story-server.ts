/**
 * A pretend upload handler, bucket and cloud drive that live in the story's page, so the catalog
 * can show uploading, paused, offline, refused, retrying, stored and drive states the same way on
 * every run, with no server and no network. Only URLs under `/story-api/` and `/story-storage/`
 * are answered here; every other request goes out as usual.
 *
 * The real element and engine run unchanged: they call `fetch` and `XMLHttpRequest` as always,
 * and the scenario named in the URL decides the answers.
 */

/** How the pretend handler and bucket answer. */
export type StoryScenario =
  /** Storage takes 40 % of each file, then waits forever: the files stay uploading. */
  | 'uploading'
  /** Storage stores each file at once. */
  | 'stored'
  /** Storage takes each file at `SLOW_LINK_BYTES_PER_SECOND`, then stores it: rate and time left show. */
  | 'slow-link'
  /** The handler refuses every upload with 403 and an error body. */
  | 'refused'
  /** The handler answers a file's first request with 503: its second attempt then stalls like `uploading`. */
  | 'busy-once'
  /** The drive is not connected: listings answer 401 and ask for a sign-in. */
  | 'drive-signed-out'
  /** The drive is connected and lists a few files; transfers into the bucket never finish. */
  | 'drive-connected';

const API_PREFIX = '/story-api/';
const STORAGE_PREFIX = '/story-storage/';
const STALLED_SHARE = 0.4;
const SLOW_LINK_BYTES_PER_SECOND = 1.5 * 1024 * 1024;
const SLOW_LINK_TICK_MS = 100;

/** The `serverUrl` of a story whose handler answers as `scenario` says. */
export function storyServerUrl(scenario: StoryScenario): string {
  installStoryServer();
  return `${API_PREFIX}${scenario}`;
}

/** What the pretend drive lists at its root. */
const DRIVE_FILES = [
  { id: 'folder-invoices', name: 'Invoices', isFolder: true, modifiedAt: '2026-10-02T09:30:00Z' },
  { id: 'file-plan', name: 'Project plan.pdf', isFolder: false, size: 482_133, mimeType: 'application/pdf', modifiedAt: '2026-11-12T16:05:00Z' },
  { id: 'file-team', name: 'Team photo.jpg', isFolder: false, size: 2_340_512, mimeType: 'image/jpeg', modifiedAt: '2026-11-20T11:41:00Z' },
  {
    id: 'file-budget',
    name: 'Budget 2027.xlsx',
    isFolder: false,
    size: 96_410,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    modifiedAt: '2026-11-23T08:12:00Z',
  },
];

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** Resolves never, unless the request is aborted (pause, cancel), as a slow server would. */
function forever(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

/** Names of the files whose first request a `busy-once` handler has turned away. */
const turnedAway = new Set<string>();

async function answer(scenario: string, route: string, init: RequestInit | undefined): Promise<Response> {
  if (route === 'presign') {
    if (scenario === 'refused') return json(403, { error: 'Uploads to this folder are not allowed', code: 'FORBIDDEN' });
    const { name = 'file' } = JSON.parse(String(init?.body ?? '{}')) as { name?: string };
    if (scenario === 'busy-once' && !turnedAway.has(name)) {
      turnedAway.add(name);
      return json(503, { error: 'The upload service is busy' }, { 'retry-after': '0' });
    }
    const key = `uploads/${encodeURIComponent(name)}`;
    const storage = scenario === 'stored' || scenario === 'slow-link' ? scenario : 'uploading';
    return json(200, { key, uploadUrl: `${location.origin}${STORAGE_PREFIX}${storage}/${key}`, expiresIn: 900 });
  }
  if (route.startsWith('files/')) {
    if (scenario === 'drive-signed-out') return json(401, { error: 'Sign in to continue', reauth: true });
    if (route.endsWith('/transfer')) return forever(init?.signal);
    return json(200, { files: DRIVE_FILES });
  }
  return json(404, { error: 'Not found' });
}

/**
 * A request to the pretend bucket: reports upload progress and then stores the file or stalls,
 * as the scenario in its URL says. Anything else is a real request.
 */
class StoryXMLHttpRequest extends XMLHttpRequest {
  #storyUrl: URL | undefined;
  #stored = false;
  #timer: ReturnType<typeof setInterval> | undefined;

  override open(method: string, url: string | URL, async = true, username?: string | null, password?: string | null): void {
    const target = new URL(url, location.href);
    this.#storyUrl = target.pathname.startsWith(STORAGE_PREFIX) ? target : undefined;
    super.open(method, url, async, username, password);
  }

  override send(body?: Document | XMLHttpRequestBodyInit | null): void {
    if (!this.#storyUrl) return super.send(body);
    const size = body instanceof Blob ? body.size : 0;
    const scenario = this.#storyUrl.pathname.slice(STORAGE_PREFIX.length).split('/')[0];
    const progress = (loaded: number) => this.upload.onprogress?.call(this, new ProgressEvent('progress', { lengthComputable: true, loaded, total: size }));
    const store = () => {
      progress(size);
      this.upload.onload?.call(this, new ProgressEvent('load'));
      this.#stored = true;
      this.onload?.call(this, new ProgressEvent('load'));
    };
    if (scenario === 'slow-link') {
      let loaded = 0;
      this.#timer = setInterval(() => {
        loaded = Math.min(size, loaded + (SLOW_LINK_BYTES_PER_SECOND * SLOW_LINK_TICK_MS) / 1000);
        if (loaded < size) return progress(loaded);
        clearInterval(this.#timer);
        store();
      }, SLOW_LINK_TICK_MS);
      return;
    }
    queueMicrotask(() => {
      if (scenario !== 'stored') {
        progress(Math.round(size * STALLED_SHARE));
        return;
      }
      store();
    });
  }

  override abort(): void {
    if (!this.#storyUrl) return super.abort();
    clearInterval(this.#timer);
    this.onabort?.call(this, new ProgressEvent('abort'));
  }

  override get status(): number {
    return this.#storyUrl ? (this.#stored ? 200 : 0) : super.status;
  }

  override get responseText(): string {
    return this.#storyUrl ? '' : super.responseText;
  }

  override getAllResponseHeaders(): string {
    return this.#storyUrl ? (this.#stored ? 'etag: "story-object"\r\n' : '') : super.getAllResponseHeaders();
  }
}

let installed = false;

/** Puts the pretend handler and bucket in front of `fetch` and `XMLHttpRequest`, once per page. */
function installStoryServer(): void {
  if (installed) return;
  installed = true;
  const realFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith(API_PREFIX)) return realFetch(input, init);
    const [scenario = '', ...route] = url.pathname.slice(API_PREFIX.length).split('/');
    return answer(scenario, route.join('/'), init);
  };
  window.XMLHttpRequest = StoryXMLHttpRequest;
}
