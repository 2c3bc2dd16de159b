// Every upload route under /api/upload/** in one line (Nuxt 4: h3 v1, auto-imported helpers).
// On Nitro v3 / h3 v2 the event already carries the Web Request:
//   export default defineHandler((event) => uploadHandler(event.req));
import { uploadHandler } from '../../utils/upload-handler.js';

export default defineEventHandler((event) => uploadHandler(toWebRequest(event)));
