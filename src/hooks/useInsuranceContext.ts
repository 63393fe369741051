import type { Context } from 'react';
import { useContext } from 'react';
import { MissingProviderError } from '../core/errors/MissingProviderError.js';
import type { InsuranceContextValue } from './InsuranceContext.js';
import { InsuranceContext } from './InsuranceContext.js';

type AnyContext = Context<InsuranceContextValue | null>;

// Every copy of the library loaded on the page adds its context here, so a copy that finds no
// provider can tell whether another copy's provider is above it (the classic "two copies" bug).
// Only development builds keep the registry: the error says so only there (see
// MissingProviderError), and the condition is written out so production builds drop it.
let copies: Set<AnyContext> | undefined;
try {
  if (process.env.NODE_ENV !== 'production') {
    const registry = globalThis as { [key: symbol]: Set<AnyContext> | undefined };
    const key = Symbol.for('lender-insurance-react.contexts');
    copies = registry[key] ??= new Set();
    copies.add(InsuranceContext);
  }
} catch {
  // no `process` (no bundler): no registry
}

// Only on the way to throwing, where the order of these reads no longer matters to React.
const otherCopyAbove = () =>
  !!copies &&
  [...copies].some(
    // biome-ignore lint/correctness/useHookAtTopLevel: read once, just before throwing
    (context) => context !== InsuranceContext && useContext(context),
  );

/**
 * The adapter, QueryClient, messages and locale of the nearest `InsuranceProvider`. Every hook
 * and component of the library calls it first with its own name, so a missing provider is
 * reported as "useLoan must be used inside <InsuranceProvider>…"; a host's own hooks may do
 * the same.
 *
 * @param caller - The hook or component asking, named in the error.
 * @throws {MissingProviderError} when there is no provider above (naming `caller` and how to
 *   add one, or the other copy of the library whose provider is above).
 * @example
 * const { queryClient, adapter, locale } = useInsuranceContext('useMyLoanBanner');
 * void queryClient.invalidateQueries({ queryKey: insuranceKeys(adapter).all });
 */
export function useInsuranceContext(caller?: string): InsuranceContextValue {
  const value = useContext(InsuranceContext);
  if (!value) throw new MissingProviderError(caller, otherCopyAbove());
  return value;
}
