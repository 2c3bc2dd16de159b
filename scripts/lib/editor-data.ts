/**
 * Editor data derived from the custom-elements manifest: VS Code's HTML custom data
 * (`html.customData`) and JetBrains web-types (WebStorm, IntelliJ), so both complete and document
 * `<svc-uploader>`'s attributes, events, parts and custom properties in plain HTML.
 */
import type { Attribute, ClassField, CustomElementDeclaration, Package } from './custom-elements-schema.js';
import { elementDeclaration } from './element-manifest.js';

/** Attributes whose value is one of a few words, e.g. `'client' | 'server'`. */
function enumeratedValues(attribute: Attribute): string[] | undefined {
  const words = (attribute.type?.text ?? '').split(' | ');
  return words.every((word) => /^'[a-z-]+'$/.test(word)) ? words.map((word) => word.slice(1, -1)) : undefined;
}

function isBooleanAttribute(attribute: Attribute): boolean {
  return attribute.type?.text === 'boolean';
}

function attributeDescription(attribute: Attribute): string {
  const parts = [attribute.description ?? '', `Type: ${attribute.type?.text ?? 'string'}.`];
  if (attribute.default !== undefined) parts.push(`Default: \`${attribute.default}\`.`);
  return parts.join(' ');
}

export function buildVsCodeCustomData(manifest: Package) {
  const element = elementDeclaration(manifest);
  return {
    $schema: 'https://raw.githubusercontent.com/microsoft/vscode-html-languageservice/main/docs/customData.schema.json',
    version: 1.1,
    tags: [
      {
        name: element.tagName,
        description: { kind: 'markdown', value: `${element.summary}\n\n${element.description}` },
        attributes: (element.attributes ?? []).map((attribute) => {
          const values = enumeratedValues(attribute);
          return {
            name: attribute.name,
            description: { kind: 'markdown', value: attributeDescription(attribute) },
            // "v": an attribute that takes no value, as HTML boolean attributes do.
            ...(isBooleanAttribute(attribute) ? { valueSet: 'v' } : {}),
            ...(values ? { values: values.map((name) => ({ name })) } : {}),
          };
        }),
      },
    ],
  };
}

function properties(element: CustomElementDeclaration): ClassField[] {
  return (element.members ?? []).filter((member): member is ClassField => member.kind === 'field');
}

export function buildWebTypes(manifest: Package, packageVersion: string) {
  const element = elementDeclaration(manifest);
  // `type` (web-types' typed contribution) gives each event's detail shape, as the manifest does.
  const events = (element.events ?? []).map((event) => ({
    name: event.name,
    description: event.description,
    ...(event.type ? { type: event.type.text } : {}),
  }));
  return {
    $schema: 'https://json.schemastore.org/web-types',
    name: 'svc-uploader',
    version: packageVersion,
    'description-markup': 'markdown',
    contributions: {
      html: {
        elements: [
          {
            name: element.tagName,
            description: `${element.summary}\n\n${element.description}`,
            attributes: (element.attributes ?? []).map((attribute) => {
              const values = enumeratedValues(attribute);
              return {
                name: attribute.name,
                description: attributeDescription(attribute),
                ...(attribute.default !== undefined ? { default: attribute.default } : {}),
                value: isBooleanAttribute(attribute)
                  ? { kind: 'no-value', type: 'boolean' }
                  : { kind: 'plain', type: values ? values.map((value) => `'${value}'`).join(' | ') : 'string' },
              };
            }),
            events,
            js: {
              properties: properties(element).map((field) => ({
                name: field.name,
                description: field.description,
                value: { type: field.type?.text ?? 'unknown' },
                ...(field.readonly ? { 'read-only': true } : {}),
              })),
              events,
            },
            css: {
              parts: (element.cssParts ?? []).map(({ name, description }) => ({ name, description })),
              properties: (element.cssProperties ?? []).map(({ name, description }) => ({ name, description })),
            },
          },
        ],
      },
    },
  };
}
