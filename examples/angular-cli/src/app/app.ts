import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import { RouterOutlet } from '@angular/router';
import type { FileSizeLimit, SvcUploaderEventMap } from 'svc-uploader';

interface StoredFile {
  key: string;
  name: string;
}

/**
 * CUSTOM_ELEMENTS_SCHEMA lets the template use <svc-uploader> and bind properties Angular does not
 * know. server-url is a static attribute; [maxFiles] and [maxFileSize] set properties; (svc-...)
 * listens for the element's DOM events, and `$event` is the CustomEvent with its detail.
 */
@Component({
  selector: 'app-root',
  imports: [RouterOutlet],
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>svc-uploader in an Angular CLI app</h1>
      <svc-uploader
        server-url="/api/upload"
        [maxFiles]="5"
        [maxFileSize]="maxFileSize"
        (svc-file-upload-complete)="onFileUploadComplete($event)"
        (svc-files-upload-complete)="onRunComplete($event)"
      ></svc-uploader>

      <h2>Stored</h2>
      @if (summary()) {
        <p class="run-summary">{{ summary() }}</p>
      }
      <ul class="stored-files">
        @for (file of stored(); track file.key) {
          <li [attr.data-key]="file.key">{{ file.name }} → {{ file.key }}</li>
        }
      </ul>
    </main>
    <router-outlet />
  `,
  styles: `
    main { max-width: 46rem; margin: 2rem auto; padding: 0 1rem; font-family: system-ui, sans-serif; }
    svc-uploader { display: block; margin-block: 1.5rem; }
  `,
})
export class App {
  protected readonly stored = signal<StoredFile[]>([]);
  protected readonly summary = signal('');
  protected readonly maxFileSize: FileSizeLimit = { size: 50, unit: 'MB' };

  protected onFileUploadComplete(event: SvcUploaderEventMap['svc-file-upload-complete']) {
    const { key, file } = event.detail;
    this.stored.update((files) => [...files, { key, name: file.name }]);
  }

  protected onRunComplete(event: SvcUploaderEventMap['svc-files-upload-complete']) {
    this.summary.set(`${event.detail.successful} stored, ${event.detail.failed} failed`);
  }
}
