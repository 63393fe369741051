import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const pageRoot = fileURLToPath(new URL('./page/', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Builds the bench's page (page/index.html and page/main.tsx) with Vite in production mode, as a
 * host's build would, into a new temporary directory, and returns that directory.
 */
export async function buildPushPage(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'lir-bench-push-'));
  await build({
    configFile: false,
    root: pageRoot,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    cacheDir: join(repoRoot, 'node_modules/.vite/bench-push'),
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  });
  return outDir;
}
