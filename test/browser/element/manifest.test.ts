import { expect } from '@open-wc/testing';
import { SvcUploader } from '../../../elements/index.js';
import type { ClassField, ClassMethod, Package } from '../../../scripts/lib/custom-elements-schema.js';
import { mount, unmountAll } from './helpers.js';

/** The manifest as shipped (dist/custom-elements.json is a copy of it). */
async function readManifest() {
  const response = await fetch('/manifest/custom-elements.json');
  expect(response.ok).to.equal(true);
  const manifest = (await response.json()) as Package;
  const element = manifest.modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.tagName === 'svc-uploader')!;
  const members = element.members ?? [];
  return {
    element,
    fields: members.filter((member): member is ClassField => member.kind === 'field'),
    methods: members.filter((member): member is ClassMethod => member.kind === 'method'),
  };
}

/** A default as the manifest writes it (JavaScript source), read back as a value. */
const evaluate = (source: string): unknown => new Function(`return (${source});`)();

describe('<svc-uploader> against its custom-elements manifest', () => {
  afterEach(unmountAll);

  it('a new element starts with exactly the defaults the manifest states, and unset where it states none', async () => {
    const { fields } = await readManifest();
    const uploader = await mount('<svc-uploader></svc-uploader>');
    const values = uploader as unknown as Record<string, unknown>;
    for (const field of fields.filter((candidate) => !candidate.readonly)) {
      if (field.default === undefined) expect(values[field.name], field.name).to.equal(undefined);
      else expect(values[field.name], field.name).to.deep.equal(evaluate(field.default));
    }
    expect(fields.filter((field) => field.default !== undefined).length).to.be.at.least(20);
  });

  it('observes every attribute the manifest lists, and the attribute sets the property it names', async () => {
    const { element } = await readManifest();
    const observed = (SvcUploader as unknown as { observedAttributes: string[] }).observedAttributes;
    expect([...observed].sort()).to.deep.equal((element.attributes ?? []).map((attribute) => attribute.name).sort());
    const uploader = await mount('<svc-uploader max-files="4" server-url="/api/upload" no-show-branding></svc-uploader>');
    expect(uploader).to.include({ maxFiles: 4, serverUrl: '/api/upload', showBranding: false });
  });

  it('has every method and read-only field the manifest lists', async () => {
    const { fields, methods } = await readManifest();
    const uploader = (await mount('<svc-uploader></svc-uploader>')) as unknown as Record<string, unknown>;
    for (const method of methods) expect(typeof uploader[method.name], method.name).to.equal('function');
    for (const field of fields.filter((candidate) => candidate.readonly)) expect(uploader[field.name], field.name).to.not.equal(undefined);
  });
});
