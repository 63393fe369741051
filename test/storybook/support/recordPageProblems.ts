import type { Page } from 'playwright-core';

/**
 * Records what goes wrong on a page while it is open: uncaught exceptions (`pageerror`) and the
 * console errors of Mock Service Worker (a request no handler answers: a bug in a story).
 */
export function recordPageProblems(page: Page): { list(): string[] } {
  const found: string[] = [];
  page.on('pageerror', (error) => {
    found.push(`uncaught: ${error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/\[MSW\]|unhandled request/i.test(text)) {
      found.push(`console error: ${text.split('\n').slice(0, 3).join(' ')}`);
    }
  });
  return { list: () => [...found] };
}
