import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { TestProjectInlineConfiguration } from 'vitest/config';

// The low end of the peer ranges lives in a package of its own (./stack): react-dom 18 requires
// `react` from where it is installed, so it cannot sit beside the React 19 the other projects use.
const stack = createRequire(createRequire(import.meta.url).resolve('react18-stack/package.json'));
const lowEnd = (name: string) => dirname(stack.resolve(`${name}/package.json`));

/**
 * The component and hook tests in jsdom against React 18.3 and the oldest React Query 5 the hooks
 * need (not the adapter's: the adapter does not use React). Every import of `react`, `react-dom`
 * and `@tanstack/react-query`, from src/, the tests and the libraries below, must reach that one
 * copy: two Reacts in one tree fail as "Invalid hook call". Run with `npm run test:react18`.
 */
export const react18Project: TestProjectInlineConfiguration = {
  resolve: {
    alias: [
      { find: /^react(\/.*)?$/, replacement: `${lowEnd('react')}$1` },
      { find: /^react-dom(\/.*)?$/, replacement: `${lowEnd('react-dom')}$1` },
      { find: /^@tanstack\/react-query$/, replacement: lowEnd('@tanstack/react-query') },
    ],
    // As a bundler reads them: the CommonJS build of Testing Library would `require('react')`
    // natively, past the aliases.
    mainFields: ['module'],
  },
  test: {
    name: 'react18',
    environment: 'jsdom',
    include: [
      'test/react18/**/*.test.tsx',
      'test/hooks/**/*.test.{ts,tsx}',
      'test/components/**/*.test.{ts,tsx}',
      'test/flows/**/*.test.{ts,tsx}',
    ],
    setupFiles: ['./test/setup/dom.ts'],
    server: {
      deps: {
        // Libraries that import React are run through Vite, so the aliases above apply to them;
        // React, react-dom and React Query stay native and resolve each other inside the stack.
        // All of Testing Library, so user-event and the React bindings share one configuration.
        inline: [/\/node_modules\/@testing-library\//],
      },
    },
  },
};
