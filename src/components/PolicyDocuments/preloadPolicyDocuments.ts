import { lazyPolicyDocuments } from './lazyPolicyDocuments.js';

/**
 * Starts loading `PolicyDocuments`' code (its own chunk), so it shows at once when the borrower
 * reaches it. Optional: it also starts on the component's first render. Never rejects.
 *
 * @example
 * useEffect(() => void preloadPolicyDocuments(), []);
 */
export function preloadPolicyDocuments(): Promise<void> {
  return lazyPolicyDocuments.preload();
}
