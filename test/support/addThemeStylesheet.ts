import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LAYER = '@layer lender-insurance {';
const THEME = join(dirname(fileURLToPath(import.meta.url)), '../../src/styles.css');

/**
 * Adds the theme (src/styles.css, the start of lender-insurance-react/styles.css) to the page, as
 * a host that imports the stylesheet has it; returns a function that removes it again. jsdom
 * drops every rule inside `@layer`, so the layer's rules are added without the wrapper: their
 * order, and so the cascade between them, is unchanged. The element carries
 * `data-test-stylesheet`, so a test can take it away.
 */
export function addThemeStylesheet(): () => void {
  const css = readFileSync(THEME, 'utf8');
  const start = css.indexOf(LAYER);
  const style = document.createElement('style');
  style.dataset.testStylesheet = 'lender-insurance-react';
  style.textContent = start === -1 ? css : css.slice(start + LAYER.length, css.lastIndexOf('}'));
  document.head.append(style);
  return () => style.remove();
}
