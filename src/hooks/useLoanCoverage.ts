import { useQueries } from '@tanstack/react-query';
import { policyStanding } from '../core/policyStanding.js';
import type { Policy } from '../core/schemas/policy.js';
import { insuranceQueries } from './insuranceQueries.js';
import { useInsuranceContext } from './useInsuranceContext.js';
import { useLoanPolicies } from './useLoanPolicies.js';

/**
 * Whether a loan's home is insured, from its policies' dates:
 * - `none`: no policy is known for the loan;
 * - `loading`: policies are known but not all read yet;
 * - `covered`: at least one policy is in force, about to start, or has no dates to tell;
 * - `lapsed`: every policy is cancelled or expired.
 */
export type LoanCoverage = 'none' | 'loading' | 'covered' | 'lapsed';

/** What {@link useLoanCoverage} returns. */
export interface LoanCoverageState {
  coverage: LoanCoverage;
  /** The loan's policy ids, in the order their events arrived. */
  policyIds: readonly string[];
  /** The policies read so far, in the order of `policyIds`. */
  policies: readonly Policy[];
}

const ENDED = new Set(['cancelled', 'expired']);

/**
 * Whether the loan's home is insured: its bound and retrieved policies (learned from its
 * events), each read and judged by its dates ({@link policyStanding}), so a cancelled policy
 * never counts as coverage. A policy that cannot be read counts as covering (the service said it
 * was bound or retrieved).
 *
 * @example
 * const { coverage } = useLoanCoverage(loanId);
 * if (coverage === 'covered') return <p>You're covered.</p>;
 */
export function useLoanCoverage(loanId: string | null | undefined): LoanCoverageState {
  const { adapter, queryClient } = useInsuranceContext('useLoanCoverage');
  const { policyIds } = useLoanPolicies(loanId);
  const queries = insuranceQueries(adapter);
  const results = useQueries(
    { queries: policyIds.map((id) => ({ ...queries.policy(id), refetchOnWindowFocus: false })) },
    queryClient,
  );
  const policies = results.flatMap((r) => (r.data ? [r.data] : []));
  let coverage: LoanCoverage = 'none';
  if (policyIds.length > 0) {
    const settled = results.every((r) => r.data !== undefined || r.isError);
    const ended = (r: (typeof results)[number]) =>
      r.data !== undefined && ENDED.has(policyStanding(r.data));
    if (results.some((r) => (r.data !== undefined || r.isError) && !ended(r))) coverage = 'covered';
    else coverage = settled ? 'lapsed' : 'loading';
  }
  return { coverage, policyIds, policies };
}
