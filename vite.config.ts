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
        'core/index': 'src/core/index.ts',
        'server/index': 'src/server/index.ts',
        'server/redis/index': 'src/server/redis/index.ts',
        'server/cli': 'src/server/cli.ts',
        'testing/index': 'src/testing/index.ts',
        'testing/msw/index': 'src/testing/msw/index.ts',
        'testing/cli': 'src/testing/cli.ts',
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: isExternal,
      // A constant imported from another module stays an import: inlined, it left a bare
      // `import "./module.js"` behind in each file (kept for the order of side effects, of which
      // the package has none), and esbuild-based bundlers warn about every one in a host's build.
      optimization: { inlineConst: false },
      output: {
        // One file per source module, as in src: a consumer's bundler keeps only the modules it
        // uses (the package declares no side effects but CSS), so importing the hooks never
        // drags in schemas or server code that a merged chunk would.
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
        // Client modules (the browser entry, hooks, components) are marked for React Server
        // Components frameworks (the core entry is not: it is framework-free, for Server Components
        // and route handlers); the sandbox and the `lender-insurance-react` CLI are executables.
        banner: (chunk) => {
          if (chunk.name === 'testing/cli' || chunk.name === 'server/cli')
            return '#!/usr/bin/env node';
          return /^(index|hooks\/|components\/)/.test(chunk.name) ? "'use client';" : '';
        },
      },
    },
    target: 'es2022',
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
  },
});
