import { executeServerCommand } from '@web/test-runner-commands';
import '../../../elements/index.js';
import type { SvcUploader } from '../../../elements/index.js';
import type { SvcUploaderEventMap, SvcUploaderEventName } from '../../../elements/svc-uploader/events.js';

export type { SvcUploader };

/** A fresh `<svc-uploader>` from HTML, attached to the page and rendered. */
export async function mount(markup = '<svc-uploader server-url="/api/upload"></svc-uploader>'): Promise<SvcUploader> {
  const host = document.createElement('div');
  host.className = 'test-host';
  host.innerHTML = markup;
  document.body.append(host);
  const element = host.querySelector('svc-uploader')!;
  await element.updateComplete;
  return element;
}

/** Removes every element mounted by `mount` (an `afterEach` of each suite). */
export function unmountAll(): void {
  for (const host of document.querySelectorAll('.test-host')) host.remove();
}

/** The element's inner node with this `part`. */
export function part<T extends Element = HTMLElement>(element: SvcUploader, name: string): T {
  const found = element.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
  if (!found) throw new Error(`No [part~="${name}"] rendered`);
  return found;
}

export function maybePart<T extends Element = HTMLElement>(element: SvcUploader, name: string): T | null {
  return element.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
}

export function parts<T extends Element = HTMLElement>(element: SvcUploader, name: string): T[] {
  return [...element.shadowRoot!.querySelectorAll<T>(`[part~="${name}"]`)];
}

/**
 * The `part` of the focused element inside the uploader. Tests compare these names, not the
 * elements: an assertion message that prints a whole element tree can stall the page.
 */
export function focusedPart(element: SvcUploader): string | null {
  return element.shadowRoot!.activeElement?.getAttribute('part') ?? null;
}

/** Resolves with the next `name` event on `target` that satisfies `accept`. */
export function nextEvent<Name extends SvcUploaderEventName>(
  target: EventTarget,
  name: Name,
  accept: (event: SvcUploaderEventMap[Name]) => boolean = () => true,
): Promise<SvcUploaderEventMap[Name]> {
  return new Promise((resolve) => {
    const listener = (event: Event) => {
      if (!accept(event as SvcUploaderEventMap[Name])) return;
      target.removeEventListener(name, listener);
      resolve(event as SvcUploaderEventMap[Name]);
    };
    target.addEventListener(name, listener);
  });
}

/** Every `svc-*` event dispatched by `element`, in order. */
export function recordEvents(element: SvcUploader, names: readonly SvcUploaderEventName[]): Array<CustomEvent & { type: SvcUploaderEventName }> {
  const seen: Array<CustomEvent & { type: SvcUploaderEventName }> = [];
  for (const name of names) element.addEventListener(name, (event) => seen.push(event as CustomEvent & { type: SvcUploaderEventName }));
  return seen;
}

/** A File of `size` random bytes, so byte comparisons mean something. */
export function randomFile(name: string, size: number, type = 'application/octet-stream'): File {
  const bytes = new Uint8Array(size);
  for (let offset = 0; offset < size; offset += 65536) crypto.getRandomValues(bytes.subarray(offset, Math.min(size, offset + 65536)));
  return new File([bytes], name, { type, lastModified: Date.now() });
}

export function textFile(name: string, text = `contents of ${name}`, type = 'text/plain'): File {
  return new File([text], name, { type, lastModified: Date.now() });
}

export async function sha256(data: Blob | ArrayBuffer): Promise<string> {
  const buffer = data instanceof Blob ? await data.arrayBuffer() : data;
  const digest = await crypto.subtle.digest('SHA-256', buffer);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What the bucket holds under a download URL the server returned. */
export async function storedBytes(downloadUrl: string): Promise<ArrayBuffer> {
  const response = await fetch(downloadUrl);
  if (!response.ok) throw new Error(`GET ${downloadUrl} answered ${response.status}`);
  return response.arrayBuffer();
}

function toBase64(buffer: ArrayBuffer): string {
  let binary = '';
  const bytes = new Uint8Array(buffer);
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
}

/** Chooses files in the element's own file input through Playwright, as the OS picker would. */
export async function chooseFiles(element: SvcUploader, files: File[], input: 'file-input' | 'folder-input' = 'file-input'): Promise<void> {
  element.id ||= `uploader-${crypto.randomUUID()}`;
  const payload = await Promise.all(files.map(async (file) => ({ name: file.name, mimeType: file.type, base64: toBase64(await file.arrayBuffer()) })));
  await executeServerCommand('svc-set-input-files', { selector: `#${element.id} input[part="${input}"]`, files: payload });
}

/** Chooses the on-disk `album/` fixture folder in the element's folder input. */
export async function chooseFixtureFolder(element: SvcUploader): Promise<void> {
  element.id ||= `uploader-${crypto.randomUUID()}`;
  await executeServerCommand('svc-set-input-files', { selector: `#${element.id} input[part="folder-input"]`, folder: true });
}

/**
 * Waits for the element's finite animations (a view sliding in, a row appearing) to end, so a
 * check sees the settled interface, as a user does, rather than a frame in mid-fade.
 */
export async function animationsSettled(element: SvcUploader): Promise<void> {
  await element.updateComplete;
  const running = element.shadowRoot!.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
  await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
}

/** Waits until `condition` holds, re-checking after each of the element's updates. */
export async function until(element: SvcUploader, condition: () => boolean, what = 'condition'): Promise<void> {
  // A watchdog with slack for a loaded machine; a condition that holds ends the wait at once.
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await element.updateComplete;
  }
}

/** Waits until an asynchronous check passes (state outside the element, e.g. IndexedDB). */
export { eventually } from '../eventually.js';

/** The text of the fixture files the server serves (see wtr-element-fixtures.mjs). */
export function fixtureFileText(name: string): string {
  return `svc-uploader fixture file ${name}\n`.repeat(8);
}
