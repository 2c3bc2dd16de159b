// What the built-bundle hardening suites share: the bundle's own exports (engine.js: engine, recovery storage),
// polling for work the element does in the background, and random files. Like built-bundle.ts,
// nothing here imports elements/ at run time, so the bundle is the only copy of the code on the page.
import type * as Bundle from '../../../elements/index.js';
import type { SvcUploader } from './built-bundle.js';

export type BuiltBundle = typeof Bundle;

const BUNDLE = '/dist/browser/svc-uploader.js';
const ENGINE_BUNDLE = '/dist/browser/engine.js';

/** The exports of both bundle files, the element's and the engine's (call after `loadBuiltBundle`, which skips the suite when it is missing). */
export async function builtBundle(): Promise<BuiltBundle> {
  const [element, engine] = await Promise.all([import(/* @vite-ignore */ BUNDLE), import(/* @vite-ignore */ ENGINE_BUNDLE)]);
  return { ...element, ...engine } as BuiltBundle;
}

export { eventually } from '../eventually.js';

export function maybePartOf<T extends Element = HTMLElement>(element: SvcUploader, name: string): T | null {
  return element.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
}

/** A File of `size` random bytes. */
export function randomBytesFile(name: string, size: number, type = 'application/octet-stream'): File {
  const bytes = new Uint8Array(size);
  for (let offset = 0; offset < size; offset += 65536) crypto.getRandomValues(bytes.subarray(offset, Math.min(size, offset + 65536)));
  return new File([bytes], name, { type, lastModified: Date.now() });
}

/** Resolves with the next event of this type the element fires. */
export function nextElementEvent(element: SvcUploader, type: string): Promise<CustomEvent> {
  return new Promise((resolve) => element.addEventListener(type, (event) => resolve(event as CustomEvent), { once: true }));
}

/** The real handler behind a fault plan of test/support/wtr-fixtures.mjs. */
export async function createFaultPlan(spec: { fail?: Record<string, number>; failParts?: Record<number, number> } = {}) {
  const response = await fetch('/test-fixtures/plans', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) });
  const { id } = (await response.json()) as { id: string };
  return {
    serverUrl: `/test-fixtures/faulty/${id}`,
    log: async () =>
      (await (await fetch(`/test-fixtures/plans/${id}`)).json()) as { resumes: number; completes: number; aborts: number; failedAnswers: number },
  };
}
