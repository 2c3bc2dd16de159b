#!/usr/bin/env node
// `npm run build`: ESM + declarations for every module (tsc), then the self-contained browser
// bundle for plain HTML pages (vite, Lit included, optional features in lazy chunks).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
const run = (script, args) => execFileSync(process.execPath, [script, ...args], { stdio: 'inherit' });
run('node_modules/typescript/bin/tsc', ['-p', 'tsconfig.build.json']);
run('node_modules/vite/bin/vite.js', ['build', '--logLevel', 'warn']);
console.log('built dist/ (modules, declarations, browser bundle)');
