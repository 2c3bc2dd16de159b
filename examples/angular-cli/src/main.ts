// `svc-uploader/define` registers <svc-uploader> and exports nothing else. The package root
// (`import 'svc-uploader'`) would register it too, but Angular's builder (esbuild) then puts every
// module the root re-exports, the lazily loaded upload engine included, into the initial chunks.
// Types come from the root all the same: `import type` adds nothing to the bundle.
import 'svc-uploader/define';
import { bootstrapApplication } from '@angular/platform-browser';
import { appConfig } from './app/app.config';
import { App } from './app/app';

bootstrapApplication(App, appConfig).catch((err) => console.error(err));
