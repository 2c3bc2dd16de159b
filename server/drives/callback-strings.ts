/**
 * The words of the OAuth callback page, in the language the browser asks for (`Accept-Language`),
 * English when none of them fits. A compact table of its own: the server does not read the
 * element's locale bundles (browser code), and the page has only two sentences.
 */
import { closestLocale } from '../../protocol/closest-locale.js';

export interface CallbackStrings {
  lang: string;
  dir: 'ltr' | 'rtl';
  /** `{name}` is the drive's display name (`Google Drive`). */
  title: string;
  connected: string;
}

type Entry = Omit<CallbackStrings, 'lang' | 'dir'> & { dir?: 'rtl' };

const STRINGS: Record<string, Entry> = {
  en: { title: '{name} connected', connected: '{name} is connected. You can close this window.' },
  es: { title: '{name} conectado', connected: '{name} está conectado. Puedes cerrar esta ventana.' },
  fr: { title: '{name} connecté', connected: '{name} est connecté. Vous pouvez fermer cette fenêtre.' },
  de: { title: '{name} verbunden', connected: '{name} ist verbunden. Sie können dieses Fenster schließen.' },
  'pt-BR': { title: '{name} conectado', connected: '{name} está conectado. Você pode fechar esta janela.' },
  it: { title: '{name} collegato', connected: '{name} è collegato. Puoi chiudere questa finestra.' },
  nl: { title: '{name} verbonden', connected: '{name} is verbonden. Je kunt dit venster sluiten.' },
  pl: { title: 'Połączono z {name}', connected: 'Połączono z {name}. Możesz zamknąć to okno.' },
  ru: { title: 'Подключено: {name}', connected: 'Подключено: {name}. Это окно можно закрыть.' },
  tr: { title: '{name} bağlandı', connected: '{name} bağlandı. Bu pencereyi kapatabilirsiniz.' },
  ja: { title: '{name} に接続しました', connected: '{name} に接続しました。このウィンドウは閉じてかまいません。' },
  ko: { title: '{name} 연결됨', connected: '{name} 연결이 완료되었습니다. 이 창을 닫아도 됩니다.' },
  'zh-CN': { title: '已连接 {name}', connected: '已连接 {name}。您可以关闭此窗口。' },
  'zh-TW': { title: '已連結 {name}', connected: '已連結 {name}。您可以關閉此視窗。' },
  ar: { dir: 'rtl', title: 'تم الاتصال بـ {name}', connected: 'تم الاتصال بـ {name}. يمكنك إغلاق هذه النافذة.' },
  he: { dir: 'rtl', title: '{name} מחובר', connected: '{name} מחובר. אפשר לסגור את החלון הזה.' },
  nb: { title: '{name} er tilkoblet', connected: '{name} er tilkoblet. Du kan lukke dette vinduet.' },
  'sr-Cyrl': { title: '{name} је повезан', connected: '{name} је повезан. Можете да затворите овај прозор.' },
  'sr-Latn': { title: '{name} je povezan', connected: '{name} je povezan. Možete da zatvorite ovaj prozor.' },
  hy: { title: '{name}-ը միացված է', connected: '{name}-ը միացված է։ Կարող եք փակել այս պատուհանը։' },
};

/** Longer headers are cut here before parsing; real browsers send well under 200 characters. */
const MAX_HEADER_LENGTH = 512;
const MAX_RANGES = 16;
const SUBTAG = /^[a-z0-9]{1,8}$/;
const Q_VALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

const LANGUAGES: ReadonlySet<string> = new Set(Object.keys(STRINGS));

/**
 * The table entry for one language range, by the element's own rule (CLDR likely subtags):
 * `de-AT` → `de`, `pt` and `pt-PT` → `pt-BR` (the table's only Portuguese), `zh-HK` and
 * `zh-Hant` → `zh-TW`, `iw` → `he`.
 */
function entryFor(subtags: string[]): string | undefined {
  return closestLocale(subtags.join('-'), LANGUAGES);
}

/**
 * The ranges of an `Accept-Language` header (RFC 9110), best first: ranges with `q=0`, `*` and
 * anything malformed are skipped; equal weights keep the header's order. Bounded and linear:
 * the header is cut to 512 characters and at most 16 ranges are read.
 * @internal Exported for tests.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[][] {
  if (!header) return [];
  const ranges: Array<{ subtags: string[]; q: number; order: number }> = [];
  for (const item of header.slice(0, MAX_HEADER_LENGTH).split(',').slice(0, MAX_RANGES)) {
    const [range = '', ...parameters] = item.split(';').map((part) => part.trim().toLowerCase());
    const subtags = range.split('-');
    if (!subtags.every((subtag) => SUBTAG.test(subtag))) continue;
    let q = 1;
    for (const parameter of parameters) {
      if (!parameter.startsWith('q=')) continue;
      const value = parameter.slice(2);
      q = Q_VALUE.test(value) ? Number(value) : 0;
    }
    if (q > 0) ranges.push({ subtags, q, order: ranges.length });
  }
  return ranges.sort((a, b) => b.q - a.q || a.order - b.order).map((range) => range.subtags);
}

/** The page's words for the first language of the header the table has; English otherwise. */
export function getCallbackStrings(acceptLanguage: string | null | undefined): CallbackStrings {
  for (const subtags of parseAcceptLanguage(acceptLanguage)) {
    const lang = entryFor(subtags);
    if (lang !== undefined) {
      const { dir = 'ltr', ...words } = STRINGS[lang]!;
      return { lang, dir, ...words };
    }
  }
  return { lang: 'en', dir: 'ltr', ...STRINGS.en! };
}
