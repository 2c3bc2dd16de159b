/**
 * Public browser entry of svc-uploader: registers `<svc-uploader>` and exports the element class,
 * its event table and types, and the headless upload engine. `svc-uploader/element` exports the
 * same element API without registering the tag; `svc-uploader/engine` is the engine alone.
 *
 * ```html
 * <script type="module">import 'svc-uploader';</script>
 * <svc-uploader server-url="/api/upload" max-files="5"></svc-uploader>
 * ```
 */
import './svc-uploader/define.js';

export * from './element.js';
