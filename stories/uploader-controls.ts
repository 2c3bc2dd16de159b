/**
 * Storybook controls for every prop of <svc-uploader>, derived from the element's own prop table
 * (`documentedProps`): the Controls panel lists exactly the props the element declares, grouped and
 * described as the table says, and cannot drift from it.
 */
import type { ArgTypes } from '@storybook/web-components-vite';
import { UPLOAD_SOURCES, type SvcUploader, type UploaderPropName } from '../elements/index.js';
import { documentedProps, type DocumentedProp } from '../elements/svc-uploader/property-docs.js';

/** The story args are the element's properties, set as properties. */
export type UploaderArgs = Partial<Pick<SvcUploader, UploaderPropName>>;

type Control = ArgTypes<UploaderArgs>[UploaderPropName];

function controlFor(name: UploaderPropName, definition: DocumentedProp): Control {
  // Functions and component maps cannot be edited as text; they are set from code.
  if (definition.attribute === false) return { control: false };
  if (name === 'mode') return { control: 'inline-radio', options: ['client', 'server'] };
  if (name === 'sources') return { control: 'inline-check', options: [...UPLOAD_SOURCES] };
  if (name === 'allowedFileTypes') return { control: 'text' };
  if (definition.boolean || definition.typeText === 'boolean') return { control: 'boolean' };
  if (definition.typeText.startsWith('number')) return { control: 'number' };
  if (definition.typeText === 'string') return { control: 'text' };
  return { control: 'object' };
}

export const uploaderArgTypes = Object.fromEntries(
  (Object.entries(documentedProps) as [UploaderPropName, DocumentedProp][]).map(([name, definition]) => [
    name,
    {
      ...controlFor(name, definition),
      description: definition.attribute ? `${definition.doc} Attribute: \`${definition.attribute}\`.` : definition.doc,
      table: {
        category: definition.group,
        type: { summary: definition.typeText },
        defaultValue: { summary: definition.defaultText },
      },
    },
  ]),
) as ArgTypes<UploaderArgs>;
