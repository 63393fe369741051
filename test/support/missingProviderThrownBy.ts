import { expect, vi } from 'vitest';
import type { MissingProviderError } from '../../src/core/index.js';

/**
 * What `render` throws (a render without a usable `<InsuranceProvider>` above), failing the test
 * when it throws nothing. React reports the render error as well (on the console; React 18 also
 * as a page error, which jsdom prints): both stay quiet while it renders, as the test reads the
 * error itself.
 */
export function missingProviderThrownBy(render: () => unknown): MissingProviderError {
  const quiet = (event: ErrorEvent) => event.preventDefault();
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  window.addEventListener('error', quiet);
  try {
    render();
  } catch (error) {
    return error as MissingProviderError;
  } finally {
    window.removeEventListener('error', quiet);
    consoleError.mockRestore();
  }
  return expect.unreachable('rendering should have thrown');
}
