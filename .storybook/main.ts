import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: {
    name: '@storybook/react-vite',
    // The root vite.config.ts is the library build (externals, preserveModules): not for an app.
    options: { builder: { viteConfigPath: '.storybook/vite.config.ts' } },
  },
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: [
    '@storybook/addon-docs',
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
    'msw-storybook-addon',
  ],
  // Serves public/mockServiceWorker.js at the root, in dev and in the static build.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  // react-docgen-typescript needs the classic TypeScript API, which TypeScript 7 no longer has.
  typescript: { reactDocgen: 'react-docgen' },
};

export default config;
