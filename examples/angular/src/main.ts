// The JIT compiler first: it compiles the component templates (and Angular's own partially
// compiled declarations) in the browser. Then the package, so <svc-uploader> is defined before
// Angular binds [maxFiles] and [maxFileSize] as properties on it.
import '@angular/compiler';
import 'svc-uploader';
import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { AppComponent } from './app.component.ts';

bootstrapApplication(AppComponent, {
  providers: [provideZonelessChangeDetection()],
}).catch((error: unknown) => console.error(error));
