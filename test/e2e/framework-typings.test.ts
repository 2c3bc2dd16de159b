import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Package } from '../../scripts/lib/custom-elements-schema.js';
import { elementDeclaration } from '../../scripts/lib/element-manifest.js';
import { runNodeTool } from '../support/node-tool.js';

// Runs after the build: `svc-uploader/react`, `/vue` and `/svelte` resolve through package.json
// to the typings in dist/, as they do in an app that installed the package.
const root = new URL('../../', import.meta.url);

/** Names in the manifest's event types that are the platform's own, not the package's. */
const GLOBAL_TYPES = new Set(['CustomEvent', 'File', 'Record']);

/**
 * Type-checks `source` as if it were a file of the repository (so `svc-uploader` resolves to dist/
 * through package.json) without writing it anywhere; returns tsc's messages, each after its line.
 */
function typeCheck(source: string): string[] {
  const fileName = fileURLToPath(new URL('test/framework-typings/manifest-event-types.ts', root));
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => name === fileName || ts.sys.fileExists(name);
  host.readFile = (name) => (name === fileName ? source : readFile(name));
  host.getSourceFile = (name, language, ...rest) => (name === fileName ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest));
  const program = ts.createProgram([fileName], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (diagnostic.file?.fileName !== fileName || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${source.split('\n')[line]}: ${message}`;
  });
}

describe('framework typings shipped in the package', () => {
  it('the build ships the manifest, the editor data and the typings generated into manifest/', () => {
    for (const name of [
      'custom-elements.json',
      'vscode.html-custom-data.json',
      'web-types.json',
      'frameworks/react.d.ts',
      'frameworks/vue.d.ts',
      'frameworks/svelte.d.ts',
    ]) {
      assert.equal(readFileSync(new URL(`dist/${name}`, root), 'utf8'), readFileSync(new URL(`manifest/${name}`, root), 'utf8'), name);
    }
  });

  it('React, Vue and Svelte usage type-checks against them, and misspelt or mistyped props do not', async () => {
    // Every `@ts-expect-error` in test/framework-typings marks a mistake; an unused one fails tsc.
    // skipLibCheck is off there, so the typings themselves are checked against each framework's types.
    await runNodeTool('node_modules/typescript/bin/tsc', ['-p', 'test/framework-typings/tsconfig.json']);
  });

  it("the manifest writes out each event's detail, and compiled against the package it is exactly the element's event type", () => {
    // Tools that read only the manifest (Storybook, language servers, wrapper generators) cannot
    // resolve a generic reference into the package; they need the detail's fields in the text.
    const manifest = JSON.parse(readFileSync(new URL('dist/custom-elements.json', root), 'utf8')) as Package;
    const events = elementDeclaration(manifest).events ?? [];
    assert.ok(events.length > 0);
    for (const event of events) {
      assert.match(event.type?.text ?? '', /^CustomEvent<(\{ \w+\??: .+ \}|Record<string, never>)>$/, event.name);
      assert.doesNotMatch(event.type!.text, /SvcUploaderEvent/, event.name);
    }
    // Every type name the texts use (outside quoted words) must be one the package exports, and each
    // text must be the very type `SvcUploaderEventMap` gives that event: not wider, not narrower.
    const names = new Set(events.flatMap((event) => event.type!.text.replace(/'[^']*'/g, '').match(/\b[A-Z]\w*/g) ?? []));
    const imported = [...names].filter((name) => !GLOBAL_TYPES.has(name)).sort();
    const source = [
      `import type { SvcUploaderEventMap, ${imported.join(', ')} } from 'svc-uploader';`,
      'type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;',
      ...events.map((event, index) => `export const event${index}: Same<${event.type!.text}, SvcUploaderEventMap['${event.name}']> = true;`),
    ].join('\n');
    assert.deepEqual(typeCheck(source), []);
  });

  it("web-types gives each event the manifest's type", () => {
    const manifest = JSON.parse(readFileSync(new URL('dist/custom-elements.json', root), 'utf8')) as Package;
    const webTypes = JSON.parse(readFileSync(new URL('dist/web-types.json', root), 'utf8'));
    const types = Object.fromEntries((elementDeclaration(manifest).events ?? []).map((event) => [event.name, event.type?.text]));
    const element = webTypes.contributions.html.elements[0];
    for (const event of [...element.events, ...element.js.events] as Array<{ name: string; type?: string }>) {
      assert.equal(event.type, types[event.name], event.name);
    }
  });

  it('the React example gets its JSX typings from the package instead of a copy of its own', () => {
    // The example imports only 'svc-uploader'; examples.test.ts type-checks it with tsc.
    const app = readFileSync(new URL('examples/react/src/App.tsx', root), 'utf8');
    assert.doesNotMatch(app, /IntrinsicElements/);
  });
});
