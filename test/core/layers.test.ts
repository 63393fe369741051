import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

/** Every TypeScript source file under `src/`, relative to it. */
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [relative(SRC, path)] : [];
  });
}

/** The relative imports of a source file, as paths under `src/`. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) =>
    relative(SRC, resolve(dirname(join(SRC, file)), m[1] as string)).replace(/\.js$/, ''),
  );
}

const layerOf = (path: string) => path.split('/')[0] as string;

/**
 * What each layer may import, besides itself: imports point one way, core ← adapter ← hooks ←
 * components ← flows; core ← server; core ← testing. Components reach hooks through their public
 * entry only, and flows reach hooks and components through theirs (plus the components' shared
 * text, formatting and class helpers), so a host can rebuild either from the same parts.
 */
const allowed: Record<string, (target: string) => boolean> = {
  core: () => false,
  adapter: (t) => layerOf(t) === 'core',
  hooks: (t) => ['core', 'adapter'].includes(layerOf(t)),
  components: (t) => layerOf(t) === 'core' || t === 'hooks/index',
  flows: (t) =>
    layerOf(t) === 'core' ||
    t === 'hooks/index' ||
    t === 'components/index' ||
    t.startsWith('components/shared/'),
  server: (t) => layerOf(t) === 'core',
  testing: (t) => ['core', 'server'].includes(layerOf(t)),
};

describe('layers', () => {
  const files = sources().filter((f) => f.includes('/'));

  it('finds the sources of every layer', () => {
    expect(new Set(files.map(layerOf))).toEqual(new Set(Object.keys(allowed)));
  });

  it('imports point one way, and upper layers use the public entry of the one below', () => {
    const wrong = files.flatMap((file) => {
      const layer = layerOf(file);
      const may = allowed[layer] ?? (() => false);
      return importsOf(file)
        .filter((target) => layerOf(target) !== layer && !may(target))
        .map((target) => `${file} → ${target}`);
    });
    expect(wrong).toEqual([]);
  });
});
