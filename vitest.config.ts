import { defineConfig } from 'vitest/config';

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
          exclude: ['test/integration/**', ...dom],
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
    ],
  },
});
