import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { mswServer } from '../support/mswServer.js';

// findBy/waitFor wait up to 5 s (default 1 s): CI machines have two cores and run in parallel.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  mswServer.resetHandlers();
});
afterAll(() => mswServer.close());
