import { lazyCallScheduler } from './lazyCallScheduler.js';

/**
 * Starts loading `CallScheduler`'s code (its own chunk), so it shows at once when the borrower
 * reaches it. Optional: it also starts on the component's first render. Never rejects.
 *
 * @example
 * useEffect(() => void preloadCallScheduler(), []);
 */
export function preloadCallScheduler(): Promise<void> {
  return lazyCallScheduler.preload();
}
