/**
 * Public browser entry of svc-uploader: registers `<svc-uploader>` and exports the element class,
 * its event table and types, and the headless upload engine.
 *
 * ```html
 * <script type="module">import 'svc-uploader';</script>
 * <svc-uploader server-url="/api/upload" max-files="5"></svc-uploader>
 * ```
 */
import './svc-uploader/define.js';
import { registerDrivePanels } from './svc-uploader/drives/register-drive-panels.js';

// Called here, in a module bundlers keep for its side effects; the panels themselves load lazily.
registerDrivePanels();

export { SvcUploader } from './svc-uploader/svc-uploader.js';
export { SVC_UPLOADER_TAG } from './svc-uploader/define.js';
export { svcUploaderEvents } from './svc-uploader/events.js';
export type { EventDefinition, SvcUploaderEventDetail, SvcUploaderEventMap, SvcUploaderEventName } from './svc-uploader/events.js';
export type * from './svc-uploader/event-details.js';
export { uploaderProps } from './svc-uploader/properties.js';
export type { PropDefinition, UploaderPropName } from './svc-uploader/properties.js';
export { DEFAULT_SOURCES, UPLOAD_SOURCES } from './svc-uploader/types.js';
export type * from './svc-uploader/types.js';
export { registerPanel } from './svc-uploader/sources/panel-loaders.js';
export type { SourcePanel, SourcePanelContext, SourcePanelFactory } from './svc-uploader/sources/source-panel.js';
export type { DriveAuthDetail, DriveFileEntry, DriveImportDetail, DriveProviderSlug, DriveSource } from './svc-uploader/drives/drive-types.js';

export * from '../engine/index.js';

// Localization and theming runtimes, curated: `ThemeMode` is already exported with the element's types.
export {
  canonicalizeLang, createTranslator, detectDirection, formatBytes, formatCount, formatList, formatPercent, I18nController,
  loadMessageFormat, resolveLocale, TranslationError,
} from './i18n/index.js';
export type {
  I18nOptions, LocaleBundle, MessageKey, MessageOverrides, Messages, MessageValues, PartialLocaleBundle, TextDirection, Translator,
  TranslatorOptions,
} from './i18n/index.js';
export {
  applyTokenProperties, designTokens, MODE_ATTRIBUTE, publicTokenStyles, resolveThemeMode, SlotStylesController, ThemeController,
  tokenDefaultStyles, tokenNames, toTokenProperties, watchSystemColorScheme,
} from './theme/index.js';
export type { DesignToken, ResolvedMode, ThemeSettings, ThemeTokens, ThemeTokenValues, TokenName } from './theme/index.js';
export { themeSlotNames } from './svc-uploader/theme-slots.js';
export type { SlotComponent, SlotName, ThemeSlots } from './svc-uploader/theme-slots.js';
