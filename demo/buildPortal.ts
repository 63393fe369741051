import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const demoRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Where the build lives, with the stamp that says what it was built from. */
const cacheDir = join(repoRoot, 'node_modules', '.cache', 'lender-insurance-demo');
const outDir = join(cacheDir, 'portal');
const stampFile = join(cacheDir, 'portal.json');

/**
 * What the portal is built from: its page and sources, the library's browser side (everything
 * under src/ but the server and the sandbox), this file (the build's configuration) and the
 * dependencies' versions.
 */
const INPUTS = [
  'demo/index.html',
  'demo/src',
  'demo/buildPortal.ts',
  'src',
  'package.json',
  'package-lock.json',
];
const SERVER_SIDE = ['src/server/', 'src/testing/'];

async function listFiles(path: string): Promise<string[]> {
  const full = join(repoRoot, path);
  const entries = await readdir(full, { withFileTypes: true, recursive: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOTDIR') return null;
      throw error;
    },
  );
  if (entries === null) return [path];
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(repoRoot, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** A SHA-256 over the inputs' paths and contents, in a stable order. */
async function hashInputs(): Promise<string> {
  const files = (await Promise.all(INPUTS.map(listFiles)))
    .flat()
    .filter((file) => !SERVER_SIDE.some((prefix) => file.startsWith(prefix)))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(join(repoRoot, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The production build of the portal, and how it came to be. */
export interface PortalBuild {
  /** The folder with index.html and assets/. */
  dir: string;
  /** `built in X s`, or `reusing the build from <time>`. */
  summary: string;
}

/**
 * Builds the portal for production (Vite, the React plugin, root demo/) into
 * node_modules/.cache/lender-insurance-demo/portal, unless the build there was made from the same
 * inputs (a content hash of them is kept beside it): then it is reused.
 */
export async function buildPortal(): Promise<PortalBuild> {
  const hash = await hashInputs();
  const stamp = await readFile(stampFile, 'utf8')
    .then((text) => JSON.parse(text) as { hash?: string; builtAt?: string })
    .catch(() => ({}) as { hash?: string; builtAt?: string });
  if (stamp.hash === hash && stamp.builtAt) {
    const index = await readFile(join(outDir, 'index.html')).catch(() => null);
    if (index) return { dir: outDir, summary: `reusing the build from ${stamp.builtAt}` };
  }
  const started = performance.now();
  const [{ build }, { default: react }] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
  ]);
  // Built beside the old one and swapped in, so a failed build leaves no half of one.
  const next = `${outDir}.${process.pid}`;
  await mkdir(cacheDir, { recursive: true });
  // Vite and the React plugin take a production build from NODE_ENV, and keep whatever the
  // environment set: a test runner's `test` (the demo's own tests start it) or a shell's
  // `development` would build React's development runtime into the cached build that `npm
  // start` then reuses. The build is always a production build; NODE_ENV is put back after it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: false,
      root: demoRoot,
      mode: 'production',
      plugins: [react()],
      logLevel: 'warn',
      clearScreen: false,
      build: { outDir: next, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await rm(outDir, { recursive: true, force: true });
  await rename(next, outDir);
  const builtAt = new Date().toISOString();
  await writeFile(stampFile, `${JSON.stringify({ hash, builtAt }, null, 2)}\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return { dir: outDir, summary: `built in ${seconds} s` };
}
