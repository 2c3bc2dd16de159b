// Every upload route under /api/upload/** in one line. Nitro 3 runs on h3 v2, whose event already
// carries the Web Request (`event.req`) that the handler takes: no conversion.
import { defineHandler } from 'nitro/h3';
import { uploadHandler } from '../../../utils/upload-handler.js';

export default defineHandler((event) => uploadHandler(event.req));
