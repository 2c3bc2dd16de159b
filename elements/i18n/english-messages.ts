/**
 * English, the layer under every language, in two parts. What an empty uploader shows
 * (locales/en/first-paint.ts) comes with the element; the rest of English (locales/en.ts: the list,
 * notices, failures, panels, announcements) is a chunk of its own, loaded with the engine after the
 * first paint, or by the translator on first use of a message it lacks. The element fetches it
 * with the engine whatever the page's language: a host's bundle may lack keys, and a page may
 * switch back to English.
 */
import firstPaintMessages from '../../locales/en/first-paint.js';
import { lazyModule } from '../../engine/core/lazy-module.js';
import type { Messages } from './types.js';

export const ENGLISH_LANG = 'en';

/** One load for the page; a failed one (offline, a deploy in between) is tried again next time. */
const fullEnglish = lazyModule(() => import('../../locales/en.js'));

/** Every English message once the rest has arrived; the first paint's until then. */
export function loadedEnglishMessages(): Partial<Messages> {
  return fullEnglish.loaded?.default.messages ?? firstPaintMessages;
}

/** True once every English message is on the page. */
export function isEnglishComplete(): boolean {
  return fullEnglish.loaded !== undefined;
}

/** Loads the rest of English once; callers that show list, notice or failure text await it first. */
export async function loadEnglishMessages(): Promise<void> {
  await fullEnglish.load();
}

/**
 * `module` once it and the rest of English have arrived, so whatever it shows is worded from its
 * first render. English that fails to load does not fail `module`: the translator asks again when
 * a message needs it.
 */
export async function withEnglish<Module>(module: Promise<Module>): Promise<Module> {
  const [loaded] = await Promise.all([module, loadEnglishMessages().catch(() => undefined)]);
  return loaded;
}
