/**
 * Every shipped locale bundle in one module, keyed by the code a page imports
 * (`svc-uploader/locales/<code>`). Importing this loads all of them: a page that shows one language
 * imports that bundle alone; this is for language pickers, server rendering, the catalog and tests.
 */
import type { LocaleBundle } from './en.js';
import af from './af.js';
import am from './am.js';
import ar from './ar.js';
import az from './az.js';
import be from './be.js';
import bg from './bg.js';
import bn from './bn.js';
import bs from './bs.js';
import ca from './ca.js';
import cs from './cs.js';
import da from './da.js';
import de from './de.js';
import el from './el.js';
import en from './en.js';
import es from './es.js';
import et from './et.js';
import eu from './eu.js';
import fa from './fa.js';
import fi from './fi.js';
import fil from './fil.js';
import fr from './fr.js';
import gl from './gl.js';
import gu from './gu.js';
import he from './he.js';
import hi from './hi.js';
import hr from './hr.js';
import hu from './hu.js';
import hy from './hy.js';
import id from './id.js';
import is from './is.js';
import it from './it.js';
import ja from './ja.js';
import ka from './ka.js';
import kk from './kk.js';
import km from './km.js';
import kn from './kn.js';
import ko from './ko.js';
import lo from './lo.js';
import lt from './lt.js';
import lv from './lv.js';
import mk from './mk.js';
import ml from './ml.js';
import mn from './mn.js';
import mr from './mr.js';
import ms from './ms.js';
import my from './my.js';
import nb from './nb.js';
import ne from './ne.js';
import nl from './nl.js';
import pa from './pa.js';
import pl from './pl.js';
import ps from './ps.js';
import ptBR from './pt-BR.js';
import ptPT from './pt-PT.js';
import ro from './ro.js';
import ru from './ru.js';
import si from './si.js';
import sk from './sk.js';
import sl from './sl.js';
import sq from './sq.js';
import srCyrl from './sr-Cyrl.js';
import srLatn from './sr-Latn.js';
import sv from './sv.js';
import sw from './sw.js';
import ta from './ta.js';
import te from './te.js';
import th from './th.js';
import tr from './tr.js';
import uk from './uk.js';
import ur from './ur.js';
import uz from './uz.js';
import vi from './vi.js';
import zhCN from './zh-CN.js';
import zhTW from './zh-TW.js';

export const allLocales: Readonly<Record<string, LocaleBundle>> = {
  en,
  es,
  fr,
  de,
  'pt-BR': ptBR,
  it,
  nl,
  pl,
  ru,
  tr,
  ja,
  ko,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  ar,
  he,
  bg,
  ca,
  cs,
  da,
  el,
  et,
  fi,
  gl,
  hr,
  hu,
  hy,
  is,
  lt,
  lv,
  nb,
  'pt-PT': ptPT,
  ro,
  sk,
  sl,
  'sr-Cyrl': srCyrl,
  'sr-Latn': srLatn,
  sv,
  uk,
  eu,
  az,
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
  sq,
  mk,
  bs,
  be,
  sw,
  fil,
  ta,
  mn,
  af,
  ml,
  te,
  mr,
  gu,
  kn,
  pa,
  ne,
  ps,
  si,
  am,
  my,
  lo,
};

export default allLocales;
