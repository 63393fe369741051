import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe on an element (default: the whole document) and fails with the violations listed.
 * Colour contrast is left to the browser tests: jsdom does not compute styles. Frames are not
 * entered: jsdom cannot, and a framed page (the hosted retrieval form) is not ours to check.
 */
export async function expectNoAxeViolations(element: Element = document.body): Promise<void> {
  const results = await axe.run(element, {
    iframes: false,
    rules: { 'color-contrast': { enabled: false } },
  });
  const violations = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(violations).toEqual([]);
}
