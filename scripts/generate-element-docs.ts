// Writes the prop and event tables of docs/element.md from the element's own definitions.
// Usage: node --import tsx scripts/generate-element-docs.ts [--check]
// With --check it changes nothing and exits 1 when the page is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { documentedEvents } from '../elements/svc-uploader/event-docs.js';
import { documentedProps } from '../elements/svc-uploader/property-docs.js';
import { EVENTS_MARKERS, PROPS_MARKERS, renderEventsTable, renderPropsTable, replaceBetween } from './lib/element-api-tables.js';

const renderTables = (text: string) =>
  replaceBetween(replaceBetween(text, PROPS_MARKERS, renderPropsTable(documentedProps)), EVENTS_MARKERS, renderEventsTable(documentedEvents));

const targets = [{ path: new URL('../docs/element.md', import.meta.url), render: renderTables }];

const check = process.argv.includes('--check');
let stale = 0;
for (const { path, render } of targets) {
  const current = readFileSync(path, 'utf8');
  const next = render(current);
  const name = path.pathname.slice(new URL('..', import.meta.url).pathname.length);
  if (next === current) {
    console.log(`${name} is up to date`);
  } else if (check) {
    stale += 1;
    console.error(`${name} is out of date: run node --import tsx scripts/generate-element-docs.ts`);
  } else {
    writeFileSync(path, next);
    console.log(`${name} updated`);
  }
}
if (stale > 0) process.exit(1);
