import { defineConfig, type Plugin } from 'vite';

/**
 * Lit `css` literals keep their source indentation and comments; the element's stylesheets are
 * collapsed to single spaces here (whitespace next to braces and semicolons dropped), which gzip
 * alone does not fully recover. Only style modules are touched; they hold nothing but CSS.
 */
function collapseCssLiterals(): Plugin {
  return {
    name: 'svc-collapse-css-literals',
    transform(code, id) {
      if (!/\/elements\/.+\/styles\/[^/]+\.ts$/.test(id)) return null;
      const collapsed = code.replace(/\bcss`([^`]*)`/g, (_, body: string) => `css\`${body
        .replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').replace(/\s*([{};])\s*/g, '$1').trim()}\``);
      return { code: collapsed, map: { mappings: '' } };
    },
  };
}

// The browser bundle for plain HTML pages: one ES module that registers <svc-uploader>, with Lit
// inside and optional features (tus, drives, media capture, pipeline steps) split into lazy chunks.
export default defineConfig({
  plugins: [collapseCssLiterals()],
  // Relative asset URLs: the image worker (`assets/image-worker-*.js`) is found next to the bundle
  // wherever a page serves it, not only at the site root.
  base: './',
  // ES workers: the digest worker loads its plain-JS fallbacks lazily, which IIFE workers cannot.
  worker: { format: 'es' },
  build: {
    outDir: 'dist/browser',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    lib: {
      entry: 'elements/browser.ts',
      formats: ['es'],
      fileName: () => 'svc-uploader.js',
    },
    // Library mode leaves whitespace in ES output so bundlers can tree-shake it; this file is the
    // ready-to-load browser bundle, so it is minified fully.
    rolldownOptions: { output: { minify: true } },
  },
});
