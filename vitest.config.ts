import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

// Tests of browser-side code (adapter, hooks, components) run in jsdom with MSW at the network
// edge; everything else runs in Node.
const dom = [
  'test/adapter/**/*.test.{ts,tsx}',
  'test/hooks/**/*.test.{ts,tsx}',
  'test/components/**/*.test.{ts,tsx}',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/integration/**', 'test/redis/**', ...dom],
        },
      },
      {
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: dom,
          setupFiles: ['./test/setup/dom.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        // Several BFF instances sharing a real redis-server (started by the tests). Not part of
        // `npm test`: run with `npm run test:redis` (needs Debian's redis-server).
        test: {
          name: 'redis',
          environment: 'node',
          include: ['test/redis/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 30_000,
        },
      },
      {
        // Every story in stories/ as a test in real Chromium: it renders, its play function
        // passes and axe finds no violation (`a11y.test: 'error'` in .storybook/preview.tsx).
        // Not part of `npm test`: run with `npm run test:stories`.
        plugins: [storybookTest({ configDir: new URL('./.storybook', import.meta.url).pathname })],
        test: {
          name: 'storybook',
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
