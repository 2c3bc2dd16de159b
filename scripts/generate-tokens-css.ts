// Writes styles/tokens.css from the token list (elements/theme/tokens.ts).
// Run: node --import tsx scripts/generate-tokens-css.ts   (a browser test fails when it is stale)
import { writeFileSync, mkdirSync } from 'node:fs';
import { globalTokensCss } from '../elements/theme/token-css.js';

const target = new URL('../styles/tokens.css', import.meta.url);
mkdirSync(new URL('.', target), { recursive: true });
writeFileSync(target, globalTokensCss());
console.log(`wrote ${target.pathname}`);
