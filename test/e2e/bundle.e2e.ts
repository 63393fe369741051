import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { afterAll, expect, it } from 'vitest';
import { SANDBOX_DEFAULTS } from '../../src/testing/sandbox/createSandboxService.js';

// The demo's production bundle (built like demo/server.ts serves it: root demo/, the React
// plugin, no config file) holds neither the client secret nor the service's address.
const outDir = mkdtempSync(join(tmpdir(), 'lir-demo-bundle-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

it('the built demo bundle has no secret and no service URL', async () => {
  await build({
    configFile: false,
    root: fileURLToPath(new URL('../../demo/', import.meta.url)),
    plugins: [react()],
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  // The sandbox's base URL is http://127.0.0.1:<free port>/lenders: neither part may be there.
  const forbidden = [SANDBOX_DEFAULTS.clientSecret, '127.0.0.1', SANDBOX_DEFAULTS.basePath];
  const found = files.flatMap((file) => {
    const text = readFileSync(file, 'latin1');
    return forbidden.filter((needle) => text.includes(needle)).map((n) => `${n} in ${file}`);
  });
  expect(found).toEqual([]);
});
