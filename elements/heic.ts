/**
 * `import 'svc-uploader/heic'`: turns on the decoder behind `heicConversion`. Kept apart from the
 * main entry because `heic-to` is an optional peer dependency (`npm install heic-to`): only apps that
 * import this module need it installed. The decoder itself still loads with the first HEIC file.
 */
import { provideHeicDecoder } from '../engine/processing/image-steps/heic-decoder.js';

provideHeicDecoder(() => import('heic-to/csp'));
