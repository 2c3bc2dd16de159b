import { gzipSync } from 'node:zlib';
import { build } from 'vite';
const root = new URL('..', import.meta.url).pathname;
const result = await build({ root, configFile: root + 'vite.config.ts', logLevel: 'warn', build: { write: false } });
const chunks = [result].flat().flatMap((o) => o.output).filter((i) => i.type === 'chunk');
const byFile = new Map(chunks.map((c) => [c.fileName, c]));
function closure(f, seen = new Set()) { if (seen.has(f)) return seen; seen.add(f); for (const i of byFile.get(f)?.imports ?? []) closure(i, seen); return seen; }
const entry = chunks.find((c) => c.isEntry);
const rows = [];
for (const f of closure(entry.fileName)) {
  for (const [id, m] of Object.entries(byFile.get(f).modules)) {
    const code = m.code ?? '';
    rows.push({ id: id.replace(root, '').replace(/.*node_modules\//, 'nm/'), min: code.length, gz: code.length ? gzipSync(code, { level: 9 }).length : 0 });
  }
}
rows.sort((a, b) => b.gz - a.gz);
console.log('total modules', rows.length, 'sum gz', rows.reduce((s, r) => s + r.gz, 0));
for (const r of rows.slice(0, +(process.argv[2] ?? 40))) console.log(String(r.gz).padStart(6), String(r.min).padStart(7), r.id);
