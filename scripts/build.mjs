#!/usr/bin/env node
// `npm run build`: ESM + declarations for every module (tsc), the element's custom-elements
// manifest, editor data and framework typings (generated into manifest/, copied to dist/), then the
// self-contained browser bundle for plain HTML pages (vite, Lit included, optional features in lazy
// chunks), whose sizes are printed and checked against bundle-budget.json.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
const run = (script, args = []) => execFileSync(process.execPath, [script, ...args], { stdio: 'inherit' });
run('node_modules/typescript/bin/tsc', ['-p', 'tsconfig.build.json']);
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/generate-element-manifest.ts'], { stdio: 'inherit' });
cpSync('manifest', 'dist', { recursive: true });
run('scripts/bundle-size.mjs');
console.log('built dist/ (modules, declarations, element manifest and typings, browser bundle within budget)');
