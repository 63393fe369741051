import { defineConfig } from 'vitest/config';

// The BUILT Storybook in Chromium, as a designer or a lender hosting it sees it: `npm run test:docs`
// (after `npm run build-storybook`; `STORYBOOK_STATIC` points at another build). Not part of
// `npm test` (its projects include only `*.test.ts`).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/storybook/**/*.e2e.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
