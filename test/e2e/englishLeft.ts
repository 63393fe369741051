import type { Page } from 'playwright-core';

// Every catalog the flow's text comes from, in English and in Spanish, read as the i18n test
// reads them (a module exports one catalog named after its file).
const english = import.meta.glob<Record<string, unknown>>(
  ['../../src/components/**/*Messages.ts', '../../src/flows/**/*Messages.ts'],
  { eager: true },
);
const spanish = import.meta.glob<Record<string, unknown>>(
  ['../../src/components/**/*MessagesEs.ts', '../../src/flows/**/*MessagesEs.ts'],
  { eager: true },
);

function catalog(path: string, module: Record<string, unknown> | undefined) {
  const name = path.replace(/^.*\//, '').replace(/\.ts$/, '');
  return (module?.[name] ?? {}) as Record<string, string>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The English texts a Spanish page must not show: each English message's literal parts (its
 * `{placeholders}` are data) whose Spanish twin differs, as whole words. Parts shorter than four
 * letters ("Day", "of") would match inside names and numbers.
 */
const ENGLISH_PHRASES: ReadonlyArray<{ phrase: string; pattern: RegExp }> = (() => {
  const phrases = new Set<string>();
  for (const [path, module] of Object.entries(english)) {
    const en = catalog(path, module);
    const es = catalog(
      path.replace(/Messages\.ts$/, 'MessagesEs.ts'),
      spanish[path.replace(/Messages\.ts$/, 'MessagesEs.ts')],
    );
    for (const [key, text] of Object.entries(en)) {
      if (typeof text !== 'string' || es[key] === text) continue;
      for (const part of text.split(/\{\w+\}/)) {
        const phrase = part.trim().replace(/^[\s.,:;–—()]+|[\s.,:;–—()]+$/g, '');
        if (phrase.replace(/[^A-Za-z]/g, '').length >= 4) phrases.add(phrase);
      }
    }
  }
  return [...phrases].map((phrase) => ({
    phrase,
    pattern: new RegExp(`(^|[^\\p{L}])${escapeRegExp(phrase)}($|[^\\p{L}])`, 'u'),
  }));
})();

/** How many English phrases the check knows (so that it cannot pass by knowing none). */
export const englishPhraseCount = ENGLISH_PHRASES.length;

/**
 * The library's English texts that `selector`'s elements show: their text, and their
 * `aria-label`, `title`, `alt` and `placeholder` attributes (what a screen reader reads too).
 */
export async function englishLeft(page: Page, selector: string): Promise<string[]> {
  const texts = await page.locator(selector).evaluateAll((roots) =>
    roots.flatMap((root) => {
      const attributes = [...root.querySelectorAll('[aria-label],[title],[alt],[placeholder]')]
        .concat(root)
        .flatMap((el) =>
          ['aria-label', 'title', 'alt', 'placeholder'].map((name) => el.getAttribute(name) ?? ''),
        );
      return [(root as HTMLElement).innerText, ...attributes];
    }),
  );
  const all = texts.join('\n');
  return ENGLISH_PHRASES.filter(({ pattern }) => pattern.test(all)).map(({ phrase }) => phrase);
}
