// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ADAPTER_DIR = join(import.meta.dirname, '../../src/adapter');

describe('the adapter on the server (SSR)', () => {
  it('imports and is created without any browser global', async () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    expect(typeof sessionStorage).toBe('undefined');
    expect(typeof EventSource).toBe('undefined');

    const { createHttpAdapter } = await import('../../src/adapter/index.js');
    const adapter = createHttpAdapter();

    expect(typeof adapter.getLoan).toBe('function');
    expect(typeof adapter.subscribe).toBe('function');
  });

  it('imports only the core and eventsource-parser: no server, testing or React code', () => {
    const files = readdirSync(ADAPTER_DIR).filter((f) => f.endsWith('.ts'));
    const specifiers = files.flatMap((file) =>
      [
        ...readFileSync(join(ADAPTER_DIR, file), 'utf8').matchAll(
          /^(?:import|export)[^'"]*from\s+'([^']+)'/gm,
        ),
      ].map((m) => [file, m[1]] as const),
    );
    expect(specifiers.length).toBeGreaterThan(0);
    const foreign = specifiers.filter(
      ([, spec]) =>
        !(
          spec === 'eventsource-parser' ||
          (spec?.startsWith('./') && spec.endsWith('.js')) ||
          (spec?.startsWith('../core/') && spec.endsWith('.js'))
        ),
    );
    expect(foreign).toEqual([]);
  });

  it("carries no schema nor valibot: the BFF's answers are read as the BFF sent them", () => {
    // Every module the adapter loads, up front or later, following value imports (not types).
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      const specs = [
        ...text.matchAll(/^(?:import|export)(?!\s+type\b)[^'"]*from\s+'([^']+)'/gm),
        ...text.matchAll(/import\('([^']+)'\)/g),
      ].map((m) => m[1] as string);
      for (const spec of specs) {
        if (spec.startsWith('.')) visit(join(dirname(file), spec.replace(/\.js$/, '.ts')));
        else packages.add(spec);
      }
    };
    visit(join(ADAPTER_DIR, 'index.ts'));
    const loaded = [...seen].map((file) => relative(join(ADAPTER_DIR, '..'), file));
    expect(loaded).toContain('adapter/sendRequest.ts');
    expect(loaded.filter((file) => /schemas\/|parseResponse|operationOutputs/.test(file))).toEqual(
      [],
    );
    expect([...packages]).toEqual(['eventsource-parser']);
  });

  it("marks no file 'use client' (the build adds it to the entry)", () => {
    for (const file of readdirSync(ADAPTER_DIR)) {
      expect(readFileSync(join(ADAPTER_DIR, file), 'utf8')).not.toMatch(/^['"]use client['"]/m);
    }
  });
});
