import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// `npm start` (the demo server) answers /api/upload; the dev server forwards to it.
const uploadServer = process.env.UPLOAD_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [svelte()],
  server: { proxy: { '/api': uploadServer } },
});
