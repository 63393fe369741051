import { EMPTY } from './EMPTY.js';
import { insuranceKeys } from './insuranceKeys.js';
import { useCacheValue } from './useCacheValue.js';
import { useInsuranceContext } from './useInsuranceContext.js';
import { useLoanSubscription } from './useLoanSubscription.js';

/** What {@link useLoanPolicies} returns. */
export interface LoanPoliciesState {
  /** Policy ids in the order their events arrived. */
  policyIds: readonly string[];
}

/**
 * The ids of the loan's policies, learned from its `policy.bound` and `policy.retrieved`
 * events (the service has no list to read), in the order they arrived.
 *
 * @example
 * const { policyIds } = useLoanPolicies(loanId);
 * return policyIds.map((id) => <PolicyDocuments key={id} policyId={id} />);
 */
export function useLoanPolicies(loanId: string | null | undefined): LoanPoliciesState {
  const { adapter, queryClient } = useInsuranceContext('useLoanPolicies');
  useLoanSubscription(loanId);
  const key = insuranceKeys(adapter).loanPolicies(loanId ?? '');
  return { policyIds: useCacheValue<string[]>(queryClient, key) ?? EMPTY };
}
