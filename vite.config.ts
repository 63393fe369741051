import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

// Everything a consumer installs (peers, dependencies) and Node's built-ins stay external.
const externals = [...Object.keys(pkg.peerDependencies), ...Object.keys(pkg.dependencies)];
const isExternal = (id: string) =>
  id.startsWith('node:') ||
  builtinModules.includes(id) ||
  externals.some((dep) => id === dep || id.startsWith(`${dep}/`));

export default defineConfig({
  build: {
    lib: {
      entry: {
        index: 'src/index.ts',
        server: 'src/server/index.ts',
        testing: 'src/testing/index.ts',
        'testing-msw': 'src/testing/msw/index.ts',
        cli: 'src/testing/cli.ts',
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: isExternal,
      output: {
        // The browser entry is a client module for React Server Components frameworks; the
        // sandbox process is an executable.
        banner: (chunk) =>
          chunk.name === 'index'
            ? "'use client';"
            : chunk.name === 'cli'
              ? '#!/usr/bin/env node'
              : '',
      },
    },
    target: 'es2022',
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
  },
});
