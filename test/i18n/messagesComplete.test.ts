/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

// Every message catalog the library renders text from: a component's or a flow's English
// defaults (`<name>Messages.ts`) and its Spanish translation (`<name>MessagesEs.ts`).
const english = import.meta.glob<Record<string, unknown>>(
  [
    '../../src/components/**/*Messages.ts',
    '../../src/flows/**/*Messages.ts',
    '!../../src/components/shared/useMessages.ts',
  ],
  { eager: true },
);
const spanish = import.meta.glob<Record<string, unknown>>(
  ['../../src/components/**/*MessagesEs.ts', '../../src/flows/**/*MessagesEs.ts'],
  { eager: true },
);

/** The one exported catalog of a module (named after its file). */
function catalog(path: string, module: Record<string, unknown>): Record<string, string> {
  const name = path.replace(/^.*\//, '').replace(/\.ts$/, '');
  const value = module[name];
  if (!value || typeof value !== 'object') throw new Error(`${path} does not export ${name}`);
  return value as Record<string, string>;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogs', () => {
  it('finds the catalogs of every component', () => {
    expect(Object.keys(english).length).toBeGreaterThanOrEqual(6);
  });

  describe.each(Object.keys(english))('%s', (path) => {
    const en = catalog(path, english[path] as Record<string, unknown>);
    const esPath = path.replace(/Messages\.ts$/, 'MessagesEs.ts');

    it('has a Spanish (es) translation', () => {
      expect(Object.keys(spanish), `add ${esPath}`).toContain(esPath);
    });

    it('translates every key, with the same placeholders, and nothing more', () => {
      const esModule = spanish[esPath];
      if (!esModule) throw new Error(`missing ${esPath}`);
      const es = catalog(esPath, esModule);
      expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en)) {
        expect(es[key]?.trim(), `${esPath}: ${key} is empty`).toBeTruthy();
        expect(placeholders(es[key] as string), `${esPath}: ${key}'s placeholders`).toEqual(
          placeholders(en[key] as string),
        );
      }
    });
  });
});
