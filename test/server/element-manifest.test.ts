import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { documentedEvents } from '../../elements/svc-uploader/event-docs.js';
import { svcUploaderEvents } from '../../elements/svc-uploader/events.js';
import { documentedProps } from '../../elements/svc-uploader/property-docs.js';
import { designTokens } from '../../elements/theme/tokens.js';
import type { ClassField, ClassMethod, Package } from '../../scripts/lib/custom-elements-schema.js';
import { buildVsCodeCustomData, buildWebTypes } from '../../scripts/lib/editor-data.js';
import { buildElementManifest, elementDeclaration } from '../../scripts/lib/element-manifest.js';
import { renderReactTypings, renderSvelteTypings, renderVueTypings } from '../../scripts/lib/framework-typings.js';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const manifest = JSON.parse(read('manifest/custom-elements.json')) as Package;
const element = elementDeclaration(manifest);
const props = Object.entries(documentedProps);
const fields = new Map((element.members ?? []).filter((member): member is ClassField => member.kind === 'field').map((field) => [field.name, field]));
const methods = new Map((element.members ?? []).filter((member): member is ClassMethod => member.kind === 'method').map((method) => [method.name, method]));
/** A default as the manifest writes it (JavaScript source), read back as a value. */
const evaluate = (source: string): unknown => new Function(`return (${source});`)();

describe('custom-elements manifest of <svc-uploader>', () => {
  it('is the one the generator builds from the tables today, and so are the editor data and typings', () => {
    const fresh = buildElementManifest();
    const { version } = JSON.parse(read('package.json')) as { version: string };
    assert.deepEqual(manifest, fresh);
    assert.deepEqual(JSON.parse(read('manifest/vscode.html-custom-data.json')), buildVsCodeCustomData(fresh));
    assert.deepEqual(JSON.parse(read('manifest/web-types.json')), buildWebTypes(fresh, version));
    assert.equal(read('manifest/frameworks/react.d.ts'), renderReactTypings(fresh));
    assert.equal(read('manifest/frameworks/vue.d.ts'), renderVueTypings(fresh));
    assert.equal(read('manifest/frameworks/svelte.d.ts'), renderSvelteTypings(fresh));
  });

  it('declares the tag, its class and the module that registers it (schema 2.x)', () => {
    assert.match(manifest.schemaVersion, /^2\.\d+\.\d+$/);
    assert.equal(element.tagName, 'svc-uploader');
    assert.equal(element.name, 'SvcUploader');
    assert.ok(element.summary && !element.summary.includes('Events ('), 'the summary is the @summary text alone');
    const definitions = manifest.modules.flatMap((module) => module.exports ?? []).filter((entry) => entry.kind === 'custom-element-definition');
    assert.deepEqual(definitions, [
      { kind: 'custom-element-definition', name: 'svc-uploader', declaration: { name: 'SvcUploader', module: 'dist/elements/svc-uploader/svc-uploader.js' } },
    ]);
  });

  it('lists every prop of the table as a property, with its attribute and its declared type', () => {
    assert.equal(props.length, Object.keys(documentedProps).length);
    for (const [name, definition] of props) {
      const field = fields.get(name);
      assert.ok(field, `property ${name}`);
      assert.ok(field.type?.text && field.type.text !== 'unknown', `type of ${name}`);
      assert.equal(field.attribute, definition.attribute === false ? undefined : definition.attribute, `attribute of ${name}`);
      assert.equal(field.description?.startsWith(definition.doc), true, `description of ${name}`);
    }
    assert.equal(fields.get('maxFileSize')?.type?.text, 'FileSizeLimit | undefined');
    assert.equal(fields.get('mini')?.reflects, true);
    const attributes = new Map((element.attributes ?? []).map((attribute) => [attribute.name, attribute]));
    for (const [name, definition] of props.filter(([, definition]) => definition.attribute !== false)) {
      assert.equal(attributes.get(definition.attribute as string)?.fieldName, name, `attribute ${definition.attribute}`);
    }
    assert.equal(attributes.size, props.filter(([, definition]) => definition.attribute !== false).length);
    assert.equal(fields.get('onBeforeFileAdded')?.attribute, undefined, 'a function prop has no attribute');
  });

  it('gives each prop the default declared once in the table, and none to props that start unset', () => {
    for (const [name, definition] of props) {
      const field = fields.get(name)!;
      const attribute = element.attributes?.find((candidate) => candidate.fieldName === name);
      if ('default' in definition) {
        assert.deepEqual(evaluate(field.default!), definition.default, `default of ${name}`);
        if (attribute) assert.equal(attribute.default, field.default, `default of attribute ${attribute.name}`);
      } else {
        assert.equal(field.default, undefined, `${name} starts unset`);
      }
    }
    assert.deepEqual(evaluate(fields.get('maxFileSize')!.default!), { size: 1, unit: 'GB' });
    assert.equal(fields.get('networkAware')!.default, 'true');
  });

  it('lists every event of the table with its detail written out, and says which are cancelable', () => {
    const events = new Map((element.events ?? []).map((event) => [event.name, event]));
    assert.deepEqual([...events.keys()], Object.keys(svcUploaderEvents));
    for (const [name, definition] of Object.entries(svcUploaderEvents)) {
      const event = events.get(name)!;
      // test/e2e/framework-typings.test.ts compiles every text against the package's own event map.
      assert.match(event.type?.text ?? '', /^CustomEvent<.+>$/, name);
      assert.doesNotMatch(event.type!.text, /SvcUploaderEvent/, name);
      assert.equal(
        event.description,
        `${definition.cancelable ? '(Cancelable) ' : ''}${documentedEvents[name as keyof typeof documentedEvents].doc}`,
        `${name} description`,
      );
    }
    assert.equal(events.get('svc-file-upload-complete')!.type!.text, 'CustomEvent<{ file: UploadFileRecord; key: string; result: UploadResult }>');
    assert.equal(events.get('svc-file-pause')!.type!.text, `CustomEvent<{ file: UploadFileRecord; reason: 'user' | 'offline' }>`);
    assert.equal(events.get('svc-warn')!.type!.text, 'CustomEvent<{ code: string; message: string; file?: UploadFileRecord }>');
    assert.equal(events.get('svc-drag-leave')!.type!.text, 'CustomEvent<Record<string, never>>');
  });

  it('lists the public methods and read-only state, the CSS parts and every design token', () => {
    for (const name of ['upload', 'start', 'pause', 'resume', 'retry', 'cancel', 'reset', 'addFiles', 'removeFile', 'editFile', 'clearPersistedUploads']) {
      assert.ok(methods.get(name)?.description, `method ${name}`);
    }
    assert.deepEqual(methods.get('pause')?.parameters, [{ name: 'id', type: { text: 'string' }, optional: true }]);
    for (const name of ['render', 'connectedCallback', 'emit']) assert.equal(methods.has(name), false, `${name} is not API`);
    assert.equal(fields.get('files')?.readonly, true);
    assert.equal(fields.get('engine')?.readonly, true);
    const parts = (element.cssParts ?? []).map((part) => part.name);
    for (const name of ['base', 'drop-zone', 'file', 'actions', 'announcer']) assert.ok(parts.includes(name), `part ${name}`);
    assert.ok((element.cssParts ?? []).every((part) => part.description && !part.description.includes('Every part is listed')));
    assert.deepEqual(
      (element.cssProperties ?? []).map((property) => property.name),
      designTokens.map((token) => token.name),
    );
    assert.equal(element.cssProperties?.find((property) => property.name === '--svc-color-accent')?.default, '#2563eb');
  });
});

describe('editor data for <svc-uploader>', () => {
  it('VS Code custom data offers every attribute, boolean ones without a value and enumerated ones with their values', () => {
    const data = JSON.parse(read('manifest/vscode.html-custom-data.json'));
    const [tag] = data.tags;
    assert.equal(tag.name, 'svc-uploader');
    const attributes = new Map<string, { valueSet?: string; values?: { name: string }[] }>(
      tag.attributes.map((attribute: { name: string }) => [attribute.name, attribute]),
    );
    assert.deepEqual(
      [...attributes.keys()],
      (element.attributes ?? []).map((attribute) => attribute.name),
    );
    assert.equal(attributes.get('auto-upload')?.valueSet, 'v');
    assert.equal(attributes.get('no-animations')?.valueSet, 'v');
    assert.deepEqual(attributes.get('mode')?.values, [{ name: 'client' }, { name: 'server' }]);
    assert.equal(attributes.get('max-files')?.valueSet, undefined);
  });

  it('web-types describe the attributes, properties, events, parts and custom properties', () => {
    const webTypes = JSON.parse(read('manifest/web-types.json'));
    assert.equal(webTypes.name, 'svc-uploader');
    assert.equal(webTypes.version, JSON.parse(read('package.json')).version);
    const [entry] = webTypes.contributions.html.elements;
    assert.equal(entry.name, 'svc-uploader');
    assert.equal(entry.attributes.length, element.attributes?.length);
    assert.deepEqual(entry.attributes.find((attribute: { name: string }) => attribute.name === 'max-files').default, '10');
    assert.deepEqual(
      entry.events.map((event: { name: string }) => event.name),
      Object.keys(svcUploaderEvents),
    );
    assert.ok(
      entry.js.properties.some(
        (property: { name: string; value: { type: string } }) => property.name === 'maxFileSize' && property.value.type === 'FileSizeLimit | undefined',
      ),
    );
    assert.equal(entry.css.properties.length, designTokens.length);
  });
});

describe('package.json points tools at the shipped manifest and typings', () => {
  it('names the manifest (customElements), the web-types and one type-only entry per framework, at the paths the build copies to', () => {
    const pkg = JSON.parse(read('package.json'));
    assert.equal(pkg.customElements, 'dist/custom-elements.json');
    assert.equal(pkg['web-types'], 'dist/web-types.json');
    for (const framework of ['react', 'vue', 'svelte']) {
      assert.deepEqual(pkg.exports[`./${framework}`], { types: `./dist/frameworks/${framework}.d.ts` });
    }
    assert.equal(pkg.exports['./custom-elements.json'], './dist/custom-elements.json');
    assert.ok(pkg.files.includes('dist'));
  });
});
