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
  },
});
