import type { InsuranceAdapter } from '../adapter/InsuranceAdapter.js';
import { adapterScope } from './adapterScope.js';

/**
 * The query and mutation keys of one adapter, for `invalidateQueries`, `getQueryData`,
 * `prefetchQuery` and `useMutationState`. Everything about one loan sits under `loans(loanId)`,
 * so `invalidateQueries({ queryKey: keys.loans(id) })` refreshes all of it.
 *
 * @example
 * const keys = insuranceKeys(adapter);
 * await queryClient.invalidateQueries({ queryKey: keys.quoteDisplay(loanId) });
 * const policyIds = queryClient.getQueryData(keys.loanPolicies(loanId)) ?? [];
 */
export function insuranceKeys(adapter: InsuranceAdapter) {
  const all = ['lender-insurance', adapterScope(adapter)] as const;
  const loans = (loanId: string) => [...all, 'loans', loanId] as const;
  const part =
    <const TPart extends string>(name: TPart) =>
    (loanId: string) =>
      [...loans(loanId), name] as const;
  return {
    /** Every entry of this adapter. */
    all,
    /** Every entry about one loan application. */
    loans,
    loan: part('loan'),
    shoppedLoan: part('shoppedLoan'),
    quoteDisplay: part('quoteDisplay'),
    tcpaConsent: part('tcpaConsent'),
    /** Cache only: the policy ids learned from `policy.bound` / `policy.retrieved` events. */
    loanPolicies: part('policies'),
    /** Cache only: the events received for the loan, oldest first. */
    loanEvents: part('events'),
    /** Cache only: the state of the loan's event connection. */
    connection: part('connection'),
    /** Cache only: the current policy retrieval. */
    retrieval: part('retrieval'),
    policy: (policyId: string) => [...all, 'policies', policyId] as const,
    /** Mutation keys (`useMutationState({ filters: { mutationKey } })`). */
    mutation: (name: string, loanId = '') => [...all, 'mutation', name, loanId] as const,
  };
}

/** What {@link insuranceKeys} returns. */
export type InsuranceKeys = ReturnType<typeof insuranceKeys>;
