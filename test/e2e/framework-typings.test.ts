import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runNodeTool } from '../support/node-tool.js';

// Runs after the build: `svc-uploader/react`, `/vue` and `/svelte` resolve through package.json
// to the typings in dist/, as they do in an app that installed the package.
const root = new URL('../../', import.meta.url);

describe('framework typings shipped in the package', () => {
  it('the build ships the manifest, the editor data and the typings generated into manifest/', () => {
    for (const name of ['custom-elements.json', 'vscode.html-custom-data.json', 'web-types.json', 'frameworks/react.d.ts', 'frameworks/vue.d.ts', 'frameworks/svelte.d.ts']) {
      assert.equal(readFileSync(new URL(`dist/${name}`, root), 'utf8'), readFileSync(new URL(`manifest/${name}`, root), 'utf8'), name);
    }
  });

  it('React, Vue and Svelte usage type-checks against them, and misspelt or mistyped props do not', async () => {
    // Every `@ts-expect-error` in test/framework-typings marks a mistake; an unused one fails tsc.
    // skipLibCheck is off there, so the typings themselves are checked against each framework's types.
    await runNodeTool('node_modules/typescript/bin/tsc', ['-p', 'test/framework-typings/tsconfig.json']);
  });

  it('the React example gets its JSX typings from the package instead of a copy of its own', () => {
    // The example imports only 'svc-uploader'; examples.test.ts type-checks it with tsc.
    const app = readFileSync(new URL('examples/react/src/App.tsx', root), 'utf8');
    assert.doesNotMatch(app, /IntrinsicElements/);
  });
});
