import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { onTestFinished } from 'vitest';

/**
 * Puts `page`'s server-rendered markup in the document, as a server-rendering host (Next.js)
 * sends it, before any script has run; `hydrate()` then hands that markup to React.
 */
export function serverRendered(page: ReactElement): { hydrate(): void } {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(page);
  onTestFinished(() => container.remove());
  return {
    hydrate() {
      const root = hydrateRoot(container, page);
      onTestFinished(() => act(() => root.unmount()));
    },
  };
}
