import type { StorybookConfig } from '@storybook/web-components-vite';
import { mergeConfig } from 'vite';

// The element is built from its TypeScript source (no decorators: `static properties`), with the
// Vite that builds the package, so what the catalog shows is what the bundle ships.
const config: StorybookConfig = {
  framework: { name: '@storybook/web-components-vite', options: {} },
  stories: ['../stories/**/*.stories.ts'],
  // The Accessibility panel runs axe on the open story; the catalog's e2e test runs it on every story.
  addons: ['@storybook/addon-a11y'],
  core: { disableTelemetry: true },
  // `npm run storybook` forwards /api to the demo server, so the story that uploads works while
  // `npm start` runs; a static build has no such server and its uploads fail visibly.
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      server: { proxy: { '/api': process.env.UPLOAD_SERVER ?? 'http://127.0.0.1:3000' } },
    }),
};

export default config;
