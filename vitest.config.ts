import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { react18Project } from './test/react18/react18Project.js';

// Tests of browser-side code (adapter, hooks, components, flows) run in jsdom with MSW at the network
// edge; everything else runs in Node.
const dom = [
  'test/adapter/**/*.test.{ts,tsx}',
  'test/hooks/**/*.test.{ts,tsx}',
  'test/components/**/*.test.{ts,tsx}',
  'test/flows/**/*.test.{ts,tsx}',
  // The README's testing recipe, kept identical to its block (test/readme/readmeTestFiles.test.ts).
  'test/readme/**/*.test.tsx',
];

// Every story in stories/ as a test in real Chromium: it renders, its play function passes and
// axe finds no violation (`a11y.test: 'error'` in .storybook/preview.tsx). Not part of `npm test`:
// run with `npm run test:stories`.
const storybookProject = (): TestProjectInlineConfiguration => ({
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
});

/**
 * Whether this run may select the storybook project: Storybook's plugin reads the whole
 * Storybook configuration as soon as the project exists, and warns about it, even in runs that
 * select only other projects. Built when `--project` names it (or a pattern that matches it),
 * when no `--project` is given (every project runs), or with `VITEST_STORYBOOK=1`.
 */
function storybookRequested(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  if (env.VITEST_STORYBOOK === '1') return true;
  const filters = argv.flatMap((arg, i) => {
    if (arg === '--project') return argv[i + 1] === undefined ? [] : [argv[i + 1] as string];
    return arg.startsWith('--project=') ? [arg.slice('--project='.length)] : [];
  });
  if (filters.length === 0) return true;
  const matches = (pattern: string) =>
    new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(
      'storybook',
    );
  // Vitest's `--project !name` runs every project but those.
  return filters.some((f) => (f.startsWith('!') ? !matches(f.slice(1)) : matches(f)));
}

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
      // The same browser-side tests on React 18.3 and the oldest React Query the hooks need (the
      // low end of the peer ranges). Not part of `npm test`: run with `npm run test:react18`.
      react18Project,
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
      ...(storybookRequested(process.argv, process.env) ? [storybookProject()] : []),
    ],
  },
});
