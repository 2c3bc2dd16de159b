/**
 * Reading the page's rules for the classes a theme names (the slot-styles bridge, see
 * `slot-styles.ts`). Loaded only by pages whose theme names classes.
 */
const CLASS_TOKEN = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[^\n0-9a-fA-F]|[\w\u00A0-\uFFFF-])+)/g;

function unescapeIdentifier(text: string): string {
  return text.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_, hex: string | undefined, character: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : character!,
  );
}

/** Whether a selector list names one of the classes. */
export function selectorNamesClass(selectorText: string, classes: ReadonlySet<string>): boolean {
  for (const [, token] of selectorText.matchAll(CLASS_TOKEN)) {
    if (classes.has(unescapeIdentifier(token!))) return true;
  }
  return false;
}

function prelude(rule: CSSRule): string {
  return rule.cssText.slice(0, rule.cssText.indexOf('{')).trim();
}

function collectRules(rules: CSSRuleList, classes: ReadonlySet<string>, into: string[]): void {
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSStyleRule) {
      if (selectorNamesClass(rule.selectorText, classes)) into.push(rule.cssText);
    } else if (rule instanceof CSSImportRule) {
      const inner: string[] = [];
      if (rule.styleSheet) collectSheet(rule.styleSheet, classes, inner);
      const media = rule.media.mediaText;
      if (inner.length > 0) into.push(media ? `@media ${media} {\n${inner.join('\n')}\n}` : inner.join('\n'));
    } else if (typeof CSSLayerBlockRule !== 'undefined' && rule instanceof CSSLayerBlockRule) {
      collectRules(rule.cssRules, classes, into);
    } else if (rule instanceof CSSGroupingRule) {
      const inner: string[] = [];
      collectRules(rule.cssRules, classes, inner);
      if (inner.length > 0) into.push(`${prelude(rule)} {\n${inner.join('\n')}\n}`);
    }
  }
}

const unreadable = new WeakSet<CSSStyleSheet>();

function collectSheet(sheet: CSSStyleSheet, classes: ReadonlySet<string>, into: string[]): void {
  let rules: CSSRuleList;
  try {
    rules = sheet.cssRules;
  } catch {
    if (!unreadable.has(sheet)) {
      unreadable.add(sheet);
      console.warn(`[svc-uploader] theme.slots: cannot read ${sheet.href ?? 'a stylesheet'} (cross-origin without CORS); its rules do not reach the uploader`);
    }
    return;
  }
  collectRules(rules, classes, into);
}

/** The page's rules (document stylesheets and adopted sheets) that name one of the classes. */
export function collectPageRules(classes: ReadonlySet<string>, document_: Document = document): string {
  const into: string[] = [];
  if (classes.size === 0) return '';
  for (const sheet of [...Array.from(document_.styleSheets), ...document_.adoptedStyleSheets]) {
    if (!sheet.disabled) collectSheet(sheet, classes, into);
  }
  return into.join('\n');
}
