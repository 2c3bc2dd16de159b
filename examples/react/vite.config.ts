import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm start` (the demo server) answers /api/upload; the dev server forwards to it.
const uploadServer = process.env.UPLOAD_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': uploadServer } },
});
