import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { addThemeStylesheet } from '../support/addThemeStylesheet.js';
import { mswServer } from '../support/mswServer.js';

// findBy/waitFor wait up to 5 s (default 1 s): CI machines have two cores and run in parallel.
configure({ asyncUtilTimeout: 5_000 });

// Pages load the stylesheet (as the docs ask), so the components' development warning about a
// missing styles.css stays quiet; the tests of that warning remove it. (Server-rendering tests
// run here in Node, without a document.)
if (typeof document !== 'undefined') addThemeStylesheet();

beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  mswServer.resetHandlers();
});
afterAll(() => mswServer.close());
