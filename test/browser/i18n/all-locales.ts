import type { LocaleBundle } from '../../../locales/en.js';
import ar from '../../../locales/ar.js';
import de from '../../../locales/de.js';
import en from '../../../locales/en.js';
import es from '../../../locales/es.js';
import fr from '../../../locales/fr.js';
import he from '../../../locales/he.js';
import it from '../../../locales/it.js';
import ja from '../../../locales/ja.js';
import ko from '../../../locales/ko.js';
import nl from '../../../locales/nl.js';
import pl from '../../../locales/pl.js';
import ptBR from '../../../locales/pt-BR.js';
import ru from '../../../locales/ru.js';
import tr from '../../../locales/tr.js';
import zhCN from '../../../locales/zh-CN.js';
import zhTW from '../../../locales/zh-TW.js';
import bg from '../../../locales/bg.js';
import ca from '../../../locales/ca.js';
import cs from '../../../locales/cs.js';
import da from '../../../locales/da.js';
import el from '../../../locales/el.js';
import et from '../../../locales/et.js';
import fi from '../../../locales/fi.js';
import gl from '../../../locales/gl.js';
import hr from '../../../locales/hr.js';
import hu from '../../../locales/hu.js';
import is from '../../../locales/is.js';
import lt from '../../../locales/lt.js';
import lv from '../../../locales/lv.js';
import nb from '../../../locales/nb.js';
import ptPT from '../../../locales/pt-PT.js';
import ro from '../../../locales/ro.js';
import sk from '../../../locales/sk.js';
import sl from '../../../locales/sl.js';
import srCyrl from '../../../locales/sr-Cyrl.js';
import srLatn from '../../../locales/sr-Latn.js';
import sv from '../../../locales/sv.js';
import uk from '../../../locales/uk.js';
import eu from '../../../locales/eu.js';
import az from '../../../locales/az.js';
import id from '../../../locales/id.js';
import ms from '../../../locales/ms.js';
import vi from '../../../locales/vi.js';
import th from '../../../locales/th.js';
import hi from '../../../locales/hi.js';
import bn from '../../../locales/bn.js';
import fa from '../../../locales/fa.js';
import ur from '../../../locales/ur.js';
import uz from '../../../locales/uz.js';
import kk from '../../../locales/kk.js';
import ka from '../../../locales/ka.js';
import km from '../../../locales/km.js';

/** Every shipped bundle, keyed by the module name a page imports (`svc-uploader/locales/<code>`). */
export const shippedLocales: Record<string, LocaleBundle> = {
  en, es, fr, de, 'pt-BR': ptBR, it, nl, pl, ru, tr, ja, ko, 'zh-CN': zhCN, 'zh-TW': zhTW, ar, he,
  bg, ca, cs, da, el, et, fi, gl, hr, hu, is, lt,
  lv, nb, 'pt-PT': ptPT, ro, sk, sl, 'sr-Cyrl': srCyrl, 'sr-Latn': srLatn, sv, uk, eu, az,
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
