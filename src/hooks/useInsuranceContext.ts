import { useContext } from 'react';
import type { InsuranceContextValue } from './InsuranceContext.js';
import { InsuranceContext } from './InsuranceContext.js';

/**
 * The adapter, QueryClient, messages and locale of the nearest `InsuranceProvider`.
 *
 * @throws when there is no provider above.
 * @example
 * const { queryClient, adapter, locale } = useInsuranceContext();
 * void queryClient.invalidateQueries({ queryKey: insuranceKeys(adapter).all });
 */
export function useInsuranceContext(): InsuranceContextValue {
  const value = useContext(InsuranceContext);
  if (!value) throw new Error('Missing <InsuranceProvider>');
  return value;
}
