// The built browser bundle (dist/browser, from `npm run build`), loaded as a plain HTML page loads
// it. Suites that prove what a user of the published element sees import this instead of the
// sources; nothing here may import elements/ at run time, or the source element would register first.
import type { SvcUploader } from '../../../elements/index.js';
import type { SvcUploaderEventMap, SvcUploaderEventName } from '../../../elements/svc-uploader/events.js';

export type { SvcUploader };

const BUNDLE = '/dist/browser/svc-uploader.js';

/** A `before` hook: loads the bundle, or skips the suite (visibly) when it has not been built. */
export async function loadBuiltBundle(this: Mocha.Context): Promise<void> {
  const response = await fetch(BUNDLE, { method: 'HEAD' });
  if (!response.ok) this.skip();
  await import(/* @vite-ignore */ BUNDLE);
}

export async function mountBuilt(attributes: Record<string, string> = {}): Promise<SvcUploader> {
  const element = document.createElement('svc-uploader') as SvcUploader;
  element.setAttribute('server-url', '/api/upload');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.classList.add('built-bundle-test');
  document.body.append(element);
  await element.updateComplete;
  return element;
}

export function unmountBuilt(): void {
  for (const element of document.querySelectorAll('.built-bundle-test')) element.remove();
}

export function partsOf<T extends Element = HTMLElement>(element: SvcUploader, name: string): T[] {
  return [...element.shadowRoot!.querySelectorAll<T>(`[part~="${name}"]`)];
}

export function partOf<T extends Element = HTMLElement>(element: SvcUploader, name: string): T {
  const found = partsOf<T>(element, name)[0];
  if (!found) throw new Error(`No [part~="${name}"] rendered`);
  return found;
}

/** Every event of these names the element fires, in order. */
export function recordBuiltEvents<Name extends SvcUploaderEventName>(element: SvcUploader, names: Name[]): SvcUploaderEventMap[Name][] {
  const events: SvcUploaderEventMap[Name][] = [];
  for (const name of names) element.addEventListener(name, (event) => events.push(event as SvcUploaderEventMap[Name]));
  return events;
}

/** Tiny text files named `prefix-00001.txt`… */
export function textFiles(count: number, prefix = 'file'): File[] {
  return Array.from({ length: count }, (_, index) => new File([`#${index}`], `${prefix}-${String(index).padStart(5, '0')}.txt`, { type: 'text/plain' }));
}
