import { defineConfig } from 'vite';

// The browser bundle for plain HTML pages: one ES module that registers <svc-uploader>, with Lit
// inside and optional features (tus, drives, media capture, pipeline steps) split into lazy chunks.
export default defineConfig({
  build: {
    outDir: 'dist/browser',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    lib: {
      entry: 'elements/index.ts',
      formats: ['es'],
      fileName: () => 'svc-uploader.js',
    },
    // Library mode leaves whitespace in ES output so bundlers can tree-shake it; this file is the
    // ready-to-load browser bundle, so it is minified fully.
    rolldownOptions: { output: { minify: true } },
  },
});
