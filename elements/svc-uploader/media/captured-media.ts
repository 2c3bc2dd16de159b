/**
 * A capture waiting for the user's decision: shown for review, then used (added to the list) or
 * discarded. Owns the object URL of the preview.
 */
import { html, type TemplateResult } from 'lit';

export type CapturedKind = 'image' | 'video' | 'audio';

export class CapturedMedia {
  readonly url: string;

  constructor(
    readonly file: File,
    readonly kind: CapturedKind,
    readonly durationMs = 0,
  ) {
    this.url = URL.createObjectURL(file);
  }

  release(): void {
    URL.revokeObjectURL(this.url);
  }

  render(label: string): TemplateResult {
    switch (this.kind) {
      case 'image':
        return html`<img part="capture-review" class="capture-review" src=${this.url} alt=${label} />`;
      case 'video':
        return html`<video part="capture-review" class="capture-review" src=${this.url} controls playsinline aria-label=${label}></video>`;
      case 'audio':
        return html`<audio part="capture-review" class="capture-review" src=${this.url} controls aria-label=${label}></audio>`;
    }
  }
}
