/**
 * `theme.slots`: extra classes for the inner elements of the interface, keyed by component, then
 * slot: `{ file: { name: 'font-mono' }, dropZone: { root: 'rounded-none border-4' } }`. The page's
 * rules for these classes reach the shadow root through the slot-styles bridge
 * (`elements/theme/slot-styles.ts`).
 */

/** Every component and its slots; docs/i18n-and-theming.md lists the same table. */
export const themeSlotNames = {
  uploader: ['root', 'branding'],
  dropZone: ['root', 'icon', 'title', 'browseButton', 'limits'],
  sources: ['root', 'chip'],
  sourceView: ['root', 'header', 'backButton', 'title', 'body'],
  fileList: ['root', 'header', 'count', 'list', 'addMore'],
  file: ['root', 'thumbnail', 'name', 'details', 'status', 'progress', 'actions', 'error'],
  actions: ['root', 'button', 'primaryButton'],
  overallProgress: ['root', 'bar', 'label'],
  summary: ['root', 'title'],
  notices: ['offline', 'busy', 'rejections'],
  preview: ['root', 'media', 'closeButton'],
  editor: ['root', 'header', 'title', 'body', 'error', 'footer', 'cancelButton', 'saveButton'],
} as const;

export type SlotComponent = keyof typeof themeSlotNames;
export type SlotName<Component extends SlotComponent> = (typeof themeSlotNames)[Component][number];

export type ThemeSlots = {
  readonly [Component in SlotComponent]?: { readonly [Slot in SlotName<Component>]?: string };
};

/** The classes for one slot (an empty string when the theme gives none). */
export type SlotClass = <Component extends SlotComponent>(component: Component, slot: SlotName<Component>) => string;

const warn = (key: string) => console.warn(`[svc-uploader] theme.slots: "${key}" is not a component slot`);

/**
 * Reads `theme.slots` once into a lookup. Unknown components or slots and values that are not
 * strings are reported and skipped (the prop may come from a JSON attribute with a typo in it).
 */
function readThemeSlots(slots: unknown, onIgnored: (key: string) => void = warn): { slotClass: SlotClass; classNames: readonly string[] } {
  const table = new Map<string, string>();
  if (typeof slots === 'object' && slots !== null) {
    for (const [component, entries] of Object.entries(slots)) {
      const known: readonly string[] | undefined = (themeSlotNames as Record<string, readonly string[]>)[component];
      if (!known || typeof entries !== 'object' || entries === null) {
        onIgnored(component);
        continue;
      }
      for (const [slot, value] of Object.entries(entries as Record<string, unknown>)) {
        if (!known.includes(slot) || typeof value !== 'string') onIgnored(`${component}.${slot}`);
        else if (value.trim()) table.set(`${component}.${slot}`, value.trim().replace(/\s+/g, ' '));
      }
    }
  }
  const classNames = [...new Set([...table.values()].flatMap((value) => value.split(' ')))];
  return {
    slotClass: (component, slot) => table.get(`${component}.${slot}`) ?? '',
    classNames,
  };
}

/** `theme.slots` as read, read again only when the theme gives another object. */
export class ThemeSlotsReader {
  #source: unknown;
  #read = readThemeSlots(undefined);
  readonly #slots: () => unknown;

  constructor(slots: () => unknown) {
    this.#slots = slots;
  }

  get current(): { slotClass: SlotClass; classNames: readonly string[] } {
    const slots = this.#slots();
    if (slots !== this.#source) {
      this.#source = slots;
      this.#read = readThemeSlots(slots);
    }
    return this.#read;
  }
}
