/**
 * The editing surface inside the uploader's editor frame: tabs of tools, the image with its crop
 * box, and under it the output size, Reset and the file name. Only enabled tools appear. All tab
 * panels share one grid cell, so switching tabs never changes the height of the surface.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { styleMap } from 'lit/directives/style-map.js';
import type { Translate } from '../sources/source-panel.js';
import { displayName } from '../engine-views/display-name.js';
import { renderIcon, type GlyphName } from '../shell/icons.js';
import type { IconsConfig } from '../types.js';
import { cssFilter } from './colour-filters.js';
import { ASPECT_PRESETS, FILTER_PRESETS, displaySize, type AspectPreset, type ColourSetting, type EditState, type FilterPreset } from './edit-state.js';
import type { EditorTab, EditorTool } from '../types.js';
import type { ResolvedEditorOptions } from './editor-session.js';
import { editorStyles } from './editor-styles.js';

export interface EditorActions {
  selectTab(tab: EditorTab): void;
  rotate(direction: 1 | -1): void;
  flip(axis: 'horizontal' | 'vertical'): void;
  setAspect(aspect: AspectPreset): void;
  setColour(setting: ColourSetting, value: number): void;
  setFilter(filter: FilterPreset): void;
  rename(name: string): void;
  reset(): void;
}

export interface EditorViewModel {
  readonly state: EditState;
  readonly options: ResolvedEditorOptions;
  readonly t: Translate;
  readonly icons: IconsConfig | undefined;
  readonly activeTab: EditorTab | undefined;
  /** Prefix of the ids that tie tabs, panels, labels and hints together. */
  readonly idPrefix: string;
  readonly output: { width: number; height: number };
  readonly changed: boolean;
  readonly canvasRef: (element: Element | undefined) => void;
  /** The crop box and shade over the image, or nothing when cropping is off. */
  readonly cropOverlay: TemplateResult | typeof nothing;
  /** Thumbnail of the current crop for the filter buttons (kept up to date while that tab is shown). */
  readonly thumbnail: () => string;
  readonly actions: EditorActions;
}

const COLOUR_TOOLS: readonly ColourSetting[] = ['brightness', 'contrast', 'saturation'];

function has(model: EditorViewModel, tool: EditorTool): boolean {
  return model.options.tools.has(tool);
}

function iconButton(model: EditorViewModel, part: string, icon: GlyphName, label: string, onClick: () => void): TemplateResult {
  return html`<button part="${part} button" class="icon-button" type="button" aria-label=${label} title=${label}
    @click=${onClick}>${renderIcon(icon, model.icons)}</button>`;
}

function aspectLabel(t: Translate, aspect: AspectPreset): string {
  if (aspect === 'free') return t('edit.aspectFree');
  if (aspect === 'original') return t('edit.aspectOriginal');
  if (aspect === 'square') return t('edit.aspectSquare');
  const [width, height] = aspect.split(':').map(Number);
  return t('edit.aspectRatio', { width, height });
}

function cropTools(model: EditorViewModel): TemplateResult {
  const { t, actions, state } = model;
  const turning = has(model, 'rotate') || has(model, 'flip');
  return html`<div class="editor-crop-tools">
    ${
      turning
        ? html`<div class="editor-toolbar">
      ${
        has(model, 'rotate')
          ? html`<div class="editor-tool-group">
        ${iconButton(model, 'editor-rotate-left', 'RotateLeftIcon', t('edit.rotateLeft'), () => actions.rotate(-1))}
        ${iconButton(model, 'editor-rotate-right', 'RotateRightIcon', t('edit.rotateRight'), () => actions.rotate(1))}
      </div>`
          : nothing
      }
      ${
        has(model, 'flip')
          ? html`<div class="editor-tool-group">
        ${iconButton(model, 'editor-flip-horizontal', 'FlipHorizontalIcon', t('edit.flipHorizontal'), () => actions.flip('horizontal'))}
        ${iconButton(model, 'editor-flip-vertical', 'FlipVerticalIcon', t('edit.flipVertical'), () => actions.flip('vertical'))}
      </div>`
          : nothing
      }
    </div>`
        : nothing
    }
    ${
      has(model, 'crop')
        ? html`<div class="editor-tool-group editor-aspects" role="group" aria-label=${t('edit.aspect')}>
      ${renderIcon('CropIcon', model.icons, 'icon editor-aspect-icon')}
      ${ASPECT_PRESETS.map(
        (aspect) => html`<button part="editor-aspect button" class="editor-chip" type="button" data-aspect=${aspect}
        aria-pressed=${state.aspect === aspect ? 'true' : 'false'} @click=${() => actions.setAspect(aspect)}>${aspectLabel(t, aspect)}</button>`,
      )}
    </div>`
        : nothing
    }
  </div>`;
}

function colourTools(model: EditorViewModel): TemplateResult {
  const { t, actions, state, idPrefix } = model;
  return html`<div class="editor-sliders">
    ${COLOUR_TOOLS.filter((setting) => has(model, setting)).map((setting) => {
      const id = `${idPrefix}-${setting}`;
      const value = state[setting];
      return html`<div class="editor-slider">
        <label for=${id}>${t(`edit.${setting}`)}</label>
        <input id=${id} part="editor-${setting}" type="range" min="-100" max="100" step="1" .value=${String(value)}
          @input=${(event: Event) => actions.setColour(setting, Number((event.target as HTMLInputElement).value))}
          @dblclick=${() => actions.setColour(setting, 0)} />
        <span part="editor-${setting}-value" class="editor-slider-value" aria-hidden="true">${t('edit.adjustValue', { value })}</span>
      </div>`;
    })}
  </div>`;
}

function filterTools(model: EditorViewModel): TemplateResult {
  const { t, actions, state } = model;
  const thumbnail = model.thumbnail();
  const adjustments = { brightness: state.brightness, contrast: state.contrast, saturation: state.saturation };
  return html`<div class="editor-filters">
    ${FILTER_PRESETS.map(
      (filter) => html`<button part="editor-filter button" class="editor-filter" type="button" data-filter=${filter}
      aria-pressed=${state.filter === filter ? 'true' : 'false'} @click=${() => actions.setFilter(filter)}>
      <img class="editor-filter-thumbnail" src=${thumbnail} alt="" style=${styleMap({ filter: cssFilter({ ...adjustments, filter }) })} />
      <span class="editor-filter-name">${t('edit.filter', { filter })}</span>
    </button>`,
    )}
  </div>`;
}

const PANELS: Record<EditorTab, (model: EditorViewModel) => TemplateResult> = { crop: cropTools, adjust: colourTools, filters: filterTools };

function onTabKeyDown(model: EditorViewModel, event: KeyboardEvent): void {
  const tabs = model.options.tabs;
  const current = tabs.indexOf(model.activeTab!);
  const rtl = getComputedStyle(event.currentTarget as Element).direction === 'rtl';
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
  const next =
    event.key === forward
      ? (current + 1) % tabs.length
      : event.key === backward
        ? (current - 1 + tabs.length) % tabs.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? tabs.length - 1
            : -1;
  if (next < 0) return;
  event.preventDefault();
  // Selection follows focus; the tab exists already, so it can take focus before the re-render.
  (event.currentTarget as Element).querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  model.actions.selectTab(tabs[next]!);
}

function tabs(model: EditorViewModel): TemplateResult | typeof nothing {
  const { options, t, activeTab, idPrefix } = model;
  if (options.tabs.length === 0) return nothing;
  return html`<div class="editor-tabs" role="tablist" aria-label=${t('edit.tabs')} @keydown=${(event: KeyboardEvent) => onTabKeyDown(model, event)}>
      ${options.tabs.map(
        (tab) => html`<button part="editor-tab button" class="editor-tab" type="button" role="tab" id="${idPrefix}-tab-${tab}"
        data-tab=${tab} aria-selected=${tab === activeTab ? 'true' : 'false'} aria-controls="${idPrefix}-panel-${tab}"
        tabindex=${tab === activeTab ? '0' : '-1'} @click=${() => model.actions.selectTab(tab)}>${t('edit.tab', { tab })}</button>`,
      )}
    </div>
    <div class="editor-panels">
      ${options.tabs.map(
        (tab) => html`<div class="editor-panel" part="editor-panel" role="tabpanel" id="${idPrefix}-panel-${tab}"
        aria-labelledby="${idPrefix}-tab-${tab}" ?data-active=${tab === activeTab} ?inert=${tab !== activeTab}>
        ${PANELS[tab](model)}
      </div>`,
      )}
    </div>`;
}

function stage(model: EditorViewModel): TemplateResult {
  const { width, height } = displaySize(model.state);
  const imageStyle = styleMap({ '--editor-ratio': String(width / height) });
  return html`<div class="editor-stage" part="editor-stage">
    <div class="editor-image" style=${imageStyle}>
      <canvas part="editor-canvas" class="editor-canvas" role="img" aria-label=${model.state.name || displayName(model.state.originalName)}
        style=${styleMap({ filter: cssFilter(model.state) })} ${ref(model.canvasRef)}></canvas>
      ${model.cropOverlay}
    </div>
  </div>`;
}

function details(model: EditorViewModel): TemplateResult {
  const { t, actions, state, idPrefix, output } = model;
  const nameId = `${idPrefix}-name`;
  return html`<div class="editor-details">
    <output part="editor-size" class="editor-size" aria-live="polite">${t('edit.size', output)}</output>
    <button part="editor-reset button" class="editor-reset" type="button" ?disabled=${!model.changed} @click=${actions.reset}>${t('edit.reset')}</button>
    ${
      has(model, 'rename')
        ? html`<div class="editor-name">
      <label for=${nameId}>${t('edit.fileName')}</label>
      <input id=${nameId} part="editor-file-name" type="text" dir="auto" autocomplete="off" spellcheck="false" .value=${state.name}
        @input=${(event: Event) => actions.rename((event.target as HTMLInputElement).value)} />
    </div>`
        : nothing
    }
  </div>`;
}

export function renderEditorView(model: EditorViewModel): TemplateResult {
  return html`${editorStyles}<div class="editor-surface" part="editor-surface" role="group" aria-label=${model.t('edit.label')}>
    ${tabs(model)}
    ${stage(model)}
    ${details(model)}
  </div>`;
}
