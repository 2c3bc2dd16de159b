/**
 * How <svc-uploader> looks and speaks: colour mode, design tokens and locale bundles.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import ar from '../locales/ar.js';
import de from '../locales/de.js';
import { localeBundles } from './locale-bundles.js';
import { renderUploader } from './render-uploader.js';
import type { UploaderArgs } from './uploader-controls.js';
import { uploaderStoryBase, type UploaderStory } from './uploader-story.js';

const meta = {
  title: 'svc-uploader/Appearance and language',
  component: 'svc-uploader',
  ...uploaderStoryBase,
  args: { serverUrl: '/api/upload' },
} satisfies Meta<UploaderArgs>;

export default meta;
type Story = UploaderStory;

/** `theme.mode: 'dark'`, on a dark page. `'system'` follows `prefers-color-scheme` live. */
export const DarkTheme: Story = {
  args: { theme: { mode: 'dark' } },
  decorators: [(story) => html`<div style="background: #030712; padding: 1.5rem">${story()}</div>`],
};

/** Design tokens passed in `theme.tokens`: they become inline custom properties on the host. */
export const CustomTokens: Story = {
  args: {
    theme: {
      tokens: {
        '--svc-color-accent': '#7c3aed',
        '--svc-color-accent-hover': '#6d28d9',
        '--svc-color-accent-subtle': '#ede9fe',
        '--svc-color-surface-sunken': '#faf5ff',
        '--svc-radius-large': '2px',
        '--svc-radius-medium': '2px',
        '--svc-font-family': 'Georgia, "Times New Roman", serif',
      },
    },
  },
};

/** The same tokens set by page CSS on an ancestor: custom properties inherit into the element. */
export const TokensFromPageCss: Story = {
  decorators: [
    (story) => html`
    <div style="--svc-color-accent: #047857; --svc-color-accent-hover: #065f46; --svc-color-accent-subtle: #d1fae5; --svc-radius-large: 20px">
      ${story()}
    </div>
  `,
  ],
};

/** An RTL bundle: the element sets `lang="ar"` and `dir="rtl"` and mirrors its layout. */
export const RightToLeftLocale: Story = {
  name: 'Right-to-left locale (Arabic)',
  args: { i18n: { bundle: ar } },
};

/** A locale bundle with per-message overrides merged on top. */
export const GermanBundle: Story = {
  name: 'i18n bundle (German, with overrides)',
  args: {
    maxFiles: 5,
    maxFileSize: { size: 20, unit: 'MB' },
    i18n: { bundle: de, overrides: { 'dropZone.title': 'Belege hierher ziehen' } },
  },
};

type LanguageArgs = UploaderArgs & { language: string };

/** Pick any shipped bundle from the Language control. */
export const EveryLocale: StoryObj<LanguageArgs> = {
  name: 'Every locale',
  args: { language: 'ja', maxFiles: 3 },
  argTypes: { language: { control: 'select', options: Object.keys(localeBundles) } },
  render: ({ language, ...args }) => renderUploader({ ...args, i18n: { bundle: localeBundles[language] } }),
};
