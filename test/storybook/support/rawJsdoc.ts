import type { Frame } from 'playwright-core';

/**
 * JSDoc tags that show a comment was printed as it is written, not rendered: `{@link`, or
 * `@example`, `@see`, `@param`, `@returns` as a tag (an address like `name@example.com` is none).
 */
export const RAW_JSDOC = /\{@link\b|(?<![\w.+-])@(example|see|param|returns)\b(?![.@\w-])/;

/**
 * The text of a Docs page that is raw JSDoc (`@example`, `{@link …}`, `@see`, `@param`,
 * `@returns`), each with the tag of the element it is in; empty when the JSDoc is rendered.
 */
export function rawJsdoc(frame: Frame): Promise<string[]> {
  return frame.evaluate((source) => {
    const pattern = new RegExp(source);
    const root = document.querySelector('#storybook-docs') ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style') || !pattern.test(text)) continue;
      found.push(
        `<${parent.tagName.toLowerCase()}> ${text.trim().replace(/\s+/g, ' ').slice(0, 120)}`,
      );
    }
    return found;
  }, RAW_JSDOC.source);
}
