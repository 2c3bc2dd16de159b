#!/usr/bin/env node
// `npm run build`: ESM + declarations for every module (tsc), the Workers entry as one bundle
// (svc-uploader/server/workers: the AWS SDK inside, with its DOM-free XML parser), then the
// self-contained browser bundle for plain HTML pages (vite, Lit included, optional features in
// lazy chunks), whose sizes are printed and checked against bundle-budget.json.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { buildWorkersEntry } from './build-workers-entry.mjs';

rmSync('dist', { recursive: true, force: true });
const run = (script, args = []) => execFileSync(process.execPath, [script, ...args], { stdio: 'inherit' });
run('node_modules/typescript/bin/tsc', ['-p', 'tsconfig.build.json']);
// tsc's one-line re-export (and its map) would make Wrangler resolve the SDK for the browser.
rmSync('dist/server/workers.js.map', { force: true });
await buildWorkersEntry('dist/server/workers.js');
run('scripts/bundle-size.mjs');
console.log('built dist/ (modules, declarations, Workers entry, browser bundle within budget)');
