// Reads a Markdown page the way GitHub renders it, for the documentation checks: its heading
// anchors (GitHub's slug rules, including the -1, -2 suffixes of repeated headings), its links and
// images outside code, and its fenced code blocks.
import { readFileSync } from 'node:fs';
import GithubSlugger from 'github-slugger';
import { Lexer, type Token } from 'marked';

export interface MarkdownLink {
  /** The link text, or the image's alt text, as written. */
  text: string;
  href: string;
}

export interface MarkdownCodeBlock {
  lang: string;
  code: string;
}

export interface MarkdownPage {
  anchors: Set<string>;
  links: MarkdownLink[];
  codeBlocks: MarkdownCodeBlock[];
}

// marked escapes these in the text it hands back; GitHub slugs the rendered characters.
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'" };
const unescapeEntities = (text: string) => text.replace(/&(?:lt|gt|amp|quot|#39);/g, (entity) => ENTITIES[entity]!);

/** The heading's text as GitHub renders it: formatting marks dropped, link and code text kept. */
function plainText(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if ('tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0) return plainText(token.tokens);
      if (token.type === 'html') return '';
      return 'text' in token && typeof token.text === 'string' ? unescapeEntities(token.text) : '';
    })
    .join('');
}

/** Every token below `tokens`, depth first, including list items and table cells. */
function* walk(tokens: Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    if ('tokens' in token && Array.isArray(token.tokens)) yield* walk(token.tokens);
    if (token.type === 'list') yield* walk(token.items);
    if (token.type === 'table') {
      for (const cell of token.header) yield* walk(cell.tokens);
      for (const row of token.rows) for (const cell of row) yield* walk(cell.tokens);
    }
  }
}

/** `href`/`src` and `id`/`name` attributes of raw HTML (the page's own text, not client input). */
function htmlAttributes(html: string, names: string[]): string[] {
  const values: string[] = [];
  for (const match of html.matchAll(/\s([a-z]+)="([^"]*)"/g)) {
    if (names.includes(match[1]!)) values.push(match[2]!);
  }
  return values;
}

export function readMarkdown(path: string): MarkdownPage {
  const tokens = new Lexer().lex(readFileSync(path, 'utf8'));
  const slugger = new GithubSlugger();
  const page: MarkdownPage = { anchors: new Set(), links: [], codeBlocks: [] };
  for (const token of walk(tokens)) {
    if (token.type === 'heading') page.anchors.add(slugger.slug(plainText(token.tokens ?? [])));
    else if (token.type === 'link' || token.type === 'image') page.links.push({ text: token.text, href: token.href });
    else if (token.type === 'code') page.codeBlocks.push({ lang: token.lang ?? '', code: token.text });
    else if (token.type === 'html') {
      for (const href of htmlAttributes(token.raw, ['href', 'src'])) page.links.push({ text: '(html)', href });
      for (const id of htmlAttributes(token.raw, ['id', 'name'])) page.anchors.add(id);
    }
  }
  return page;
}
