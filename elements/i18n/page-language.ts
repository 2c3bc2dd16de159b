/**
 * What an element without an `i18n` prop shows on a page: the shipped bundle closest to the
 * page's `lang`, in the page's `dir` when it sets `ltr` or `rtl` (else the bundle's own). Loaded
 * on demand by document-locale.ts.
 */
import { loadClosestBundle } from './locale-catalog.js';
import type { I18nOptions, TextDirection } from './types.js';

export async function optionsFor(lang: string, dirAttribute: string): Promise<I18nOptions | undefined> {
  const dir = dirAttribute.toLowerCase();
  const pageDir: TextDirection | undefined = dir === 'rtl' || dir === 'ltr' ? dir : undefined;
  // A bundle that fails to load (offline, a deploy in between) leaves the text in English.
  const bundle = lang.trim() === '' ? undefined : await loadClosestBundle(lang.trim()).catch(() => undefined);
  if (bundle) return { bundle: pageDir ? { ...bundle, dir: pageDir } : bundle };
  return pageDir ? { bundle: { lang: 'en', dir: pageDir, messages: {} } } : undefined;
}
