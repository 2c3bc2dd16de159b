/**
 * Renders the `<svc-uploader>` prop and event tables as Markdown, from the same definitions the
 * element uses. `scripts/generate-element-docs.ts` writes them into docs/element.md; a browser
 * test renders them again and fails when the page is out of date.
 */
import type { DocumentedEvent, EventGroup } from '../../elements/svc-uploader/event-docs.js';
import type { DocumentedProp, PropGroup } from '../../elements/svc-uploader/property-docs.js';

export const PROPS_MARKERS = ['<!-- generated: props -->', '<!-- /generated: props -->'] as const;
export const EVENTS_MARKERS = ['<!-- generated: events -->', '<!-- /generated: events -->'] as const;

const PROP_GROUPS: Record<PropGroup, string> = {
  target: 'Upload target',
  behaviour: 'Behaviour',
  validation: 'Files and validation',
  processing: 'Processing pipeline',
  reliability: 'Upload and reliability',
  sources: 'Sources and drives',
  appearance: 'Appearance, UI, localization',
};

const EVENT_GROUPS: Record<EventGroup, string> = {
  sources: 'Sources: how files arrive',
  files: 'The file list',
  run: 'A run (the upload of the list)',
  file: "One file's upload",
  diagnostics: 'Diagnostics',
};

/** A table cell: pipes escaped, kept on one line. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function code(text: string): string {
  return `\`${cell(text)}\``;
}

export function renderPropsTable(props: Record<string, DocumentedProp>): string {
  const lines: string[] = [];
  for (const [group, title] of Object.entries(PROP_GROUPS)) {
    const entries = Object.entries(props).filter(([, definition]) => definition.group === group);
    if (entries.length === 0) continue;
    lines.push(`### ${title}`, '', '| Property | Attribute | Type | Default | Description |', '|---|---|---|---|---|');
    for (const [name, definition] of entries) {
      const attribute = definition.attribute === false ? '(property only)' : code(definition.attribute);
      lines.push(
        `| ${code(name)} | ${attribute} | ${cell(definition.typeText)} | ${cell(definition.defaultText)} | ${cell(definition.doc)}${definition.engine ? '' : ' *(element only)*'} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n').trimEnd();
}

export function renderEventsTable(events: Record<string, DocumentedEvent>): string {
  const lines: string[] = [];
  for (const [group, title] of Object.entries(EVENT_GROUPS)) {
    const entries = Object.entries(events).filter(([, definition]) => definition.group === group);
    if (entries.length === 0) continue;
    lines.push(`### ${title}`, '', '| Event | Detail | Cancelable | Callback | Description |', '|---|---|---|---|---|');
    for (const [name, definition] of entries) {
      lines.push(
        `| ${code(name)} | ${code(definition.detailType)} | ${definition.cancelable ? 'yes' : 'no'} | ${code(definition.callback)} | ${cell(definition.doc)} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n').trimEnd();
}

/** Replaces the text between a pair of markers; throws when the markers are missing. */
export function replaceBetween(document: string, [start, end]: readonly [string, string], content: string): string {
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from < 0 || to < from) throw new Error(`Markers ${start} … ${end} not found`);
  return `${document.slice(0, from + start.length)}\n${content}\n${document.slice(to)}`;
}

/** The text between a pair of markers. */
export function readBetween(document: string, [start, end]: readonly [string, string]): string {
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from < 0 || to < from) throw new Error(`Markers ${start} … ${end} not found`);
  return document.slice(from + start.length, to).trim();
}
