import type { Preview } from '@storybook/web-components-vite';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true, sort: 'none' },
    options: { storySort: { order: ['svc-uploader', ['Configurations', 'Appearance and language']] } },
  },
};

export default preview;
