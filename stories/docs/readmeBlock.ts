import readme from '../../README.md?raw';

/** A fenced code block of README.md: its body, from the opening fence to the closing one. */
const FENCE = /^`{3}[\w-]*\n([\s\S]*?)^`{3}$/gm;

/**
 * The code of a README.md block, so a docs page shows the README's code itself and the two
 * never drift: the `nth` fenced block (from 0) after the first occurrence of `after` (a heading,
 * a `readme-check` marker or a sentence). Throws when there is none, so a README edit that
 * moves the block breaks the page loudly rather than leaving it empty.
 *
 * @example
 * <Source language="tsx" code={readmeBlock('## The whole flow in one component')} />
 */
export function readmeBlock(after: string, nth = 0): string {
  const start = readme.indexOf(after);
  const blocks = start < 0 ? [] : [...readme.slice(start).matchAll(FENCE)];
  const code = blocks[nth]?.[1];
  if (code === undefined) throw new Error(`README.md has no code block ${nth} after "${after}"`);
  return code.trimEnd();
}
