import adapter from '@sveltejs/adapter-node';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

// `npm run dev` forwards nothing: the upload handler is part of this app (src/routes/api/upload).
export default defineConfig({
  plugins: [
    sveltekit({
      compilerOptions: {
        // Force runes mode for the project, except for libraries. Can be removed in svelte 6.
        runes: ({ filename }) => (filename.split(/[/\\]/).includes('node_modules') ? undefined : true),
      },
      // adapter-node builds a Node server (build/index.js) that serves the pages and the handler.
      adapter: adapter(),
    }),
  ],
});
