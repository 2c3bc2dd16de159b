// Every shipped locale bundle, keyed by the module name a page imports (`svc-uploader/locales/<code>`).
import type { LocaleBundle } from '../locales/en.js';
import ar from '../locales/ar.js';
import de from '../locales/de.js';
import en from '../locales/en.js';
import es from '../locales/es.js';
import fr from '../locales/fr.js';
import he from '../locales/he.js';
import it from '../locales/it.js';
import ja from '../locales/ja.js';
import ko from '../locales/ko.js';
import nl from '../locales/nl.js';
import pl from '../locales/pl.js';
import ptBR from '../locales/pt-BR.js';
import ru from '../locales/ru.js';
import tr from '../locales/tr.js';
import zhCN from '../locales/zh-CN.js';
import zhTW from '../locales/zh-TW.js';
import id from '../locales/id.js';
import ms from '../locales/ms.js';
import vi from '../locales/vi.js';
import th from '../locales/th.js';
import hi from '../locales/hi.js';
import bn from '../locales/bn.js';
import fa from '../locales/fa.js';
import ur from '../locales/ur.js';
import uz from '../locales/uz.js';
import kk from '../locales/kk.js';
import ka from '../locales/ka.js';
import km from '../locales/km.js';

export const localeBundles: Record<string, LocaleBundle> = {
  en, es, fr, de, 'pt-BR': ptBR, it, nl, pl, ru, tr, ja, ko, 'zh-CN': zhCN, 'zh-TW': zhTW, ar, he,
  id,
  ms,
  vi,
  th,
  hi,
  bn,
  fa,
  ur,
  uz,
  kk,
  ka,
  km,
};
