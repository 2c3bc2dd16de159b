/**
 * The shipped locale bundles, each behind its own `import()` so a page fetches only the one it
 * needs, and the lookup from a document's `lang` to the closest of them. This module is itself
 * loaded on demand, only on pages whose language is not English.
 */
import { closestLocale } from '../../protocol/closest-locale.js';
import type { LocaleBundle } from './types.js';

type BundleLoader = () => Promise<{ default: LocaleBundle }>;

const BUNDLES: Record<string, BundleLoader> = {
  af: () => import('../../locales/af.js'),
  am: () => import('../../locales/am.js'),
  ar: () => import('../../locales/ar.js'),
  az: () => import('../../locales/az.js'),
  be: () => import('../../locales/be.js'),
  bg: () => import('../../locales/bg.js'),
  bn: () => import('../../locales/bn.js'),
  bs: () => import('../../locales/bs.js'),
  ca: () => import('../../locales/ca.js'),
  cs: () => import('../../locales/cs.js'),
  da: () => import('../../locales/da.js'),
  de: () => import('../../locales/de.js'),
  el: () => import('../../locales/el.js'),
  es: () => import('../../locales/es.js'),
  et: () => import('../../locales/et.js'),
  eu: () => import('../../locales/eu.js'),
  fa: () => import('../../locales/fa.js'),
  fi: () => import('../../locales/fi.js'),
  fil: () => import('../../locales/fil.js'),
  fr: () => import('../../locales/fr.js'),
  gl: () => import('../../locales/gl.js'),
  gu: () => import('../../locales/gu.js'),
  he: () => import('../../locales/he.js'),
  hi: () => import('../../locales/hi.js'),
  hr: () => import('../../locales/hr.js'),
  hu: () => import('../../locales/hu.js'),
  hy: () => import('../../locales/hy.js'),
  id: () => import('../../locales/id.js'),
  is: () => import('../../locales/is.js'),
  it: () => import('../../locales/it.js'),
  ja: () => import('../../locales/ja.js'),
  ka: () => import('../../locales/ka.js'),
  kk: () => import('../../locales/kk.js'),
  km: () => import('../../locales/km.js'),
  kn: () => import('../../locales/kn.js'),
  ko: () => import('../../locales/ko.js'),
  lo: () => import('../../locales/lo.js'),
  lt: () => import('../../locales/lt.js'),
  lv: () => import('../../locales/lv.js'),
  mk: () => import('../../locales/mk.js'),
  ml: () => import('../../locales/ml.js'),
  mn: () => import('../../locales/mn.js'),
  mr: () => import('../../locales/mr.js'),
  ms: () => import('../../locales/ms.js'),
  my: () => import('../../locales/my.js'),
  nb: () => import('../../locales/nb.js'),
  ne: () => import('../../locales/ne.js'),
  nl: () => import('../../locales/nl.js'),
  pa: () => import('../../locales/pa.js'),
  pl: () => import('../../locales/pl.js'),
  ps: () => import('../../locales/ps.js'),
  'pt-BR': () => import('../../locales/pt-BR.js'),
  'pt-PT': () => import('../../locales/pt-PT.js'),
  ro: () => import('../../locales/ro.js'),
  ru: () => import('../../locales/ru.js'),
  si: () => import('../../locales/si.js'),
  sk: () => import('../../locales/sk.js'),
  sl: () => import('../../locales/sl.js'),
  sq: () => import('../../locales/sq.js'),
  'sr-Cyrl': () => import('../../locales/sr-Cyrl.js'),
  'sr-Latn': () => import('../../locales/sr-Latn.js'),
  sv: () => import('../../locales/sv.js'),
  sw: () => import('../../locales/sw.js'),
  ta: () => import('../../locales/ta.js'),
  te: () => import('../../locales/te.js'),
  th: () => import('../../locales/th.js'),
  tr: () => import('../../locales/tr.js'),
  uk: () => import('../../locales/uk.js'),
  ur: () => import('../../locales/ur.js'),
  uz: () => import('../../locales/uz.js'),
  vi: () => import('../../locales/vi.js'),
  'zh-CN': () => import('../../locales/zh-CN.js'),
  'zh-TW': () => import('../../locales/zh-TW.js'),
};

const BUNDLE_CODES: ReadonlySet<string> = new Set(Object.keys(BUNDLES));

/**
 * The bundle closest to a BCP-47 tag, or undefined when none fits (English is then shown), by
 * CLDR's likely subtags (protocol/closest-locale.ts): `zh-HK` and `zh-Hant` read Traditional
 * Chinese (`zh-TW`), `zh` and `zh-SG` Simplified (`zh-CN`), `sr` Cyrillic and `sr-ME` Latin
 * Serbian, `pt` and `pt-BR` Brazilian and every other Portuguese region `pt-PT`, `no` and `nn`
 * Bokmål, `de-AT` `de`.
 * @internal Exported for tests.
 */
export function closestBundleCode(tag: string): string | undefined {
  return closestLocale(tag, BUNDLE_CODES);
}

/** Loads the bundle closest to `tag`; undefined when none fits. */
export async function loadClosestBundle(tag: string): Promise<LocaleBundle | undefined> {
  const code = closestBundleCode(tag);
  if (code === undefined) return undefined;
  return (await BUNDLES[code]!()).default;
}
