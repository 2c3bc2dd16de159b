import { defineConfig } from 'vite';

// `npm start` (the demo server) answers /api/upload; the dev server forwards to it.
const uploadServer = process.env.UPLOAD_SERVER ?? 'http://127.0.0.1:3000';

// No Angular plugin: the app compiles its templates in the browser (JIT, `@angular/compiler`), and
// Vite only strips types and lowers the decorators as tsconfig.json's experimentalDecorators asks.
export default defineConfig({
  server: { proxy: { '/api': uploadServer } },
  // The JIT compiler alone is about 1 MB; an AOT build (Angular CLI) leaves it out.
  build: { chunkSizeWarningLimit: 1500 },
});
