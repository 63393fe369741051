import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A React API newer than the lowest supported React (a missing named import) blanks the page on
// React 18 and breaks Next.js builds even where it is never called. Checked here against the
// React 18.3 installed for the react18 project, in Node, so `npm test` catches it cheaply.
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const stack = createRequire(createRequire(import.meta.url).resolve('react18-stack/package.json'));

const IMPORT = /\bimport\s+(?!type\s)([^;]*?)\s+from\s+['"](react(?:-dom)?(?:\/[\w-]+)?)['"]/g;

/** Every value `src/` takes from a React package (`import type` aside), by module. */
function reactValueImports(): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) =>
    /\.tsx?$/.test(f),
  );
  for (const file of files) {
    const code = readFileSync(SRC + file, 'utf8');
    for (const [, clause = '', module = ''] of code.matchAll(IMPORT)) {
      const names = used.get(module) ?? new Set<string>();
      used.set(module, names);
      const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
      for (const spec of named.split(',').map((s) => s.trim())) {
        if (spec && !spec.startsWith('type ')) names.add(spec.split(/\s+as\s+/)[0] ?? spec);
      }
      // `import React from 'react'` or `import * as React from 'react'`: what is read off it.
      const binding = /^(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)/.exec(clause.replace(/\{[^}]*\}/, ''));
      if (binding?.[1]) {
        for (const [, member = ''] of code.matchAll(new RegExp(`\\b${binding[1]}\\.(\\w+)`, 'g')))
          names.add(member);
      }
    }
  }
  return used;
}

describe('React APIs used by src/', () => {
  const used = reactValueImports();

  it('are found by the scan (so the check below cannot pass on nothing)', () => {
    expect(used.get('react')).toContain('useState');
    expect(used.get('react')).toContain('createContext');
  });

  it('all exist in React 18.3, the lowest supported React', () => {
    const missing = [...used].flatMap(([module, names]) => {
      const exports = stack(module) as Record<string, unknown>;
      return [...names].filter((name) => !(name in exports)).map((name) => `${module}: ${name}`);
    });
    expect(missing).toEqual([]);
  });
});
