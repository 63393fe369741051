import { defineConfig } from 'vitest/config';

// The borrower-portal demo end to end in Chromium: `npm run test:e2e`. Not part of `npm test`
// (its projects include only `*.test.ts`).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
