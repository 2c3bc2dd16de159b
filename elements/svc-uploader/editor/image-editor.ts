/**
 * The image editor's entry point, loaded on the first Edit: decodes the file, keeps the edit state
 * and hands the uploader the surface to render and the file to save. The preview works from a copy
 * of the image no longer than 2048 px, so 12-megapixel photos stay responsive; only `save()`
 * draws the full-resolution image.
 */
import { nothing } from 'lit';
import { CropInteraction } from './crop-box.js';
import {
  flip,
  initialEditState,
  isChanged,
  isImageChanged,
  effectiveName,
  rename,
  resetEditState,
  rotateQuarter,
  setAspect,
  setColour,
  setFilter,
  type EditState,
} from './edit-state.js';
import type { EditorTab } from '../types.js';
import type { EditorSession, EditorSessionContext, EditorSessionFactory } from './editor-session.js';
import { renderEditorView, type EditorActions } from './editor-view.js';
import { PreviewCanvas } from './preview-canvas.js';
import { outputSize, renderEditedFile, thumbnailUrl } from './render-image.js';

const PREVIEW_LONG_EDGE = 2048;
/** Filter thumbnails are shown at about 72 CSS px; twice that stays sharp on dense screens. */
const THUMBNAIL_LONG_EDGE = 144;

let sessionCount = 0;

/** Decodes with the file's EXIF orientation applied, so the user edits the photo the way it is seen. */
async function decode(file: File, message: string): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (cause) {
    throw new Error(message, { cause });
  }
}

async function downscale(bitmap: ImageBitmap, longEdge: number): Promise<ImageBitmap | undefined> {
  const factor = longEdge / Math.max(bitmap.width, bitmap.height);
  if (factor >= 1) return undefined;
  try {
    return await createImageBitmap(bitmap, {
      resizeWidth: Math.max(1, Math.round(bitmap.width * factor)),
      resizeHeight: Math.max(1, Math.round(bitmap.height * factor)),
      resizeQuality: 'high',
    });
  } catch {
    // Without resize options the preview simply draws from the full image.
    return undefined;
  }
}

class ImageEditorSession implements EditorSession {
  readonly #context: EditorSessionContext;
  readonly #image: ImageBitmap;
  readonly #previewImage: ImageBitmap | undefined;
  readonly #preview: PreviewCanvas;
  readonly #crop: CropInteraction;
  readonly #idPrefix = `svc-editor-${++sessionCount}`;
  #state: EditState;
  #activeTab: EditorTab | undefined;
  #thumbnail = { key: '', url: '' };

  constructor(context: EditorSessionContext, image: ImageBitmap, previewImage: ImageBitmap | undefined) {
    this.#context = context;
    this.#image = image;
    this.#previewImage = previewImage;
    this.#state = initialEditState(image.width, image.height, context.file.name);
    this.#activeTab = context.options.tabs[0];
    this.#preview = new PreviewCanvas(previewImage ?? image);
    this.#crop = new CropInteraction({ current: () => this.#state, update: (state) => this.#update(state) });
  }

  get changed(): boolean {
    return isChanged(this.#state);
  }

  render() {
    const { t, options, icons } = this.#context;
    this.#preview.show(this.#state);
    const cropping = options.tools.has('crop');
    return renderEditorView({
      state: this.#state,
      options,
      t,
      icons: icons(),
      activeTab: this.#activeTab,
      idPrefix: this.#idPrefix,
      output: outputSize(this.#state, options.output),
      changed: this.changed,
      canvasRef: this.#preview.attach,
      cropOverlay: cropping ? this.#crop.render(t, `${this.#idPrefix}-crop-hint`, this.#activeTab === 'crop') : nothing,
      thumbnail: () => this.#thumbnailUrl(),
      actions: this.#actions,
    });
  }

  async save(): Promise<File> {
    const { file, options } = this.#context;
    if (!this.changed) return file;
    const state = this.#state;
    // A rename alone keeps the original bytes: no re-encode, no quality lost.
    if (!isImageChanged(state)) return new File([file], effectiveName(state), { type: file.type, lastModified: Date.now() });
    return renderEditedFile(this.#image, state, file, options.output);
  }

  reset(): void {
    this.#update(resetEditState(this.#state));
  }

  dispose(): void {
    this.#preview.dispose();
    this.#previewImage?.close();
    this.#image.close();
  }

  readonly #actions: EditorActions = {
    selectTab: (tab) => {
      this.#activeTab = tab;
      this.#context.requestUpdate();
    },
    rotate: (direction) => this.#update(rotateQuarter(this.#state, direction)),
    flip: (axis) => this.#update(flip(this.#state, axis)),
    setAspect: (aspect) => this.#update(setAspect(this.#state, aspect)),
    setColour: (setting, value) => this.#update(setColour(this.#state, setting, value)),
    setFilter: (filter) => this.#update(setFilter(this.#state, filter)),
    rename: (name) => this.#update(rename(this.#state, name)),
    reset: () => this.reset(),
  };

  #update(state: EditState): void {
    this.#state = state;
    this.#context.requestUpdate();
  }

  /** Redrawn only while the filters are in view, so dragging the crop on its tab costs nothing more. */
  #thumbnailUrl(): string {
    const { rotation, flipX, flipY, crop } = this.#state;
    const key = `${rotation}|${flipX}|${flipY}|${crop.x}|${crop.y}|${crop.width}|${crop.height}`;
    const stale = key !== this.#thumbnail.key;
    if (stale && (this.#activeTab === 'filters' || !this.#thumbnail.url)) {
      this.#thumbnail = { key, url: thumbnailUrl(this.#previewImage ?? this.#image, this.#state, THUMBNAIL_LONG_EDGE) };
    }
    return this.#thumbnail.url;
  }
}

export const createEditorSession: EditorSessionFactory = async (context) => {
  const image = await decode(context.file, context.t('edit.decodeFailed'));
  const previewImage = await downscale(image, PREVIEW_LONG_EDGE);
  return new ImageEditorSession(context, image, previewImage);
};
