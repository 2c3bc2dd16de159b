/**
 * Framework typings for `<svc-uploader>` generated from the custom-elements manifest: React 19 JSX
 * (`React.JSX.IntrinsicElements`), Vue 3 (`GlobalComponents`) and Svelte 5 (`SvelteHTMLElements`).
 * Every name comes from the manifest; every type is the element's own (`SvcUploader['maxFiles']`,
 * `SvcUploaderEventMap[...]`), so the typings cannot disagree with the class.
 *
 * The declarations of the module that registers the tag (`define.d.ts`, reached from
 * `svc-uploader`, `/define` and `/browser`) import all three (scripts/build.mjs adds the imports),
 * so an app's checker knows the tag as soon as one file of the app imports the package.
 */
import type { Attribute, ClassField, CustomElementDeclaration, Package } from './custom-elements-schema.js';
import { elementDeclaration } from './element-manifest.js';

const HEADER = '// Generated from custom-elements.json by scripts/generate-element-manifest.ts: do not edit.';

/**
 * Every app loads all three files, and has at most one of these frameworks: in the others the
 * import finds no module (TS2307) or one without typings (TS7016), and augmenting such a module is
 * an error (TS2665). `@ts-ignore` keeps these silent under `skipLibCheck: false` too; the
 * augmentation then merges into nothing. Where the framework is installed it changes nothing.
 */
const OPTIONAL_FRAMEWORK = '// @ts-ignore: the app may not use this framework, or have its typings installed';

/** Where the element's own types are, from dist/frameworks/ (not by package name, which needs `exports` support). */
const ELEMENT_TYPES = `import type { SvcUploader, SvcUploaderEventMap } from '../elements/element.js';`;

/** How an app loads the typings, in each file's header. */
function loadingNote(entry: string): string {
  return ` *
 * They load with the package: a file of the app that imports 'svc-uploader' (or its /define or
 * /browser entry) brings them into the program. An app that registers the tag another way (a
 * script tag) gives its checker one line, in any file the checker reads:
 *
 *   import type {} from 'svc-uploader';
 *
 * (\`import type {} from '${entry}'\` loads these typings alone.)`;
}

/** A JSDoc block, safe for any description text. */
function doc(text: string | undefined, indent: string): string {
  if (!text) return '';
  return `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim()} */\n`;
}

/** Settable properties: every field but the read-only state (`files`, `engine`). */
function settableFields(element: CustomElementDeclaration): ClassField[] {
  return (element.members ?? []).filter((member): member is ClassField => member.kind === 'field' && !member.readonly);
}

/**
 * Attributes whose name is not also a property name. A framework sets a name the element has as a
 * property (so `sources` takes an array), and only the others as attributes (`server-url`).
 */
function attributeOnlyNames(element: CustomElementDeclaration): Attribute[] {
  const fieldNames = new Set(settableFields(element).map((field) => field.name));
  return (element.attributes ?? []).filter((attribute) => !fieldNames.has(attribute.name));
}

function attributeType(attribute: Attribute): string {
  if (attribute.type?.text === 'boolean') return 'boolean';
  if (attribute.type?.text.startsWith('number')) return 'string | number';
  return 'string';
}

function propertyPick(fields: ClassField[]): string {
  return `Partial<Pick<SvcUploader,\n${fields.map((field) => `  | '${field.name}'`).join('\n')}\n>>`;
}

function attributeMembers(element: CustomElementDeclaration): string {
  return attributeOnlyNames(element)
    .map((attribute) => `${doc(attribute.description, '  ')}  '${attribute.name}'?: ${attributeType(attribute)};`)
    .join('\n');
}

function eventMembers(element: CustomElementDeclaration, propName: (event: string) => string): string {
  return (element.events ?? [])
    .map((event) => `${doc(event.description, '  ')}  '${propName(event.name)}'?: (event: SvcUploaderEventMap['${event.name}']) => void;`)
    .join('\n');
}

/** React and Svelte read every `on*` prop as a listener, so a function prop named `on...` cannot pass as a property. */
function withoutOnNames(fields: ClassField[]): ClassField[] {
  return fields.filter((field) => !/^on[A-Z]/.test(field.name));
}

export function renderReactTypings(manifest: Package): string {
  const element = elementDeclaration(manifest);
  return `${HEADER}
/**
 * React 19 JSX typings for <${element.tagName}>.
${loadingNote('svc-uploader/react')}
 *
 * React 19 sets a prop as a property when the (defined) element has it, else as an attribute, and
 * turns a function prop \`on<name>\` into \`addEventListener('<name>')\` with the name as written:
 * \`onsvc-file-upload-complete\`. \`onBeforeFileAdded\` is not a prop for that reason: set it
 * through a ref.
 */
${OPTIONAL_FRAMEWORK}
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
${ELEMENT_TYPES}

/** The element's properties, set as properties. */
export type SvcUploaderReactProperties = ${propertyPick(withoutOnNames(settableFields(element)))};

/** Attributes without a property of the same name, set as text. */
export interface SvcUploaderReactAttributes {
${attributeMembers(element)}
}

/** One listener per event, with the event's typed detail. */
export interface SvcUploaderReactEvents {
${eventMembers(element, (name) => `on${name}`)}
}

export type SvcUploaderReactProps = DetailedHTMLProps<HTMLAttributes<SvcUploader>, SvcUploader>
  & SvcUploaderReactProperties & SvcUploaderReactAttributes & SvcUploaderReactEvents;

${OPTIONAL_FRAMEWORK}
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      '${element.tagName}': SvcUploaderReactProps;
    }
  }
}
`;
}

/** \`svc-file-add\` → \`onSvcFileAdd\`: the prop Vue's template checker matches \`@svc-file-add\` against. */
function vueListenerName(event: string): string {
  return `on${event.replace(/(^|-)([a-z0-9])/g, (_match, _dash, letter: string) => letter.toUpperCase())}`;
}

export function renderVueTypings(manifest: Package): string {
  const element = elementDeclaration(manifest);
  return `${HEADER}
/**
 * Vue 3 typings for <${element.tagName}> (\`GlobalComponents\`), read by vue-tsc and the Vue
 * language tools.
${loadingNote('svc-uploader/vue')}
 *
 * The template compiler must still be told that the tag is a custom element
 * (\`isCustomElement: (tag) => tag.startsWith('svc-')\`). Properties are checked under their
 * camelCase names, which templates may also write in kebab-case; \`@svc-file-add\` is checked
 * against \`onSvcFileAdd\`.
 */
${OPTIONAL_FRAMEWORK}
import type { DefineComponent } from 'vue';
${ELEMENT_TYPES}

/** The element's properties. */
export type SvcUploaderVueProperties = ${propertyPick(settableFields(element))};

/** One listener per event, with the event's typed detail. */
export interface SvcUploaderVueEvents {
${eventMembers(element, vueListenerName)}
}

export type SvcUploaderVueProps = SvcUploaderVueProperties & SvcUploaderVueEvents;

${OPTIONAL_FRAMEWORK}
declare module 'vue' {
  interface GlobalComponents {
    '${element.tagName}': DefineComponent<SvcUploaderVueProps>;
  }
}
`;
}

export function renderSvelteTypings(manifest: Package): string {
  const element = elementDeclaration(manifest);
  return `${HEADER}
/**
 * Svelte 5 typings for <${element.tagName}> (\`SvelteHTMLElements\`), read by svelte-check and the
 * Svelte language tools.
${loadingNote('svc-uploader/svelte')}
 *
 * Svelte assigns a property when the (defined) element has a setter of that name, else sets the
 * attribute; \`on<name>={handler}\` listens for exactly \`<name>\`. \`onBeforeFileAdded\` is not an
 * attribute for that reason: set it through \`bind:this\`.
 */
${OPTIONAL_FRAMEWORK}
import type { HTMLAttributes } from 'svelte/elements';
${ELEMENT_TYPES}

/** The element's properties. */
export type SvcUploaderSvelteProperties = ${propertyPick(withoutOnNames(settableFields(element)))};

/** Attributes without a property of the same name, set as text. */
export interface SvcUploaderSvelteAttributes {
${attributeMembers(element)}
}

/** One listener per event, with the event's typed detail. */
export interface SvcUploaderSvelteEvents {
${eventMembers(element, (name) => `on${name}`)}
}

export type SvcUploaderSvelteProps = HTMLAttributes<SvcUploader>
  & SvcUploaderSvelteProperties & SvcUploaderSvelteAttributes & SvcUploaderSvelteEvents;

${OPTIONAL_FRAMEWORK}
declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    '${element.tagName}': SvcUploaderSvelteProps;
  }
}
`;
}
