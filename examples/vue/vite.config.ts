import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

// `npm start` (the demo server) answers /api/upload; the dev server forwards to it.
const uploadServer = process.env.UPLOAD_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    vue({
      template: {
        compilerOptions: {
          // Without this Vue tries to resolve <svc-uploader> as a Vue component and warns.
          isCustomElement: (tag) => tag.startsWith('svc-'),
        },
      },
    }),
  ],
  server: { proxy: { '/api': uploadServer } },
});
