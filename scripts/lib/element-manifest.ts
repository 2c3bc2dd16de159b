/**
 * Builds the custom-elements manifest (schema 2.1) of `<svc-uploader>` from the element's own
 * definitions: attributes, properties and defaults from the prop table, events from the event
 * table, CSS custom properties from the design tokens, and the summary, parts, slots and public
 * methods from the class source (its JSDoc tags and member signatures).
 *
 * The analyzer (`@custom-elements-manifest/analyzer`) reads syntax only: it cannot see the
 * attributes, converters and defaults that `static properties = toPropertyDeclarations()` and the
 * table produce at run time, nor event details typed through the event table. Reading the tables
 * themselves gives the manifest exactly what the element does; each event's detail is written out
 * field by field (event-detail-types.ts), so a tool that reads only the manifest sees its shape.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { documentedEvents } from '../../elements/svc-uploader/event-docs.js';
import { documentedParts } from '../../elements/svc-uploader/part-docs.js';
import { documentedProps, type DocumentedProp } from '../../elements/svc-uploader/property-docs.js';
import { designTokens, type DesignToken } from '../../elements/theme/tokens.js';
import { readEventTypes } from './event-detail-types.js';
import type {
  Attribute,
  ClassField,
  ClassMethod,
  CssCustomProperty,
  CssPart,
  CustomElementDeclaration,
  Event,
  Package,
  Slot,
} from './custom-elements-schema.js';

const ELEMENT_SOURCE = new URL('../../elements/svc-uploader/svc-uploader.ts', import.meta.url);
const PROPS_SOURCE = new URL('../../elements/svc-uploader/uploader-props-element.ts', import.meta.url);
/** Where the manifest's modules live inside the published package. */
const ELEMENT_MODULE = 'dist/elements/svc-uploader/svc-uploader.js';
const DEFINE_MODULE = 'dist/elements/svc-uploader/define.js';
export const TAG_NAME = 'svc-uploader';

function parse(url: URL): ts.SourceFile {
  return ts.createSourceFile(url.pathname, readFileSync(url, 'utf8'), ts.ScriptTarget.Latest, true);
}

function findClass(source: ts.SourceFile, name: string): ts.ClassDeclaration {
  const found = source.statements.find((node): node is ts.ClassDeclaration => ts.isClassDeclaration(node) && node.name?.text === name);
  if (!found) throw new Error(`class ${name} not found in ${source.fileName}`);
  return found;
}

function jsDocText(node: ts.Node): string {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  return docs
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .join('\n')
    .trim();
}

/** `@tag name - description` lines of the class JSDoc (`@summary`, `@slot`). */
function taggedEntries(node: ts.Node, tagName: string): { name: string; description: string }[] {
  return ts
    .getJSDocTags(node)
    .filter((tag) => tag.tagName.text === tagName)
    .map((tag) => {
      // A blank line ends the tag's text; what follows is prose of the class comment.
      const text = (ts.getTextOfJSDocComment(tag.comment) ?? '')
        .split(/\n\s*\n/)[0]!
        .replace(/\s+/g, ' ')
        .trim();
      const separator = text.indexOf(' - ');
      return separator < 0 ? { name: text, description: '' } : { name: text.slice(0, separator), description: text.slice(separator + 3) };
    });
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);
}

/** Public members the class adds itself: lifecycle overrides, `#private` and protected ones are not API. */
function isPublicApi(member: ts.ClassElement): boolean {
  if (!member.name || ts.isPrivateIdentifier(member.name)) return false;
  return ![ts.SyntaxKind.PrivateKeyword, ts.SyntaxKind.ProtectedKeyword, ts.SyntaxKind.OverrideKeyword, ts.SyntaxKind.StaticKeyword].some((kind) =>
    hasModifier(member, kind),
  );
}

function typeText(node: ts.TypeNode | undefined, fallback: string): string {
  return node ? node.getText().replace(/\s+/g, ' ') : fallback;
}

/** The declared TypeScript type of each prop (`declare maxFileSize?: FileSizeLimit`). */
function readPropTypes(): Map<string, string> {
  const types = new Map<string, string>();
  for (const member of findClass(parse(PROPS_SOURCE), 'UploaderPropsElement').members) {
    if (ts.isPropertyDeclaration(member) && ts.isIdentifier(member.name) && member.type) {
      types.set(member.name.text, typeText(member.type, 'unknown') + (member.questionToken ? ' | undefined' : ''));
    }
  }
  return types;
}

function propDescription(definition: DocumentedProp): string {
  return definition.engine ? definition.doc : `${definition.doc} (Element only: the headless engine has no such option.)`;
}

function readAttributes(): Attribute[] {
  return Object.entries(documentedProps)
    .filter(([, definition]) => definition.attribute !== false)
    .map(([name, definition]) => ({
      name: definition.attribute as string,
      fieldName: name,
      description: propDescription(definition),
      type: { text: definition.typeText },
      ...('default' in definition ? { default: definition.defaultText } : {}),
    }));
}

function readPropFields(): ClassField[] {
  const types = readPropTypes();
  return Object.entries(documentedProps).map(([name, definition]) => {
    const type = types.get(name);
    if (!type) throw new Error(`prop ${name} has no declaration in UploaderPropsElement`);
    return {
      kind: 'field',
      name,
      description: propDescription(definition),
      type: { text: type },
      ...('default' in definition ? { default: definition.defaultText } : {}),
      ...(definition.attribute !== false ? { attribute: definition.attribute } : {}),
      ...(definition.reflect ? { reflects: true } : {}),
    };
  });
}

function readMembers(element: ts.ClassDeclaration): (ClassField | ClassMethod)[] {
  const members: (ClassField | ClassMethod)[] = [];
  for (const member of element.members) {
    if (!isPublicApi(member) || !ts.isIdentifier(member.name!)) continue;
    const name = member.name.text;
    if (ts.isGetAccessorDeclaration(member)) {
      members.push({ kind: 'field', name, readonly: true, description: jsDocText(member), type: { text: typeText(member.type, 'unknown') } });
    } else if (ts.isMethodDeclaration(member)) {
      members.push({
        kind: 'method',
        name,
        description: jsDocText(member),
        parameters: member.parameters.map((parameter) => ({
          name: parameter.name.getText(),
          type: { text: typeText(parameter.type, 'unknown') },
          ...(parameter.questionToken || parameter.initializer ? { optional: true } : {}),
          ...(parameter.initializer ? { default: parameter.initializer.getText() } : {}),
        })),
        return: { type: { text: typeText(member.type, 'void') } },
      });
    }
  }
  return members;
}

function readEvents(): Event[] {
  const types = readEventTypes();
  return Object.entries(documentedEvents).map(([name, definition]) => {
    const type = types.get(name);
    if (!type) throw new Error(`event ${name} has no type in SvcUploaderEventMap`);
    return { name, description: `${definition.cancelable ? '(Cancelable) ' : ''}${definition.doc}`, type: { text: type } };
  });
}

function readCssProperties(): CssCustomProperty[] {
  return (designTokens as readonly DesignToken[]).map((token) => ({
    name: token.name,
    description: token.dark ? `${token.description} Dark mode: \`${token.dark}\`.` : token.description,
    default: token.light,
  }));
}

export function buildElementManifest(): Package {
  const element = findClass(parse(ELEMENT_SOURCE), 'SvcUploader');
  const summary = taggedEntries(element, 'summary')
    .map(({ name, description }) => (description ? `${name} - ${description}` : name))
    .join(' ');
  const declaration: CustomElementDeclaration = {
    kind: 'class',
    name: 'SvcUploader',
    customElement: true,
    tagName: TAG_NAME,
    summary,
    description: 'Attributes are kebab-case text; properties take any value; every event is a bubbling, composed CustomEvent whose payload is `event.detail`.',
    superclass: { name: 'UploaderPropsElement', module: 'dist/elements/svc-uploader/uploader-props-element.js' },
    attributes: readAttributes(),
    members: [...readPropFields(), ...readMembers(element)],
    events: readEvents(),
    cssParts: Object.entries(documentedParts).map(([name, description]) => ({ name, description })) satisfies CssPart[],
    cssProperties: readCssProperties(),
    slots: taggedEntries(element, 'slot') satisfies Slot[],
  };
  return {
    schemaVersion: '2.1.0',
    modules: [
      {
        kind: 'javascript-module',
        path: ELEMENT_MODULE,
        declarations: [declaration],
        exports: [{ kind: 'js', name: 'SvcUploader', declaration: { name: 'SvcUploader', module: ELEMENT_MODULE } }],
      },
      {
        kind: 'javascript-module',
        path: DEFINE_MODULE,
        declarations: [],
        exports: [{ kind: 'custom-element-definition', name: TAG_NAME, declaration: { name: 'SvcUploader', module: ELEMENT_MODULE } }],
      },
    ],
  };
}

/** The one element declaration of a manifest this module built. */
export function elementDeclaration(manifest: Package): CustomElementDeclaration {
  const declaration = manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .find((candidate): candidate is CustomElementDeclaration => 'customElement' in candidate && candidate.tagName === TAG_NAME);
  if (!declaration) throw new Error(`no <${TAG_NAME}> in the manifest`);
  return declaration;
}
