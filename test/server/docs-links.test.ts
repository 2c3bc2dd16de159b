// The pages a user reads first hold together: every relative link and `#anchor` in README.md,
// CONTRIBUTING.md and docs/*.md reaches a file and a heading that exist (GitHub's slug rules), code
// samples import only subpaths the package exports, and plain-HTML samples load scripts by URL,
// since a browser without an import map cannot resolve a bare specifier.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { readMarkdown, type MarkdownPage } from '../support/markdown.js';

const repository = resolve('.');
const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const SCRIPT_LANGUAGES = new Set(['js', 'mjs', 'ts', 'tsx', 'jsx', 'html', 'vue', 'svelte']);

const pages = new Map<string, MarkdownPage>();
function page(path: string): MarkdownPage {
  if (!pages.has(path)) pages.set(path, readMarkdown(join(repository, path)));
  return pages.get(path)!;
}

/** Links that leave the repository (`https:`, `mailto:`, `//host`) are not checked here. */
const isExternal = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');

/** What is wrong with `href` on the page at `from`, or undefined when it resolves. */
function brokenReason(from: string, href: string): string | undefined {
  const hashAt = href.indexOf('#');
  const pathPart = decodeURIComponent(hashAt === -1 ? href : href.slice(0, hashAt));
  const anchor = hashAt === -1 ? undefined : decodeURIComponent(href.slice(hashAt + 1));
  const target = pathPart === '' ? from : relative(repository, resolve(repository, dirname(from), pathPart));
  if (target.startsWith(`..${sep}`) || target === '..') return 'points outside the repository';
  if (!existsSync(join(repository, target))) return `no file ${target}`;
  if (anchor === undefined || !target.endsWith('.md')) return undefined;
  return page(target).anchors.has(anchor) ? undefined : `no heading #${anchor} in ${target}`;
}

/** Module specifiers of `import … from '…'`, `import '…'` and `import('…')` in a code sample. */
function importedSpecifiers(code: string): string[] {
  return [...code.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"\n]{1,200})['"]/g)].map((match) => match[1]!);
}

const exportedSubpaths = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, unknown> }).exports);

/** Whether `specifier` (`svc-uploader`, `svc-uploader/…`) names a subpath of package.json `exports`. */
function isExported(specifier: string): boolean {
  const subpath = `.${specifier.slice('svc-uploader'.length)}`;
  return exportedSubpaths.some((key) => {
    const star = key.indexOf('*');
    if (star === -1) return key === subpath;
    return subpath.length > key.length - 1 && subpath.startsWith(key.slice(0, star)) && subpath.endsWith(key.slice(star + 1));
  });
}

/** A browser resolves these without an import map. */
const isUrl = (specifier: string) => /^(\/|\.\.?\/|https?:\/\/)/.test(specifier);

describe('documentation pages', () => {
  for (const path of PAGES) {
    it(`${path}: every relative link and anchor resolves`, () => {
      const broken = page(path)
        .links.filter(({ href }) => !isExternal(href))
        .map(({ text, href }) => ({ link: `[${text}](${href})`, reason: brokenReason(path, href) }))
        .filter(({ reason }) => reason !== undefined);
      assert.deepEqual(broken, []);
    });

    it(`${path}: code samples import only subpaths that package.json exports`, () => {
      const unexported = page(path)
        .codeBlocks.filter(({ lang }) => SCRIPT_LANGUAGES.has(lang))
        .flatMap(({ code }) => importedSpecifiers(code))
        .filter((specifier) => (specifier === 'svc-uploader' || specifier.startsWith('svc-uploader/')) && !isExported(specifier));
      assert.deepEqual(unexported, []);
    });

    it(`${path}: plain-HTML samples load scripts and modules by URL`, () => {
      const bare = page(path)
        .codeBlocks.filter(({ lang }) => lang === 'html')
        .flatMap(({ code }) => [...[...code.matchAll(/<script\b[^>]{0,200}\bsrc="([^"]{1,300})"/g)].map((match) => match[1]!), ...importedSpecifiers(code)])
        .filter((specifier) => !isUrl(specifier));
      assert.deepEqual(bare, []);
    });
  }

  it('covers the README, the contributing guide and every docs page', () => {
    assert.ok(PAGES.includes('README.md') && PAGES.includes('docs/server.md') && PAGES.length >= 9, PAGES.join(', '));
    assert.ok(page('README.md').links.length > 20, 'the README links were read');
  });
});
